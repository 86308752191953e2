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
import type { TransactionKind } from '../transactions/cost-basis.ts';
import { ONE, div, mul, toDecimal } from '../transactions/fixed-point.ts';
import {
  TEN_18,
  amountParser,
  divPositive,
  modifiedDietz,
  ratio,
  roundDiv18,
  roundDiv36,
  type ParsedAmount,
} from './performance-amounts.ts';
import { groupPrices, rate18Reader, type PriceInstant } from './performance-prices.ts';
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

/** One transaction of a coin, amounts as stored: decimal strings, prices and fees in US dollars. */
export interface PerformanceTransaction {
  coinId: string;
  kind: TransactionKind;
  /** Epoch ms. */
  at: number;
  quantity: string;
  pricePerCoin: string;
  fee: string;
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

/**
 * The performance of the transactions' portfolio over the window: a point per step (value, net
 * invested, the benchmark's value) and the range's figures, in the display currency (`rateAt`).
 * Transactions before the window make its start value and count in net invested; those inside it are
 * the flows the returns account for.
 */
export function computePerformance(input: PerformanceInput): PerformanceResult {
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
  const bench = benchmark === undefined ? -1 : indexOf(benchmark);
  const instants = groupPrices({ ...input, index, rate18At: rate18Of });
  const transactions = input.transactions.filter((tx) => tx.at <= window.to);
  // The stable sort keeps the history order within an instant; a list already in order is not copied.
  if (transactions.some((tx, i) => i > 0 && transactions[i - 1]!.at > tx.at)) {
    transactions.sort((a, b) => a.at - b.at);
  }
  const pointTimes: number[] = [];
  for (let t = window.from; t < window.to; t += window.stepMs) pointTimes.push(t);
  pointTimes.push(window.to);

  // Quantities and fees repeat across transactions (a fee of 0 above all): each text is parsed once.
  const parse = amountParser();
  const n = ids.length;
  // Each coin's quantity (10^36) and, while it has at most 18 decimals (always, for stored
  // quantities), the same at 10^18: a price change then adds quantity × change with no division.
  const quantity: bigint[] = new Array<bigint>(n).fill(0n);
  const quantity18: (bigint | null)[] = new Array<bigint | null>(n).fill(0n);
  // Each coin's price scaled by 10^18 (0 until it has one); the 10^36 form is made only where needed.
  const price18: bigint[] = new Array<bigint>(n).fill(0n);
  const priced = new Uint8Array(n);
  const priceOf = (coin: number): bigint | undefined =>
    priced[coin] === 1 ? price18[coin]! * TEN_18 : undefined;
  const unpriced = new Set<string>();
  let value = 0n;
  let invested = 0n;
  /** Sets a coin's quantity; `delta18` is the change at 10^18 when both have at most 18 decimals. */
  const setQuantity = (coin: number, next: bigint, delta18: bigint | null) => {
    const was18 = quantity18[coin]!;
    let next18: bigint | null = null;
    if (delta18 !== null && was18 !== null) next18 = was18 + delta18;
    else if (next % TEN_18 === 0n) next18 = next / TEN_18;
    if (priced[coin] === 1) {
      const held18 = was18;
      // Both quantities and the price with at most 18 decimals: the change of value is exact.
      value +=
        next18 !== null && held18 !== null
          ? (next18 - held18) * price18[coin]!
          : roundDiv18((next - quantity[coin]!) * price18[coin]!);
    }
    quantity[coin] = next;
    quantity18[coin] = next18;
  };
  /** quantity × an amount (10^36), rounded at the 36th decimal as mul() does. */
  const times = (q: ParsedAmount, amount: bigint, amount18: bigint | null): bigint => {
    if (q.v18 === null) return mul(q.v36, amount);
    return amount18 === null ? roundDiv18(q.v18 * amount) : q.v18 * amount18;
  };

  let started = false;
  let startValue = 0n;
  const flows: { t: number; amount: bigint }[] = [];
  // Time-weighted: the chained factor, and the value the current sub-period started from.
  let chained = ONE;
  let chainedAny = false;
  let subStart = 0n;
  // (Typed by assertion: it is assigned only inside the handlers, which the narrowing does not see.)
  let pendingFlow = null as { t: number; amount: bigint; opening: boolean } | null;
  // Benchmark: units of its coin held, null once a flow could not be priced in it.
  let units: bigint | null = benchmark ? 0n : null;
  let benchStartPrice: bigint | undefined;
  const points: PerformancePoint[] = [];

  /** The figures as they stand, as the point of time t. */
  const pointNow = (t: number): PerformancePoint => {
    for (let coin = 0; coin < n; coin += 1) {
      if (priced[coin] === 0 && quantity[coin] !== 0n) unpriced.add(ids[coin]!);
    }
    const point: PerformancePoint = {
      t,
      value: toDecimal(value, decimals),
      invested: toDecimal(invested, decimals),
    };
    if (benchmark && units !== null && started) {
      if (priced[bench] === 1) point.benchmark = toDecimal(roundDiv18(units * price18[bench]!), decimals);
    } else if (benchmark && units !== null && !started) {
      point.benchmark = point.value;
    }
    return point;
  };

  /** Closes the sub-period that ended with the flows at one instant. */
  const closeFlow = () => {
    if (!pendingFlow) return;
    const { amount, opening } = pendingFlow;
    // The flows that open an empty portfolio get a point of their own, so a portfolio younger than
    // the range starts where it really starts instead of at the next step.
    if (opening && points.at(-1)?.t !== pendingFlow.t) points.push(pointNow(pendingFlow.t));
    if (subStart > 0n) {
      chained = roundDiv36(chained * divPositive(value - amount, subStart));
      chainedAny = true;
    }
    subStart = value;
    flows.push(pendingFlow);
    pendingFlow = null;
  };

  const start = () => {
    started = true;
    startValue = value;
    subStart = value;
    if (benchmark) {
      benchStartPrice = priceOf(bench);
      if (benchStartPrice === undefined) units = value === 0n ? 0n : null;
      else units = div(value, benchStartPrice);
    }
  };

  /** A transaction: the quantity it leaves and the money it moved, as a flow when the range has begun. */
  const onTransaction = (tx: PerformanceTransaction) => {
    const coin = index.get(tx.coinId)!;
    const q = parse(tx.quantity);
    const fee = display(parse(tx.fee).v36, tx.at);
    const price = parse(tx.pricePerCoin);
    // In dollars the recorded price keeps its 18-decimal form; converted, it has 36 decimals.
    const recorded = display(price.v36, tx.at);
    const recorded18 = rate18Of ? null : price.v18;
    const market = priceOf(coin) ?? recorded;
    const market18 = priced[coin] === 1 ? price18[coin]! : recorded18;
    const held = quantity[coin]!;
    const wasEmpty = value === 0n && invested === 0n;
    let amount: bigint;
    switch (tx.kind) {
      case 'buy':
        amount = times(q, recorded, recorded18) + fee;
        setQuantity(coin, held + q.v36, q.v18);
        break;
      case 'sell':
        amount = -(times(q, recorded, recorded18) - fee);
        setQuantity(coin, held - q.v36, q.v18 === null ? null : -q.v18);
        break;
      case 'transfer_in':
        amount = times(q, market, market18) + fee;
        setQuantity(coin, held + q.v36, q.v18);
        break;
      case 'transfer_out':
        amount = -(times(q, market, market18) - fee);
        setQuantity(coin, held - q.v36, q.v18 === null ? null : -q.v18);
        break;
      case 'adjust':
        amount = mul(q.v36 - held, market);
        setQuantity(coin, q.v36, null);
        break;
      case 'income':
        // Income is what the holdings earned, not money put in: its coins add value and no flow.
        setQuantity(coin, held + q.v36, q.v18);
        return;
    }
    invested += amount;
    if (!started) return;
    if (units !== null && bench >= 0) {
      const p = priceOf(bench);
      if (p === undefined) units = null;
      else units += div(amount, p);
    }
    if (pendingFlow) pendingFlow.amount += amount;
    else pendingFlow = { t: tx.at, amount, opening: wasEmpty };
  };

  /** A price change of coins at an instant: value moves by quantity × change. */
  const onPrices = ({ coins, prices }: PriceInstant) => {
    for (let k = 0; k < coins.length; k += 1) {
      const coin = coins[k]!;
      const next = prices[k]!;
      const held18 = quantity18[coin]!;
      // Quantity and price both have at most 18 decimals: the product at 10^36 is exact.
      if (held18 === null) value += (quantity[coin]! * (next - price18[coin]!)) / TEN_18;
      else if (held18 !== 0n) value += held18 * (next - price18[coin]!);
      price18[coin] = next;
      priced[coin] = 1;
    }
  };

  // The three streams in time order, merged; at one instant prices first, then transactions (in
  // history order), then the point read after both.
  let nextInstant = 0;
  let nextTx = 0;
  let nextPoint = 0;
  for (;;) {
    const priceT = nextInstant < instants.length ? instants[nextInstant]!.t : Infinity;
    const txT = nextTx < transactions.length ? transactions[nextTx]!.at : Infinity;
    const pointT = nextPoint < pointTimes.length ? pointTimes[nextPoint]! : Infinity;
    const t = Math.min(priceT, txT, pointT);
    if (t === Infinity) break;
    if (pendingFlow && t !== pendingFlow.t) closeFlow();
    if (!started && t > window.from) start();
    if (priceT === t) onPrices(instants[nextInstant++]!);
    else if (txT === t) onTransaction(transactions[nextTx++]!);
    else points.push(pointNow(pointTimes[nextPoint++]!));
  }
  closeFlow();
  if (!started) start();

  const endValue = value;
  const net = flows.reduce((sum, f) => sum + f.amount, 0n);
  if (subStart > 0n) {
    chained = mul(chained, div(endValue, subStart));
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
  const benchEndPrice = bench >= 0 ? priceOf(bench) : undefined;
  if (benchmark && units !== null && benchEndPrice !== undefined) {
    const benchEnd = mul(units, benchEndPrice);
    benchSummary = {
      endValue: toDecimal(benchEnd, decimals),
      gain: toDecimal(benchEnd - startValue - net, decimals),
      mwr: modifiedDietz(window, startValue, benchEnd, flows),
      twr: benchStartPrice === undefined ? null : ratio(benchEndPrice - benchStartPrice, benchStartPrice),
    };
  }
  return { points, summary, benchmark: benchSummary, unpriced: [...unpriced].sort() };
}
