/**
 * Monthly billing periods (SPEC.md section 9: every plan is billed monthly), in UTC, with the clamping
 * card processors use: a period that starts on the 31st ends on the last day of a shorter month.
 */

/** `date` moved by `months` calendar months in UTC, its day clamped to the target month's last day. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * The monthly period anchored at `anchor` that contains `now`: the n-th period runs from
 * `addMonths(anchor, n)` to `addMonths(anchor, n + 1)`. Counting from the anchor (not from the previous
 * end) keeps a period started on the 31st ending on the 31st whenever the month has one.
 * Before the anchor, the first period is returned.
 */
export function periodContaining(anchor: Date, now: Date): { start: Date; end: Date } {
  // Start near the answer, then step; months differ in length so the estimate may be one off either way.
  const estimate =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  let n = Math.max(0, estimate - 1);
  while (addMonths(anchor, n + 1).getTime() <= now.getTime()) n += 1;
  return { start: addMonths(anchor, n), end: addMonths(anchor, n + 1) };
}

/**
 * The period a user's notifications are counted in at `now` (DESIGN.md section 5, Allowance), the one
 * key of `usage_periods` that the alert consumer, the billing info and the alert API all read:
 * - the subscription's current period while `now` is inside it;
 * - once that period has ended but its renewal has not reached us yet (a late webhook, or a local
 *   subscription nobody read back since), the monthly period that follows it (starting at its end, as
 *   the renewal's will), so the allowance starts afresh when the month turns and not when the provider
 *   next speaks;
 * - without a known period, the calendar month in UTC.
 */
export function usagePeriodAt(
  period: { currentPeriodStart?: Date | null; currentPeriodEnd?: Date | null },
  now: Date,
): { start: Date; end: Date } {
  const start = period.currentPeriodStart ?? null;
  const end = period.currentPeriodEnd ?? null;
  if (start && end) {
    if (now.getTime() < end.getTime() || end.getTime() <= start.getTime()) return { start, end };
    return periodContaining(end, now);
  }
  if (start) return periodContaining(start, now);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start: monthStart, end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}
