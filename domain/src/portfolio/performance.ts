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
import { ONE, div, fromDecimal, mul, roundDiv, toDecimal } from '../transactions/fixed-point.ts';
import type { BucketPrice } from './value-history.ts';
import { TEN_18, round18, scaled, scaled18 } from './performance-amounts.ts';

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

/** A coin's price from an instant on. */
interface PriceChange {
  coinId: string;
  /** The price scaled by 10^18 (it has at most 18 decimals), for the cheaper product with a quantity. */
  price18: bigint;
}

type Event =
  | { kind: 'price'; t: number; changes: PriceChange[] }
  | { kind: 'tx'; t: number; tx: PerformanceTransaction }
  | { kind: 'point'; t: number };

/** Events at one instant: prices first, then transactions, then the point read after both. */
const EVENT_ORDER = { price: 0, tx: 1, point: 2 } as const;

/** n / d as a number rounded to 10^-10; null when d is not above 0. */
function ratio(n: bigint, d: bigint): number | null {
  if (d <= 0n) return null;
  return Number(roundDiv(n * 10n ** 10n, d)) / 1e10;
}

/** Modified Dietz: gain over the start value plus the flows weighted by the share of the range after them. */
function modifiedDietz(
  window: PerformanceWindow,
  startValue: bigint,
  endValue: bigint,
  flows: readonly { t: number; amount: bigint }[],
): number | null {
  const length = BigInt(window.to - window.from);
  let net = 0n;
  let weighted = 0n;
  for (const flow of flows) {
    net += flow.amount;
    weighted += length > 0n ? roundDiv(flow.amount * BigInt(window.to - flow.t), length) : 0n;
  }
  return ratio(endValue - startValue - net, startValue + weighted);
}

function usable(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && n > 0;
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
  const rateCache = new Map<number, bigint>();
  const rateOf = (t: number): bigint => {
    if (!input.rateAt) return ONE;
    const rate = input.rateAt(t);
    let value = rateCache.get(rate);
    if (value === undefined) {
      value = usable(rate) ? scaled(rate) : ONE;
      rateCache.set(rate, value);
    }
    return value;
  };
  const display = (usd: bigint, t: number) => (input.rateAt ? mul(usd, rateOf(t)) : usd);

  const coins = new Set(input.transactions.map((t) => t.coinId));
  if (benchmark) coins.add(benchmark);
  const events: Event[] = [];
  // The prices of one instant make a single event (in the order given), so the sort below orders a
  // few per step rather than one per coin and step.
  const pricesAt = new Map<number, PriceChange[]>();
  // A dollar price already has at most 18 decimals; a converted one is rounded to them.
  const addPrice = (coinId: string, t: number, usd: number, usd18?: bigint) => {
    if (!coins.has(coinId) || !usable(usd)) return;
    const price18 = input.rateAt ? round18(display(scaled(usd), t)) / TEN_18 : (usd18 ?? scaled18(usd));
    let changes = pricesAt.get(t);
    if (!changes) {
      changes = [];
      pricesAt.set(t, changes);
      events.push({ kind: 'price', t, changes });
    }
    changes.push({ coinId, price18 });
  };
  for (const [coinId, usd] of input.before ?? []) addPrice(coinId, window.from, usd);
  for (const p of input.prices) {
    if (p.t >= window.from && p.t < window.to) addPrice(p.coingeckoId, p.t, p.usd, p.usd18);
  }
  for (const [coinId, usd] of input.latest ?? []) addPrice(coinId, window.to, usd);
  for (const tx of input.transactions) if (tx.at <= window.to) events.push({ kind: 'tx', t: tx.at, tx });
  for (let t = window.from; t < window.to; t += window.stepMs) events.push({ kind: 'point', t });
  events.push({ kind: 'point', t: window.to });
  // A stable sort keeps the transactions' history order within an instant.
  events.sort((a, b) => a.t - b.t || EVENT_ORDER[a.kind] - EVENT_ORDER[b.kind]);

  // Quantities and fees repeat across transactions (a fee of 0 above all): each text is parsed once.
  const parsed = new Map<string, bigint>();
  const parse = (text: string): bigint => {
    let amount = parsed.get(text);
    if (amount === undefined) {
      amount = fromDecimal(text);
      parsed.set(text, amount);
    }
    return amount;
  };
  const quantity = new Map<string, bigint>();
  // Each coin's price scaled by 10^18; the 10^36 form the amounts use is made only where one is needed.
  const price18 = new Map<string, bigint>();
  const price = {
    get: (coinId: string): bigint | undefined => {
      const p = price18.get(coinId);
      return p === undefined ? undefined : p * TEN_18;
    },
    has: (coinId: string) => price18.has(coinId),
  };
  const unpriced = new Set<string>();
  let value = 0n;
  let invested = 0n;
  const setQuantity = (coinId: string, next: bigint) => {
    const p = price.get(coinId);
    if (p !== undefined) value += mul(next - (quantity.get(coinId) ?? 0n), p);
    quantity.set(coinId, next);
  };

  let started = false;
  let startValue = 0n;
  const flows: { t: number; amount: bigint }[] = [];
  // Time-weighted: the chained factor, and the value the current sub-period started from.
  let chained = ONE;
  let chainedAny = false;
  let subStart = 0n;
  let pendingFlow: { t: number; amount: bigint; opening: boolean } | null = null;
  // Benchmark: units of its coin held, null once a flow could not be priced in it.
  let units: bigint | null = benchmark ? 0n : null;
  let benchStartPrice: bigint | undefined;
  const points: PerformancePoint[] = [];

  /** The figures as they stand, as the point of time t. */
  const pointNow = (t: number): PerformancePoint => {
    for (const [coinId, held] of quantity) if (held !== 0n && !price.has(coinId)) unpriced.add(coinId);
    const point: PerformancePoint = {
      t,
      value: toDecimal(value, decimals),
      invested: toDecimal(invested, decimals),
    };
    if (benchmark && units !== null && started) {
      const p = price.get(benchmark);
      if (p !== undefined) point.benchmark = toDecimal(mul(units, p), decimals);
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
      chained = mul(chained, div(value - amount, subStart));
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
      benchStartPrice = price.get(benchmark);
      if (benchStartPrice === undefined) units = value === 0n ? 0n : null;
      else units = div(value, benchStartPrice);
    }
  };

  for (const event of events) {
    if (pendingFlow && event.t !== pendingFlow.t) closeFlow();
    if (!started && event.t > window.from) start();
    if (event.kind === 'price') {
      for (const change of event.changes) {
        const old = price18.get(change.coinId) ?? 0n;
        const held = quantity.get(change.coinId) ?? 0n;
        // Both have at most 18 decimals: the product divides exactly, no rounding needed (the price at
        // 10^18 rather than 10^36 keeps the numbers and the division small).
        if (held !== 0n) value += (held * (change.price18 - old)) / TEN_18;
        price18.set(change.coinId, change.price18);
      }
      continue;
    }
    if (event.kind === 'point') {
      points.push(pointNow(event.t));
      continue;
    }
    const { tx } = event;
    const q = parse(tx.quantity);
    const fee = display(parse(tx.fee), tx.at);
    const recorded = display(parse(tx.pricePerCoin), tx.at);
    const market = price.get(tx.coinId) ?? recorded;
    const held = quantity.get(tx.coinId) ?? 0n;
    const wasEmpty = value === 0n && invested === 0n;
    let amount: bigint;
    switch (tx.kind) {
      case 'buy':
        amount = mul(q, recorded) + fee;
        setQuantity(tx.coinId, held + q);
        break;
      case 'sell':
        amount = -(mul(q, recorded) - fee);
        setQuantity(tx.coinId, held - q);
        break;
      case 'transfer_in':
        amount = mul(q, market) + fee;
        setQuantity(tx.coinId, held + q);
        break;
      case 'transfer_out':
        amount = -(mul(q, market) - fee);
        setQuantity(tx.coinId, held - q);
        break;
      case 'adjust':
        amount = mul(q - held, market);
        setQuantity(tx.coinId, q);
        break;
      case 'income':
        // Income is what the holdings earned, not money put in: its coins add value and no flow.
        setQuantity(tx.coinId, held + q);
        continue;
    }
    invested += amount;
    if (!started) continue;
    if (units !== null && benchmark) {
      const p = price.get(benchmark);
      if (p === undefined) units = null;
      else units += div(amount, p);
    }
    if (pendingFlow) pendingFlow.amount += amount;
    else pendingFlow = { t: tx.at, amount, opening: wasEmpty };
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
  const benchEndPrice = benchmark ? price.get(benchmark) : undefined;
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
