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
