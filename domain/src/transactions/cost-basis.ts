/**
 * A holding derived from its transactions: quantity, average cost and realised gain, by the
 * average-cost method or first in, first out. Pure: the API stores the result on the holding's row as
 * a cache, so every screen that reads holdings keeps working.
 */
import { div, fromDecimal, mul, toDecimal } from './fixed-point.ts';

/**
 * What a transaction does to a holding. `adjust` is written by an inline edit of the holding's row.
 * `income` is coins received as a reward (staking, interest, an airdrop, mining), valued at the day's
 * price: that value is its cost basis, but it is no money put in (docs/reports.md#income).
 */
export const TRANSACTION_KINDS = ['buy', 'sell', 'transfer_in', 'transfer_out', 'adjust', 'income'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** The kinds a user records; `adjust` comes only from editing the holding's quantity or price. */
export const USER_TRANSACTION_KINDS = ['buy', 'sell', 'transfer_in', 'transfer_out', 'income'] as const;

/** Whether a transaction of this kind brings coins in (a buy, a transfer in or income). */
export function isIncomingKind(kind: TransactionKind): boolean {
  return kind === 'buy' || kind === 'transfer_in' || kind === 'income';
}

/**
 * How the cost of coins leaving a holding is measured: average cost, or the coins taken first in first
 * out, last in first out, or the dearest first.
 */
export const COST_METHODS = ['average', 'fifo', 'lifo', 'hifo'] as const;
export type CostMethod = (typeof COST_METHODS)[number];

/** A stored cost method as one: average cost for anything else (rows from before it was chosen). */
export function costMethodOf(value: unknown): CostMethod {
  return (COST_METHODS as readonly unknown[]).includes(value) ? (value as CostMethod) : 'average';
}

/**
 * One transaction as stored. Amounts are canonical decimal strings in the transaction's currency.
 * For `adjust`, quantity is the holding's new quantity and pricePerCoin its new average cost.
 * Deriving a holding reads the amounts as they are: histories in several currencies are brought into
 * one first (convertHistory).
 */
export interface HoldingTransaction {
  id: string;
  kind: TransactionKind;
  /** ISO 8601 instant. */
  at: string;
  quantity: string;
  pricePerCoin: string;
  /** In the transaction's currency; added to the cost of coins coming in, taken from a sale's proceeds. */
  fee: string;
  /**
   * What price and fee are in: a display currency code ('usd', 'eur', 'btc') or, for a trade priced in
   * another coin, that coin's CoinGecko id ('binancecoin'). Absent means 'usd'.
   */
  currency?: string;
  note: string | null;
}

/** The gain one sale realised. */
export interface RealisedSale {
  transactionId: string;
  at: string;
  quantity: string;
  /** quantity x price - fee. */
  proceeds: string;
  /** What the coins sold had cost, by the method. */
  costBasis: string;
  /** proceeds - costBasis; negative for a loss. */
  realisedGain: string;
}

/** The holding as its transactions make it. Decimal strings; realised amounts may be negative. */
export interface HoldingDerivation {
  method: CostMethod;
  quantity: string;
  /** Per coin still held, fees included; '0' when nothing was ever bought at a known price. */
  averageCost: string;
  /** What the coins still held cost in all: quantity x average cost. */
  costBasis: string;
  /**
   * Cost of every buy and transfer in (fees included), plus the change an adjustment made to the cost.
   * Income is left out: its coins have a cost basis (their value on the day) but no money was put in.
   */
  totalInvested: string;
  /** Sum of the sales' realised gains, less the fees of transfers out. */
  realisedGain: string;
  sales: RealisedSale[];
}

/** Why a history is impossible: a transaction takes out more than was held at its time. */
export interface HistoryProblem {
  transactionId: string;
  message: string;
}

export type DerivationResult =
  { ok: true; holding: HoldingDerivation } | { ok: false; problem: HistoryProblem };

/** One FIFO lot: coins that came in together and what each cost. */
interface Lot {
  quantity: bigint;
  costPerCoin: bigint;
}

/** Running state while walking the history; every amount scaled by 10^36. */
interface State {
  quantity: bigint;
  /** Average cost per coin of what is held (average method) - also kept under FIFO for adjustments. */
  averageCost: bigint;
  lots: Lot[];
  invested: bigint;
  realised: bigint;
  sales: RealisedSale[];
}

/**
 * Transactions in the order they happened: by time, and in the order given for the same time (the
 * database gives them by time, then by when they were recorded).
 */
export function inHistoryOrder<T extends { at: string }>(transactions: readonly T[]): T[] {
  return transactions
    .map((t, index) => ({ t, index, time: Date.parse(t.at) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ t }) => t);
}

/**
 * Walks a holding's history and returns what it holds, or the first transaction that takes out more
 * than was held at its time (so the history is impossible and must be refused).
 */
export function deriveHolding(
  transactions: readonly HoldingTransaction[],
  method: CostMethod = 'average',
): DerivationResult {
  const state: State = { quantity: 0n, averageCost: 0n, lots: [], invested: 0n, realised: 0n, sales: [] };
  for (const t of inHistoryOrder(transactions)) {
    const problem = apply(state, t, method);
    if (problem) return { ok: false, problem };
  }
  const byLots = method !== 'average';
  const costBasis = byLots ? lotsCost(state.lots) : mul(state.quantity, state.averageCost);
  const averageCost = byLots && state.quantity > 0n ? div(costBasis, state.quantity) : state.averageCost;
  return {
    ok: true,
    holding: {
      method,
      quantity: toDecimal(state.quantity),
      averageCost: toDecimal(averageCost),
      costBasis: toDecimal(costBasis),
      totalInvested: toDecimal(state.invested),
      realisedGain: toDecimal(state.realised),
      sales: state.sales,
    },
  };
}

function apply(state: State, t: HoldingTransaction, method: CostMethod): HistoryProblem | null {
  const quantity = fromDecimal(t.quantity);
  const price = fromDecimal(t.pricePerCoin);
  const fee = fromDecimal(t.fee);
  switch (t.kind) {
    case 'buy':
    case 'transfer_in':
    case 'income':
      addCoins(state, quantity, mul(quantity, price) + fee, t.kind !== 'income');
      return null;
    case 'sell':
    case 'transfer_out': {
      if (quantity > state.quantity) return { transactionId: t.id, message: tooMuchOut(t, state.quantity) };
      const cost = removeCoins(state, quantity, method);
      if (t.kind === 'sell') recordSale(state, t, quantity, mul(quantity, price) - fee, cost);
      else state.realised -= fee;
      return null;
    }
    case 'adjust': {
      const before = method !== 'average' ? lotsCost(state.lots) : mul(state.quantity, state.averageCost);
      const after = mul(quantity, price);
      state.quantity = quantity;
      state.averageCost = price;
      state.lots = quantity > 0n ? [{ quantity, costPerCoin: price }] : [];
      state.invested += after - before;
      return null;
    }
  }
}

/**
 * Coins coming in at a total cost: a new lot, and the average cost re-weighted; counted as invested
 * unless they are income.
 */
function addCoins(state: State, quantity: bigint, cost: bigint, invested: boolean): void {
  if (invested) state.invested += cost;
  if (quantity === 0n) return;
  const total = state.quantity + quantity;
  // (held x average + cost) / total, rounded once at the 36th decimal.
  state.averageCost = div(mul(state.quantity, state.averageCost) + cost, total);
  state.quantity = total;
  state.lots.push({ quantity, costPerCoin: div(cost, quantity) });
}

/**
 * Coins going out; returns what they cost. The average cost per coin does not change. Under average
 * cost the lots are still taken oldest first (the gains report dates the coins by them).
 */
function removeCoins(state: State, quantity: bigint, method: CostMethod): bigint {
  state.quantity -= quantity;
  let lotsTaken = 0n;
  let left = quantity;
  const lots = state.lots;
  while (left > 0n && lots.length > 0) {
    const index = method === 'lifo' ? lots.length - 1 : method === 'hifo' ? dearest(lots) : 0;
    const lot = lots[index]!;
    const take = lot.quantity < left ? lot.quantity : left;
    lotsTaken += mul(take, lot.costPerCoin);
    lot.quantity -= take;
    left -= take;
    if (lot.quantity === 0n) lots.splice(index, 1);
  }
  return method === 'average' ? mul(quantity, state.averageCost) : lotsTaken;
}

/** The lot of the highest cost per coin; of equal costs, the oldest (as the gains report picks). */
function dearest(lots: readonly Lot[]): number {
  let best = 0;
  for (let i = 1; i < lots.length; i++) if (lots[i]!.costPerCoin > lots[best]!.costPerCoin) best = i;
  return best;
}

function recordSale(state: State, t: HoldingTransaction, quantity: bigint, proceeds: bigint, cost: bigint) {
  const gain = proceeds - cost;
  state.realised += gain;
  state.sales.push({
    transactionId: t.id,
    at: t.at,
    quantity: toDecimal(quantity),
    proceeds: toDecimal(proceeds),
    costBasis: toDecimal(cost),
    realisedGain: toDecimal(gain),
  });
}

function lotsCost(lots: readonly Lot[]): bigint {
  return lots.reduce((sum, lot) => sum + mul(lot.quantity, lot.costPerCoin), 0n);
}

/** The refusal text of an out-transaction beyond what was held (SPEC.md section 8 style: says why). */
function tooMuchOut(t: HoldingTransaction, held: bigint): string {
  const what = t.kind === 'sell' ? 'sell' : 'transfer out';
  const when = t.at.slice(0, 16).replace('T', ' ');
  return `You held ${toDecimal(held)} on ${when} UTC, so you cannot ${what} ${t.quantity}.`;
}
