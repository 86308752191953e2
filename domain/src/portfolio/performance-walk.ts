/**
 * The state of the performance walk and the steps that move it: a transaction, the prices of an
 * instant, a point. The state can be kept at an instant (`snapshot`) and a later walk can continue from
 * it with only the events from that instant on, so a caller that keeps it pays for the whole history
 * once and then only for what came after.
 */
import type { PerformancePoint } from '../schemas/portfolio-performance.ts';
import { ONE, div, mul, toDecimal } from '../transactions/fixed-point.ts';
import { TEN_18, divPositive, roundDiv18, roundDiv36, type ParsedAmount } from './performance-amounts.ts';
import type { PriceInstant } from './performance-prices.ts';
import type { TransactionKind } from '../transactions/cost-basis.ts';

/** A flow of money at an instant; `opening` when it came into an empty portfolio. */
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

export interface WalkFlow {
  t: number;
  amount: bigint;
  opening?: boolean;
}

/**
 * Everything the walk has worked out up to (not including) the instant `at`. Opaque to callers: they
 * keep it and hand it back. Only valid for the same transactions, prices before `at`, window start and
 * step, benchmark, currency and rates it was made with.
 */
export interface WalkSnapshot {
  /** Events before this instant are in the state. */
  at: number;
  /** How many of the (time-ordered) transactions were walked. */
  nextTx: number;
  ids: readonly string[];
  quantity: bigint[];
  quantity18: (bigint | null)[];
  price18: bigint[];
  priced: Uint8Array;
  unpriced: Set<string>;
  value: bigint;
  invested: bigint;
  started: boolean;
  startValue: bigint;
  flows: WalkFlow[];
  chained: bigint;
  chainedAny: boolean;
  subStart: bigint;
  pendingFlow: WalkFlow | null;
  units: bigint | null;
  benchStartPrice: bigint | undefined;
  points: PerformancePoint[];
}

/** What a walk is worked out with, besides its state. */
export interface WalkContext {
  index: ReadonlyMap<string, number>;
  ids: readonly string[];
  /** Index of the benchmark coin, -1 when none is asked. */
  bench: number;
  decimals: number;
  /** An amount in dollars (10^36) in the display currency at an instant. */
  display: (usd: bigint, t: number) => bigint;
  /** Whether amounts are converted (then recorded prices have 36 decimals). */
  converted: boolean;
  parse: (text: string) => ParsedAmount;
}

/** A fresh state for `n` coins. */
export function emptySnapshot(ids: readonly string[], hasBenchmark: boolean): WalkSnapshot {
  const n = ids.length;
  return {
    at: -Infinity,
    nextTx: 0,
    ids,
    quantity: new Array<bigint>(n).fill(0n),
    quantity18: new Array<bigint | null>(n).fill(0n),
    price18: new Array<bigint>(n).fill(0n),
    priced: new Uint8Array(n),
    unpriced: new Set(),
    value: 0n,
    invested: 0n,
    started: false,
    startValue: 0n,
    flows: [],
    chained: ONE,
    chainedAny: false,
    subStart: 0n,
    pendingFlow: null,
    units: hasBenchmark ? 0n : null,
    benchStartPrice: undefined,
    points: [],
  };
}

/** A copy that later steps do not change (points and closed flows are never changed once made). */
export function copySnapshot(s: WalkSnapshot): WalkSnapshot {
  return {
    ...s,
    quantity: s.quantity.slice(),
    quantity18: s.quantity18.slice(),
    price18: s.price18.slice(),
    priced: s.priced.slice(),
    unpriced: new Set(s.unpriced),
    flows: s.flows.slice(),
    pendingFlow: s.pendingFlow && { ...s.pendingFlow },
    points: s.points.slice(),
  };
}

/** The walk's steps over a state it owns. */
export class PerformanceWalk {
  constructor(
    readonly s: WalkSnapshot,
    private readonly c: WalkContext,
  ) {}

  private priceOf(coin: number): bigint | undefined {
    return this.s.priced[coin] === 1 ? this.s.price18[coin]! * TEN_18 : undefined;
  }

  /** Sets a coin's quantity; `delta18` is the change at 10^18 when both have at most 18 decimals. */
  private setQuantity(coin: number, next: bigint, delta18: bigint | null): void {
    const s = this.s;
    const was18 = s.quantity18[coin]!;
    let next18: bigint | null = null;
    if (delta18 !== null && was18 !== null) next18 = was18 + delta18;
    else if (next % TEN_18 === 0n) next18 = next / TEN_18;
    if (s.priced[coin] === 1) {
      // Both quantities and the price with at most 18 decimals: the change of value is exact.
      s.value +=
        next18 !== null && was18 !== null
          ? (next18 - was18) * s.price18[coin]!
          : roundDiv18((next - s.quantity[coin]!) * s.price18[coin]!);
    }
    s.quantity[coin] = next;
    s.quantity18[coin] = next18;
  }

  /** The figures as they stand, as the point of time t. */
  pointNow(t: number): PerformancePoint {
    const { s, c } = this;
    for (let coin = 0; coin < s.quantity.length; coin += 1) {
      if (s.priced[coin] === 0 && s.quantity[coin] !== 0n) s.unpriced.add(c.ids[coin]!);
    }
    const point: PerformancePoint = {
      t,
      value: toDecimal(s.value, c.decimals),
      invested: toDecimal(s.invested, c.decimals),
    };
    if (c.bench >= 0 && s.units !== null && s.started) {
      if (s.priced[c.bench] === 1) {
        point.benchmark = toDecimal(roundDiv18(s.units * s.price18[c.bench]!), c.decimals);
      }
    } else if (c.bench >= 0 && s.units !== null && !s.started) {
      point.benchmark = point.value;
    }
    return point;
  }

  /** Closes the sub-period that ended with the flows at one instant. */
  closeFlow(): void {
    const s = this.s;
    const pending = s.pendingFlow;
    if (!pending) return;
    // The flows that open an empty portfolio get a point of their own, so a portfolio younger than
    // the range starts where it really starts instead of at the next step.
    if (pending.opening && s.points.at(-1)?.t !== pending.t) s.points.push(this.pointNow(pending.t));
    if (s.subStart > 0n) {
      s.chained = roundDiv36(s.chained * divPositive(s.value - pending.amount, s.subStart));
      s.chainedAny = true;
    }
    s.subStart = s.value;
    s.flows.push(pending);
    s.pendingFlow = null;
  }

  start(): void {
    const { s, c } = this;
    s.started = true;
    s.startValue = s.value;
    s.subStart = s.value;
    if (c.bench >= 0) {
      s.benchStartPrice = this.priceOf(c.bench);
      if (s.benchStartPrice === undefined) s.units = s.value === 0n ? 0n : null;
      else s.units = div(s.value, s.benchStartPrice);
    }
  }

  /** A transaction: the quantity it leaves and the money it moved, as a flow when the range has begun. */
  onTransaction(tx: PerformanceTransaction): void {
    const { s, c } = this;
    const coin = c.index.get(tx.coinId)!;
    const q = c.parse(tx.quantity);
    const fee = c.display(c.parse(tx.fee).v36, tx.at);
    const price = c.parse(tx.pricePerCoin);
    // In dollars the recorded price keeps its 18-decimal form; converted, it has 36 decimals.
    const recorded = c.display(price.v36, tx.at);
    const recorded18 = c.converted ? null : price.v18;
    const market = this.priceOf(coin) ?? recorded;
    const market18 = s.priced[coin] === 1 ? s.price18[coin]! : recorded18;
    const held = s.quantity[coin]!;
    const wasEmpty = s.value === 0n && s.invested === 0n;
    let amount: bigint;
    switch (tx.kind) {
      case 'buy':
        amount = times(q, recorded, recorded18) + fee;
        this.setQuantity(coin, held + q.v36, q.v18);
        break;
      case 'sell':
        amount = -(times(q, recorded, recorded18) - fee);
        this.setQuantity(coin, held - q.v36, q.v18 === null ? null : -q.v18);
        break;
      case 'transfer_in':
        amount = times(q, market, market18) + fee;
        this.setQuantity(coin, held + q.v36, q.v18);
        break;
      case 'transfer_out':
        amount = -(times(q, market, market18) - fee);
        this.setQuantity(coin, held - q.v36, q.v18 === null ? null : -q.v18);
        break;
      case 'adjust':
        amount = mul(q.v36 - held, market);
        this.setQuantity(coin, q.v36, null);
        break;
      case 'income':
        // Income is what the holdings earned, not money put in: its coins add value and no flow.
        this.setQuantity(coin, held + q.v36, q.v18);
        return;
    }
    s.invested += amount;
    if (!s.started) return;
    if (s.units !== null && c.bench >= 0) {
      const p = this.priceOf(c.bench);
      if (p === undefined) s.units = null;
      else s.units += div(amount, p);
    }
    if (s.pendingFlow) s.pendingFlow.amount += amount;
    else s.pendingFlow = { t: tx.at, amount, opening: wasEmpty };
  }

  /** A price change of coins at an instant: value moves by quantity × change. */
  onPrices({ coins, prices }: PriceInstant): void {
    const s = this.s;
    for (let k = 0; k < coins.length; k += 1) {
      const coin = coins[k]!;
      const next = prices[k]!;
      const held18 = s.quantity18[coin]!;
      // Quantity and price both have at most 18 decimals: the product at 10^36 is exact.
      if (held18 === null) s.value += (s.quantity[coin]! * (next - s.price18[coin]!)) / TEN_18;
      else if (held18 !== 0n) s.value += held18 * (next - s.price18[coin]!);
      s.price18[coin] = next;
      s.priced[coin] = 1;
    }
  }

  /** The benchmark's price now (10^36), when it has one. */
  benchPrice(): bigint | undefined {
    return this.c.bench >= 0 ? this.priceOf(this.c.bench) : undefined;
  }
}

/** quantity × an amount (10^36), rounded at the 36th decimal as mul() does. */
function times(q: ParsedAmount, amount: bigint, amount18: bigint | null): bigint {
  if (q.v18 === null) return mul(q.v36, amount);
  return amount18 === null ? roundDiv18(q.v18 * amount) : q.v18 * amount18;
}
