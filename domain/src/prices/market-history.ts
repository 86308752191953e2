/**
 * Stored market history (daily closes back to a coin's first trade, hourly for the last 90 days): the
 * spans the poller's backfill wants, and which of them no source has been asked for yet.
 */

/** The resolutions history is stored at. */
export type MarketGranularity = 'daily' | 'hourly';

/** Where a stored history point came from. */
export type MarketHistorySource = 'coingecko' | 'binance' | 'simulated';

/** Length of one period of each granularity, ms. */
export const GRANULARITY_MS: Readonly<Record<MarketGranularity, number>> = {
  daily: 86_400_000,
  hourly: 3_600_000,
};

/** Days of hourly history kept for each coin. */
export const HOURLY_HISTORY_DAYS = 90;

/** A half-open span of time [from, to), epoch ms. */
export interface TimeSpan {
  from: number;
  to: number;
}

/**
 * The parts of `wanted` that no span of `covered` holds, oldest first. Spans may overlap or touch
 * in any order; an empty wanted span has no gaps.
 */
export function missingSpans(wanted: TimeSpan, covered: readonly TimeSpan[]): TimeSpan[] {
  if (!(wanted.to > wanted.from)) return [];
  const spans = covered
    .filter((span) => span.to > wanted.from && span.from < wanted.to && span.to > span.from)
    .sort((a, b) => a.from - b.from);
  const gaps: TimeSpan[] = [];
  let cursor = wanted.from;
  for (const span of spans) {
    if (span.from > cursor) gaps.push({ from: cursor, to: Math.min(span.from, wanted.to) });
    cursor = Math.max(cursor, span.to);
    if (cursor >= wanted.to) break;
  }
  if (cursor < wanted.to) gaps.push({ from: cursor, to: wanted.to });
  return gaps;
}

/** The start of the period of `granularity` holding `at` (epoch ms), periods aligned on the epoch (UTC). */
export function periodStart(at: number, granularity: MarketGranularity): number {
  const ms = GRANULARITY_MS[granularity];
  return Math.floor(at / ms) * ms;
}

/** One point of a market history: the price at the start of a period. */
export interface MarketPoint {
  /** Period start, epoch ms. */
  at: number;
  price: number;
}

/**
 * Reduces raw `[time, price]` samples (any order, any spacing) to one point per period of `granularity`
 * inside `span`: the earliest sample of each period, timed at the period's start. Samples outside the
 * span, and prices that are not finite and above 0, are dropped.
 */
export function toPeriodPoints(
  samples: readonly (readonly [number, number])[],
  granularity: MarketGranularity,
  span: TimeSpan,
): MarketPoint[] {
  const first = new Map<number, { at: number; price: number }>();
  for (const [at, price] of samples) {
    if (!Number.isFinite(at) || !Number.isFinite(price) || !(price > 0)) continue;
    if (at < span.from || at >= span.to) continue;
    const start = periodStart(at, granularity);
    const seen = first.get(start);
    if (!seen || at < seen.at) first.set(start, { at, price });
  }
  return [...first].sort(([a], [b]) => a - b).map(([at, { price }]) => ({ at, price }));
}
