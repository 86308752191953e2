/** GET /api/portfolio/performance: the portfolio's value, money invested and returns over a range. */
import { z } from 'zod';
import type { DisplayCurrency } from '../format/currency.ts';
import {
  BENCHMARK_COINS,
  PERFORMANCE_RANGES,
  type BenchmarkCoin,
  type PerformanceRange,
} from './performance-ranges.ts';

// The ranges and benchmark coins carry no schema: in performance-ranges.ts, so the chart that offers
// them does not load zod.
export * from './performance-ranges.ts';

/** Query of GET /api/portfolio/performance; `range` defaults to 1M, no benchmark unless asked. */
export const ZPerformanceQuery = z.strictObject(
  {
    range: z
      .enum(PERFORMANCE_RANGES, { message: `range must be one of ${PERFORMANCE_RANGES.join(', ')}` })
      .default('1M'),
    benchmark: z
      .enum(BENCHMARK_COINS, { message: `benchmark must be one of ${BENCHMARK_COINS.join(', ')}` })
      .optional(),
  },
  { error: () => 'Unknown query parameter: use range and benchmark' },
);
export type PerformanceQuery = z.output<typeof ZPerformanceQuery>;

/**
 * One point of the performance chart, a step: each figure holds from `t` until the next point.
 * Amounts are decimal strings in the response's currency, rounded to its decimals (cents for fiat).
 */
export interface PerformancePoint {
  /** Epoch ms: a bucket's start, or for the last point the time of the latest prices. */
  t: number;
  /** Σ quantity held at t × price at t, over the coins with a known price. */
  value: string;
  /** Net amount invested up to t: money put in (buys, transfers in) less money taken out (sells, transfers out). */
  invested: string;
  /** What the same money flows would be worth in the benchmark coin; only when one was asked. */
  benchmark?: string;
}

/** The benchmark's figures over the range: the same flows, had they bought and sold the benchmark coin. */
export interface BenchmarkSummary {
  coin: BenchmarkCoin;
  endValue: string;
  /** endValue - startValue - netFlows. */
  gain: string;
  /** Money-weighted return (modified Dietz) of the same flows in the benchmark coin; a fraction. */
  mwr: number | null;
  /** The benchmark coin's own price change over the range (its time-weighted return); a fraction. */
  twr: number | null;
}

/** The range's figures. Returns are fractions (0.05 is 5 %), null when there was no money to measure. */
export interface PerformanceSummary {
  startValue: string;
  endValue: string;
  /** Money in less money out during the range (after its start, up to its end). */
  netFlows: string;
  /** endValue - startValue - netFlows: what the investments earned, in money. */
  gain: string;
  /**
   * Money-weighted return by the modified Dietz method: gain / (startValue + Σ flow × share of the
   * range still to run after it). It reflects when money was put in and taken out.
   */
  mwr: number | null;
  /**
   * Time-weighted return: the returns of the sub-periods between money flows, chained. It measures the
   * investments alone, whatever the timing and size of deposits and withdrawals.
   */
  twr: number | null;
  benchmark?: BenchmarkSummary | null;
}

/** Response of GET /api/portfolio/performance. */
export interface PortfolioPerformance {
  range: PerformanceRange;
  /** The currency every amount is in: the user's display currency, or usd while its rates are unknown. */
  currency: DisplayCurrency;
  /** Epoch ms of the range's start and end (now); spacing of the points. */
  from: number;
  to: number;
  stepMs: number;
  /** Oldest first; the last at `to` with the latest prices. Empty when there are no transactions. */
  points: PerformancePoint[];
  summary: PerformanceSummary;
  /** Coins held in the range with no known price: their value is missing from the figures. */
  unpriced: string[];
  /** Holdings left out because their coin has no price source at all (no CoinGecko id). */
  excludedHoldings: number;
}
