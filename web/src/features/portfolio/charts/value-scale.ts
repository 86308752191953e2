/**
 * The value chart's scales: a y-axis that keeps small moves small, and the words for the
 * time the history really covers.
 */
import { HISTORY_RANGES, type DisplayCurrency, type HistoryRange } from '@coinpace/domain';

/**
 * The least the y-axis spans, as a share of the portfolio's value: a move smaller than this is drawn
 * as the fraction of it that it is (a -0.09% move takes under 2% of the chart's height), while a larger
 * one fills the chart as before.
 */
export const MIN_AXIS_SPAN = 0.05;

/** Ticks on the axis, about: the step is rounded to 1, 2, 2.5 or 5 times a power of ten. */
const TARGET_TICKS = 4;
const NICE_MANTISSAS = [1, 2, 2.5, 5, 10];

/** The y-axis for a series of values in one currency: bounds, the ticks between them, and their labels. */
export interface ValueAxis {
  domain: [number, number];
  ticks: number[];
  format: (value: number) => string;
}

/**
 * Bounds that hold every value and span at least MIN_AXIS_SPAN of the larger one (centred on the
 * values, never below 0), widened to round ticks.
 */
export function valueAxis(values: readonly number[], currency: DisplayCurrency = 'usd'): ValueAxis {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const level = Math.max(Math.abs(lo), Math.abs(hi));
  // A cent at least, so a portfolio worth nothing still gets an axis.
  const span = Math.max(hi - lo, level * MIN_AXIS_SPAN, 0.01);
  const mid = (lo + hi) / 2;
  let bottom = mid - span / 2;
  let top = mid + span / 2;
  if (lo >= 0 && bottom < 0) {
    top -= bottom;
    bottom = 0;
  }
  const step = niceStep((top - bottom) / TARGET_TICKS);
  const first = Math.floor(round(bottom / step)) * step;
  const last = Math.ceil(round(top / step)) * step;
  const ticks: number[] = [];
  for (let i = 0; first + i * step <= last + step / 2; i++) ticks.push(round(first + i * step));
  return { domain: [ticks[0]!, ticks.at(-1)!], ticks, format: tickFormat(step, last, currency) };
}

/** Pixels per character of a y-axis label at the charts' 12 px font, and the gap beside the labels. */
const LABEL_CHAR_PX = 7.5;
const LABEL_GAP_PX = 14;

/** The width a y-axis needs for its longest tick label, px. */
export function axisWidth(axis: ValueAxis): number {
  return Math.max(...axis.ticks.map((t) => axis.format(t).length)) * LABEL_CHAR_PX + LABEL_GAP_PX;
}

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const mantissa = NICE_MANTISSAS.find((m) => m * power >= raw - 1e-12 * power)!;
  return mantissa * power;
}

/** Drops floating-point dust (0.30000000000000004) so ticks land on round numbers. */
function round(n: number): number {
  return Number(n.toPrecision(12));
}

function tickFormat(step: number, largest: number, currency: DisplayCurrency): (value: number) => string {
  const options: Intl.NumberFormatOptions =
    step >= 1000 && largest >= 10_000
      ? { notation: 'compact', maximumFractionDigits: step % 1000 === 0 ? 0 : 1 }
      : step >= 1
        ? { maximumFractionDigits: 0 }
        : { minimumFractionDigits: 2, maximumFractionDigits: Math.max(2, -Math.floor(Math.log10(step))) };
  // Intl writes bitcoin and ether by their codes ('BTC 0.012'): short enough for an axis.
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    ...options,
  });
  return (value) => format.format(value);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The time a series covers, in words for 'over …': the range's own label ('7 days') when the history
 * fills it (to within one point), else the real span: '35 minutes' (under two hours), '5 hours' (under
 * two days), '3 days'.
 */
export function spanLabel(spanMs: number, range: HistoryRange, stepMs: number): string {
  const rangeDays = HISTORY_RANGES[range].days;
  if (spanMs >= rangeDays * DAY - stepMs) return plural(rangeDays, 'day');
  if (spanMs < 2 * HOUR) return plural(Math.max(1, Math.round(spanMs / MINUTE)), 'minute');
  if (spanMs < 2 * DAY) return plural(Math.round(spanMs / HOUR), 'hour');
  return plural(Math.round(spanMs / DAY), 'day');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
