/** GET /api/portfolio/history: the portfolio's value over time (DESIGN.md section 4, HTTP). */
import { z } from 'zod';
import type { DailyRates } from '../format/currency.ts';

/** The ranges the value chart offers, with the spacing of their points. */
export const HISTORY_RANGES = {
  /** 7 days of hourly points (168). */
  '7d': { days: 7, stepMs: 60 * 60 * 1000 },
  /** 30 days of 4-hourly points (180). */
  '30d': { days: 30, stepMs: 4 * 60 * 60 * 1000 },
  /** 90 days of 12-hourly points (180), from the stored hourly market history. */
  '90d': { days: 90, stepMs: 12 * 60 * 60 * 1000 },
  /** A year of daily points (365), from the stored daily market history. */
  '1y': { days: 365, stepMs: 24 * 60 * 60 * 1000 },
} as const;

/** A range of the value chart. */
export type HistoryRange = keyof typeof HISTORY_RANGES;

/** Query of GET /api/portfolio/history; `range` defaults to 7d. */
export const ZHistoryQuery = z.object({
  range: z
    .enum(Object.keys(HISTORY_RANGES) as [HistoryRange, ...HistoryRange[]], {
      message: 'range must be 7d, 30d, 90d or 1y',
    })
    .default('7d'),
});

/** One point of the value chart. */
export interface ValuePoint {
  /** Start of the point's time bucket (the last point: the time of the latest prices), epoch ms. */
  t: number;
  /** USD value of the holdings priced at that time. */
  value: number;
  /** How many holdings had a known price at that time. */
  priced: number;
}

/** Response of GET /api/portfolio/history. */
export interface PortfolioHistory {
  range: HistoryRange;
  /** Epoch ms of the first bucket and of the end of the range (now). */
  from: number;
  to: number;
  /** Spacing of the buckets, ms. */
  stepMs: number;
  /** Number of holdings valued: the portfolio as it is now, quantities held constant over the range. */
  holdings: number;
  /** Oldest first; buckets before any holding had a price are left out. */
  points: ValuePoint[];
  /**
   * For a user whose display currency is not the dollar: that currency's stored daily rates
   * over the range, which each point is converted with (domain `rateOnDay`); the values stay in USD.
   */
  fx?: DailyRates;
}
