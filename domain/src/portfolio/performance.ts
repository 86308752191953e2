/**
 * Portfolio performance over a range, from the user's transactions and the coins' price history.
 *
 * - value(t) = Σ quantity held at t × price at t, over the coins with a known price (a price carries
 *   forward from its last known point).
 * - Money flows: a buy puts in quantity × price + fee, a sell takes out quantity × price - fee (the app
 *   keeps no cash, so the money of a sale leaves the portfolio). A transfer, or an inline edit's change of
 *   quantity, moves coins without a trade: it counts at the coins' market value at that time (their
 *   recorded price when no market price is known), so the move itself is neither a gain nor a loss.
 * - Income (staking, interest, an airdrop) is no flow: its coins add to the value, so what they are worth
 *   counts as gain, in every return as in the benchmark's comparison.
 * - Net invested(t): every flow up to t, money in less money out.
 * - Gain over the range: end value - start value - the flows inside the range.
 * - Money-weighted return (MWR), by the modified Dietz method: gain / (start value + Σ flow × the share of
 *   the range still to run after it). Money that was in longer weighs more, so the figure reflects when
 *   deposits and withdrawals were made. It is the first-order approximation of the range's internal rate
 *   of return (not annualised), closed-form, so it always answers when the average capital is above 0.
 * - Time-weighted return (TWR): the range cut at every flow, each sub-period's return (value just before
 *   the flow over the value just after the previous one) chained. It measures the investments alone, as if
 *   the same money had been in all along.
 * - Benchmark: the start value and every flow used to buy (or sell) the benchmark coin at its price at that
 *   time instead; its value over the range, gain and money-weighted return on the same flows.
 *
 * Exact: amounts are bigints scaled by 10^36 (fixed-point.ts) while computing, prices rounded to 18
 * decimals after conversion so that every quantity × price is exact; amounts leave as decimal strings
 * rounded to the currency's decimals, returns as fractions rounded to 10^-10.
 */
import type { PerformanceRange } from '../schemas/portfolio-performance.ts';
import type {
  BenchmarkSummary,
  PerformancePoint,
  PerformanceSummary,
} from '../schemas/portfolio-performance.ts';
import { ONE, div, mul, toDecimal } from '../transactions/fixed-point.ts';
import { amountParser, modifiedDietz, ratio, roundDiv18 } from './performance-amounts.ts';
import { groupPrices, rate18Reader } from './performance-prices.ts';
import {
  PerformanceWalk,
  copySnapshot,
  emptySnapshot,
  type PerformanceTransaction,
  type WalkSnapshot,
} from './performance-walk.ts';

export type { PerformanceTransaction } from './performance-walk.ts';
import type { BucketPrice } from './value-history.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Most points the ALL range draws: beyond two years of days it spaces them several days apart. */
const MAX_ALL_POINTS = 730;

/** The spacing of each range's points and how far back it reaches (YTD and ALL are worked out). */
const RANGE_STEPS: Readonly<Record<PerformanceRange, { stepMs: number; spanMs?: number }>> = {
  '1D': { stepMs: HOUR / 2, spanMs: DAY },
  '1W': { stepMs: 2 * HOUR, spanMs: 7 * DAY },
  '1M': { stepMs: 6 * HOUR, spanMs: 30 * DAY },
  YTD: { stepMs: DAY },
  '1Y': { stepMs: DAY, spanMs: 365 * DAY },
  ALL: { stepMs: DAY },
};

/** Ranges short enough to read hourly market history; longer ones read the daily closes. */
export function usesHourlyHistory(range: PerformanceRange): boolean {
  return range === '1D' || range === '1W' || range === '1M';
}

/** A range's time window: points every `stepMs` from `from` (epoch-aligned) up to `to` (now). */
export interface PerformanceWindow {
  range: PerformanceRange;
  from: number;
  to: number;
  stepMs: number;
}

/**
 * The window of `range` ending at `now` (epoch ms). YTD starts on 1 January (UTC); ALL just before the
 * first transaction (`firstAt`; now when there is none), so everything the user did is a flow inside it.
 * `from` is rounded down to a multiple of the step since the epoch, as the stored buckets are.
 */
export function performanceWindow(
  range: PerformanceRange,
  now: number,
  firstAt: number | null,
): PerformanceWindow {
  let { stepMs } = RANGE_STEPS[range];
  let start: number;
  if (range === 'YTD') start = Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
  else if (range === 'ALL') {
    start = Math.min(firstAt ?? now, now) - 1;
    stepMs = DAY * Math.max(1, Math.ceil((now - start) / DAY / MAX_ALL_POINTS));
  } else start = now - RANGE_STEPS[range].spanMs!;
  return { range, from: Math.floor(start / stepMs) * stepMs, to: now, stepMs };
}

/** Inputs of computePerformance. Prices are US dollars per coin. */
export interface PerformanceInput {
  window: PerformanceWindow;
  /** In history order (time, then as recorded); the walk keeps the given order for equal times. */
  transactions: readonly PerformanceTransaction[];
  /** Prices per coin and bucket inside the window (the benchmark coin's too), any order. */
  prices: readonly BucketPrice[];
  /** Each coin's last price before the window. */
  before?: ReadonlyMap<string, number>;
  /** Each coin's latest price, valid at `window.to`. */
  latest?: ReadonlyMap<string, number>;
  /** Coin id of the benchmark, when one is asked. */
  benchmark?: string;
  /** Units of the display currency per dollar at an instant; dollars when left out. */
  rateAt?: (t: number) => number;
  /** Decimals the amounts are rounded to; 2 (cents) by default. */
  decimals?: number;
}

/** What computePerformance answers; the benchmark's coin is named by the caller. */
export interface PerformanceResult {
  points: PerformancePoint[];
  summary: Omit<PerformanceSummary, 'benchmark'>;
  benchmark: Omit<BenchmarkSummary, 'coin'> | null;
  /** Coins held at some point in the window that had no price then. */
  unpriced: string[];
}

/** Keeping and continuing the walk (see performance-walk.ts). */
export interface PerformanceResume {
  /** A state kept by an earlier call with the same inputs before its instant: the walk continues from it. */
  from?: WalkSnapshot;
  /** Keep the state at this instant (events before it walked) and answer it as `kept`. */
  keepAt?: number;
}

/**
 * The performance of the transactions' portfolio over the window: a point per step (value, net
 * invested, the benchmark's value) and the range's figures, in the display currency (`rateAt`).
 * Transactions before the window make its start value and count in net invested; those inside it are
 * the flows the returns account for. With `resume.from`, the prices given need only start at its
 * instant (earlier ones and `before` are not read again); the answer is the same as without it.
 */
export function computePerformance(
  input: PerformanceInput,
  resume: PerformanceResume = {},
): PerformanceResult & { kept?: WalkSnapshot } {
  const { window, benchmark } = input;
  const decimals = input.decimals ?? 2;
  const rate18Of = input.rateAt ? rate18Reader(input.rateAt) : undefined;
  // An amount in dollars (10^36) in the display currency: × the rate, rounded at the 36th decimal.
  const display = (usd: bigint, t: number) => (rate18Of ? roundDiv18(usd * rate18Of(t)) : usd);

  // Coins by index, so the walk's state is arrays rather than maps keyed by id.
  const index = new Map<string, number>();
  const ids: string[] = [];
  const indexOf = (coinId: string): number => {
    let i = index.get(coinId);
    if (i === undefined) {
      i = ids.length;
      index.set(coinId, i);
      ids.push(coinId);
    }
    return i;
  };
  for (const tx of input.transactions) indexOf(tx.coinId);
  const bench = benchmark ? indexOf(benchmark) : -1;
  const resumed = resume.from;
  if (resumed && resumed.ids.join(',') !== ids.join(',')) throw new Error('walk state of other coins');
  const after = resumed?.at ?? -Infinity;
  const instants = groupPrices({
    ...input,
    before: after > window.from ? undefined : input.before,
    prices: resumed ? input.prices.filter((p) => p.t >= after) : input.prices,
    index,
    rate18At: rate18Of,
  });
  const transactions = input.transactions.filter((tx) => tx.at <= window.to);
  // The stable sort keeps the history order within an instant; a list already in order is not copied.
  if (transactions.some((tx, i) => i > 0 && transactions[i - 1]!.at > tx.at)) {
    transactions.sort((a, b) => a.at - b.at);
  }
  const pointTimes: number[] = [];
  for (let t = window.from; t < window.to; t += window.stepMs) if (t >= after) pointTimes.push(t);
  pointTimes.push(window.to);

  const walk = new PerformanceWalk(resumed ? copySnapshot(resumed) : emptySnapshot(ids, Boolean(benchmark)), {
    index,
    ids,
    bench,
    decimals,
    display,
    converted: rate18Of !== undefined,
    parse: amountParser(),
  });
  const s = walk.s;
  let kept: WalkSnapshot | undefined;

  // The three streams in time order, merged; at one instant prices first, then transactions (in
  // history order), then the point read after both.
  let nextInstant = 0;
  let nextPoint = 0;
  for (;;) {
    const priceT = nextInstant < instants.length ? instants[nextInstant]!.t : Infinity;
    const txT = s.nextTx < transactions.length ? transactions[s.nextTx]!.at : Infinity;
    const pointT = nextPoint < pointTimes.length ? pointTimes[nextPoint]! : Infinity;
    const t = Math.min(priceT, txT, pointT);
    if (resume.keepAt !== undefined && resume.keepAt >= after && !kept && t >= resume.keepAt) {
      kept = copySnapshot(s);
      kept.at = resume.keepAt;
    }
    if (t === Infinity) break;
    if (s.pendingFlow && t !== s.pendingFlow.t) walk.closeFlow();
    if (!s.started && t > window.from) walk.start();
    if (priceT === t) walk.onPrices(instants[nextInstant++]!);
    else if (txT === t) walk.onTransaction(transactions[s.nextTx++]!);
    else s.points.push(walk.pointNow(pointTimes[nextPoint++]!));
  }
  walk.closeFlow();
  if (!s.started) walk.start();

  const { startValue, flows } = s;
  const endValue = s.value;
  let { chained, chainedAny } = s;
  const net = flows.reduce((sum, f) => sum + f.amount, 0n);
  if (s.subStart > 0n) {
    chained = mul(chained, div(endValue, s.subStart));
    chainedAny = true;
  }
  const summary = {
    startValue: toDecimal(startValue, decimals),
    endValue: toDecimal(endValue, decimals),
    netFlows: toDecimal(net, decimals),
    gain: toDecimal(endValue - startValue - net, decimals),
    mwr: modifiedDietz(window, startValue, endValue, flows),
    twr: chainedAny ? ratio(chained - ONE, ONE) : null,
  };

  let benchSummary: PerformanceResult['benchmark'] = null;
  const benchEndPrice = walk.benchPrice();
  const { units, benchStartPrice } = s;
  if (benchmark && units !== null && benchEndPrice !== undefined) {
    const benchEnd = mul(units, benchEndPrice);
    benchSummary = {
      endValue: toDecimal(benchEnd, decimals),
      gain: toDecimal(benchEnd - startValue - net, decimals),
      mwr: modifiedDietz(window, startValue, benchEnd, flows),
      twr: benchStartPrice === undefined ? null : ratio(benchEndPrice - benchStartPrice, benchStartPrice),
    };
  }
  const result = { points: s.points, summary, benchmark: benchSummary, unpriced: [...s.unpriced].sort() };
  return kept ? { ...result, kept } : result;
}
