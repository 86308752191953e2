/**
 * The charts' time axis: a few ticks on round local times (whole hours within a day, midnights beyond),
 * each labelled once. Left to itself the chart library puts ticks wherever the points fall, so a week
 * of hourly points read 'Dec 6, Dec 6, Dec 6, Dec 7'.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Tick spacings within a day (hours) and beyond (days), smallest first. */
const HOUR_STEPS = [1, 2, 3, 6, 12];
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91, 182, 365];

/** Ticks (epoch ms) and the label of each. */
export interface TimeAxis {
  ticks: number[];
  format: (t: number) => string;
}

/**
 * At most `maxTicks` ticks inside [from, to] and their labels, all different: times of day when the
 * span is at most a day, else days (with the year when the span reaches past a year).
 */
export function timeAxis(from: number, to: number, maxTicks = 6): TimeAxis {
  const span = Math.max(0, to - from);
  let ticks: number[];
  let formatter: Intl.DateTimeFormat;
  if (span <= DAY) {
    const hours = HOUR_STEPS.find((h) => span / (h * HOUR) < maxTicks) ?? 24;
    ticks = hourTicks(from, to, hours);
    formatter = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  } else {
    const days = DAY_STEPS.find((d) => span / (d * DAY) < maxTicks) ?? 730;
    ticks = dayTicks(from, to, days);
    formatter = new Intl.DateTimeFormat(
      undefined,
      span > 365 * DAY ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' },
    );
  }
  const format = (t: number) => formatter.format(t);
  // However the calendar falls (a month tick on two days of one month), no label is shown twice.
  const seen = new Set<string>();
  return {
    ticks: ticks.filter((t) => {
      const label = format(t);
      if (seen.has(label)) return false;
      seen.add(label);
      return true;
    }),
    format,
  };
}

/** Local whole hours that are multiples of `hours`, in [from, to]. */
function hourTicks(from: number, to: number, hours: number): number[] {
  const ticks: number[] = [];
  const at = new Date(from);
  at.setMinutes(0, 0, 0);
  if (at.getTime() < from) at.setHours(at.getHours() + 1);
  while (at.getHours() % hours !== 0) at.setHours(at.getHours() + 1);
  for (; at.getTime() <= to; at.setHours(at.getHours() + hours)) ticks.push(at.getTime());
  return ticks;
}

/** Local midnights every `days` days from the first in [from, to]. */
function dayTicks(from: number, to: number, days: number): number[] {
  const ticks: number[] = [];
  const at = new Date(from);
  at.setHours(0, 0, 0, 0);
  if (at.getTime() < from) at.setDate(at.getDate() + 1);
  // Long steps start on the first of a month, so labels read as months.
  if (days >= 30) while (at.getDate() !== 1) at.setDate(at.getDate() + 1);
  for (; at.getTime() <= to;) {
    ticks.push(at.getTime());
    if (days >= 30) at.setMonth(at.getMonth() + Math.round(days / 30.4));
    else at.setDate(at.getDate() + days);
  }
  return ticks;
}
