/**
 * GET /api/portfolio/{id}/price-history: one holding's coin price over a range, for its detail chart.
 * Its ranges are its own (a day to everything since the holding's first trade); the value chart's stay
 * in portfolio-history.ts, and the older ids are still understood here.
 */
import { z } from 'zod';
import { HISTORY_RANGES, type HistoryRange, type PortfolioHistory } from './portfolio-history.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The detail chart's ranges, shortest first. */
export const PRICE_RANGES = ['1d', '1w', '1m', 'ytd', '1y', 'all'] as const;
/** A range of the holding's price chart, or one of the value chart's. */
export type PriceHistoryRange = (typeof PRICE_RANGES)[number] | HistoryRange;

/** Every range id the price-history route reads. */
export const PRICE_RANGE_IDS = [...PRICE_RANGES, ...(Object.keys(HISTORY_RANGES) as HistoryRange[])] as [
  PriceHistoryRange,
  ...PriceHistoryRange[],
];

/** Query of GET /api/portfolio/{id}/price-history; `range` defaults to 7d. */
export const ZPriceHistoryQuery = z.object({
  range: z
    .enum(PRICE_RANGE_IDS, { message: 'range must be 1d, 1w, 1m, ytd, 1y or all (or 7d, 30d, 90d)' })
    .default('7d'),
});

/** Response of GET /api/portfolio/{id}/price-history: the value history's shape for one coin. */
export type PriceHistory = Omit<PortfolioHistory, 'range'> & { range: PriceHistoryRange };

/**
 * The bucket width for a span: about 100 to 400 points whatever the range, each width a divisor of a
 * day so buckets line up on the epoch. Hourly down to a day: the stored history is hourly at best
 * beyond the recorded 5-minute buckets of the last two days.
 */
export function priceStepFor(spanMs: number): number {
  if (spanMs <= 2 * DAY_MS) return 15 * 60_000;
  if (spanMs <= 8 * DAY_MS) return HOUR_MS;
  if (spanMs <= 31 * DAY_MS) return 4 * HOUR_MS;
  if (spanMs <= 92 * DAY_MS) return 12 * HOUR_MS;
  if (spanMs <= 3 * 366 * DAY_MS) return DAY_MS;
  return 7 * DAY_MS;
}

/**
 * The window of `range` ending at `now` (epoch ms): `from` rounded down to a multiple of its step since
 * the epoch. YTD starts at this year's first UTC midnight; All at the holding's first trade
 * (`firstTradeAt`, or a year back when it has none).
 */
export function priceHistoryWindow(
  range: PriceHistoryRange,
  now: number,
  firstTradeAt: number | null,
): { range: PriceHistoryRange; from: number; to: number; stepMs: number } {
  if (range in HISTORY_RANGES) {
    const { days, stepMs } = HISTORY_RANGES[range as HistoryRange];
    return { range, from: Math.floor((now - days * DAY_MS) / stepMs) * stepMs, to: now, stepMs };
  }
  const start =
    range === '1d'
      ? now - DAY_MS
      : range === '1w'
        ? now - 7 * DAY_MS
        : range === '1m'
          ? now - 30 * DAY_MS
          : range === 'ytd'
            ? Date.UTC(new Date(now).getUTCFullYear(), 0, 1)
            : range === '1y' || firstTradeAt === null
              ? now - 365 * DAY_MS
              : Math.min(firstTradeAt, now - DAY_MS);
  const stepMs = priceStepFor(now - start);
  return { range, from: Math.floor(start / stepMs) * stepMs, to: now, stepMs };
}
