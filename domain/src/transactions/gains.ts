/**
 * The yearly gains report: every disposal (a sale) matched against the coins it took out, by first in
 * first out, last in first out, highest cost first or average cost, with when those coins came in, and
 * whether they were held over a year. Pure and exact: amounts are bigints scaled by 10^36 while
 * computing (fixed-point.ts) and canonical decimal strings in the result.
 *
 * The walk mirrors deriveHolding step for step (the same lots, the same average, the same rounding), so
 * under average cost and FIFO the gains it reports add up exactly to the realised gain the holding page
 * shows; the property test holds the two together.
 */
import { inHistoryOrder, type HoldingTransaction, type HistoryProblem } from './cost-basis.ts';
import { div, fromDecimal, mul, roundDiv, toDecimal } from './fixed-point.ts';
import { incomeOfYear, type IncomeLine } from './income.ts';

/** How a disposal's coins are chosen among those held. */
export const GAINS_METHODS = ['fifo', 'lifo', 'hifo', 'average'] as const;
export type GainsMethod = (typeof GAINS_METHODS)[number];

/** What the report's screen and CSV call each method. */
export const GAINS_METHOD_LABELS: Readonly<Record<GainsMethod, string>> = Object.freeze({
  fifo: 'First in, first out (FIFO)',
  lifo: 'Last in, first out (LIFO)',
  hifo: 'Highest cost first (HIFO)',
  average: 'Average cost',
});

/** Form 8949's word for an acquisition date made of many purchases (average cost). */
export const VARIOUS = 'various';

/** Short term: held one year or less; long term: more than one year. */
export type HoldingTerm = 'short' | 'long';

/** One line of the report: coins of one sale matched against one lot (or, by average cost, one term). */
export interface Disposal {
  holdingId: string;
  transactionId: string;
  symbol: string;
  name: string;
  quantity: string;
  /** UTC day the coins came in (YYYY-MM-DD), or 'various' under average cost. */
  acquired: string;
  /** UTC day of the sale (YYYY-MM-DD). */
  disposed: string;
  /** This line's share of the sale's quantity x price - fee. */
  proceeds: string;
  costBasis: string;
  /** proceeds - costBasis; negative for a loss. */
  gain: string;
  term: HoldingTerm;
}

/** Sums of a set of disposals. */
export interface GainsTotals {
  proceeds: string;
  costBasis: string;
  gain: string;
}

/** A holding whose history is impossible (it takes out more than was held): left out of the report. */
export interface SkippedHolding {
  holdingId: string;
  symbol: string;
  problem: HistoryProblem;
}

export interface GainsReport {
  /** The calendar year (UTC) reported; null for every year. */
  year: number | null;
  method: GainsMethod;
  disposals: Disposal[];
  shortTerm: GainsTotals;
  longTerm: GainsTotals;
  total: GainsTotals;
  /**
   * Fees of transfers out in the period. A transfer is not a sale, so they are no disposal, but the
   * holding page counts them as a realised cost.
   */
  transferFees: string;
  /** total gain - transfer fees: what the holding page calls realised gain, for these disposals. */
  realisedGain: string;
  /** Coins received as income in the period, valued on their day: no gain of trading (income.ts). */
  income: IncomeLine[];
  /** Sum of the income lines' values. */
  incomeTotal: string;
  skipped: SkippedHolding[];
}

/** A holding with what the report needs to name it. */
export interface GainsHolding {
  holdingId: string;
  symbol: string;
  name: string;
  transactions: readonly HoldingTransaction[];
}

/** Turns an amount in dollars (scaled by 10^36) into the display currency on the given UTC day. */
export type ToDisplay = (usd: bigint, day: string) => bigint;

interface Lot {
  quantity: bigint;
  costPerCoin: bigint;
  /** Instant the coins came in. */
  at: string;
}

/** A disposal while computing: amounts scaled by 10^36, in dollars. */
interface RawDisposal {
  transactionId: string;
  at: string;
  quantity: bigint;
  acquired: string;
  proceeds: bigint;
  cost: bigint;
  term: HoldingTerm;
}

interface Walk {
  disposals: RawDisposal[];
  transferFees: { at: string; fee: bigint }[];
}

/** The UTC day of an instant. */
const dayOf = (at: string) => new Date(Date.parse(at)).toISOString().slice(0, 10);

/**
 * Held more than one year (IRS Publication 550: the holding period starts the day after the coins came
 * in, so a sale on the anniversary is still short term). Days are UTC.
 */
export function termOf(acquired: string, disposed: string): HoldingTerm {
  const a = dayOf(acquired);
  const anniversary = `${Number(a.slice(0, 4)) + 1}`.padStart(4, '0') + a.slice(4);
  return dayOf(disposed) > anniversary ? 'long' : 'short';
}

/**
 * Walks one holding's history and returns every sale matched against the lots it took out, and the fees
 * of its transfers out; or the first transaction that takes out more than was held.
 */
export function matchDisposals(
  transactions: readonly HoldingTransaction[],
  method: GainsMethod,
): { ok: true; walk: Walk } | { ok: false; problem: HistoryProblem } {
  let quantity = 0n;
  let averageCost = 0n;
  let lots: Lot[] = [];
  const walk: Walk = { disposals: [], transferFees: [] };
  for (const t of inHistoryOrder(transactions)) {
    const q = fromDecimal(t.quantity);
    const price = fromDecimal(t.pricePerCoin);
    const fee = fromDecimal(t.fee);
    switch (t.kind) {
      case 'buy':
      case 'transfer_in':
      case 'income': {
        // Income's coins are acquired on the day they came, at their value that day.
        // A transfer in keeps no date of its own purchase, so its coins count from the day they came in.
        if (q === 0n) break;
        const cost = mul(q, price) + fee;
        averageCost = div(mul(quantity, averageCost) + cost, quantity + q);
        quantity += q;
        lots.push({ quantity: q, costPerCoin: div(cost, q), at: t.at });
        break;
      }
      case 'sell':
      case 'transfer_out': {
        if (q > quantity) {
          return {
            ok: false,
            problem: { transactionId: t.id, message: `Takes out ${t.quantity}, more than was held.` },
          };
        }
        // Under average cost the coins are still taken oldest first: that decides how long they were held.
        const taken = takeLots(lots, q, method === 'average' ? 'fifo' : method);
        quantity -= q;
        if (t.kind === 'transfer_out') {
          if (fee !== 0n) walk.transferFees.push({ at: t.at, fee });
          break;
        }
        const proceeds = mul(q, price) - fee;
        const parts = method === 'average' ? byTerm(taken, t.at, mul(q, averageCost)) : byLot(taken, t.at);
        // A sale of nothing still costs its fee, as on the holding page.
        if (parts.length === 0) parts.push({ quantity: 0n, acquired: dayOf(t.at), cost: 0n, term: 'short' });
        walk.disposals.push(...splitProceeds(parts, t.id, t.at, proceeds));
        break;
      }
      case 'adjust':
        // An inline edit restates the holding: one lot at the new average, counted from the edit's day.
        quantity = q;
        averageCost = price;
        lots = q > 0n ? [{ quantity: q, costPerCoin: price, at: t.at }] : [];
        break;
    }
  }
  return { ok: true, walk };
}

interface Part {
  quantity: bigint;
  acquired: string;
  cost: bigint;
  term: HoldingTerm;
}

/** Takes `quantity` out of the lots in the method's order; returns the pieces taken. */
function takeLots(lots: Lot[], quantity: bigint, order: 'fifo' | 'lifo' | 'hifo'): Lot[] {
  const taken: Lot[] = [];
  let left = quantity;
  while (left > 0n && lots.length > 0) {
    const index = order === 'fifo' ? 0 : order === 'lifo' ? lots.length - 1 : highest(lots);
    const lot = lots[index]!;
    const take = lot.quantity < left ? lot.quantity : left;
    taken.push({ quantity: take, costPerCoin: lot.costPerCoin, at: lot.at });
    lot.quantity -= take;
    left -= take;
    if (lot.quantity === 0n) lots.splice(index, 1);
  }
  return taken;
}

/** The lot of the highest cost per coin; of equal costs, the oldest. */
function highest(lots: readonly Lot[]): number {
  let best = 0;
  for (let i = 1; i < lots.length; i++) if (lots[i]!.costPerCoin > lots[best]!.costPerCoin) best = i;
  return best;
}

/** One part per lot, each at its own cost (exactly what the holding page sums under FIFO). */
function byLot(taken: readonly Lot[], at: string): Part[] {
  return taken.map((lot) => ({
    quantity: lot.quantity,
    acquired: dayOf(lot.at),
    cost: mul(lot.quantity, lot.costPerCoin),
    term: termOf(lot.at, at),
  }));
}

/**
 * Average cost: at most two parts, the coins held over a year and the rest, acquired 'various' (Form
 * 8949's convention); the sale's cost (quantity x average, as the holding page has it) is shared by
 * quantity, the last part taking what rounding left so the parts add up exactly.
 */
function byTerm(taken: readonly Lot[], at: string, cost: bigint): Part[] {
  const held = { short: 0n, long: 0n };
  for (const lot of taken) held[termOf(lot.at, at)] += lot.quantity;
  const parts: Part[] = [];
  for (const term of ['long', 'short'] as const) {
    if (held[term] > 0n) parts.push({ quantity: held[term], acquired: VARIOUS, cost: 0n, term });
  }
  return shareOut(parts, cost, (p, share) => (p.cost = share));
}

/** Shares `total` among parts by quantity; the last takes the remainder. */
function shareOut<P extends { quantity: bigint }>(
  parts: P[],
  total: bigint,
  set: (part: P, share: bigint) => void,
): P[] {
  const quantity = parts.reduce((sum, p) => sum + p.quantity, 0n);
  let left = total;
  parts.forEach((part, i) => {
    const share = i === parts.length - 1 ? left : roundDiv(total * part.quantity, quantity);
    set(part, share);
    left -= share;
  });
  return parts;
}

function splitProceeds(parts: Part[], transactionId: string, at: string, proceeds: bigint): RawDisposal[] {
  const shares: bigint[] = [];
  shareOut(
    parts.map((p) => ({ quantity: p.quantity })),
    proceeds,
    (_, share) => shares.push(share),
  );
  return parts.map((p, i) => ({
    transactionId,
    at,
    quantity: p.quantity,
    acquired: p.acquired,
    proceeds: shares[i]!,
    cost: p.cost,
    term: p.term,
  }));
}

/**
 * The report of `year` (UTC calendar year; null: every year) over a user's holdings, by `method`, in
 * the display currency (`toDisplay`; dollars when left out). Lines are ordered by sale time, then by
 * holding. A holding with an impossible history is left out and named in `skipped`.
 */
export function gainsReport(
  holdings: readonly GainsHolding[],
  options: { method: GainsMethod; year: number | null; toDisplay?: ToDisplay },
): GainsReport {
  const { method, year } = options;
  const convert: ToDisplay = options.toDisplay ?? ((usd) => usd);
  const inYear = (at: string) => year === null || dayOf(at).startsWith(`${year}-`);
  const lines: { at: string; order: number; disposal: Disposal }[] = [];
  const sums: Record<HoldingTerm, { proceeds: bigint; cost: bigint }> = {
    short: { proceeds: 0n, cost: 0n },
    long: { proceeds: 0n, cost: 0n },
  };
  let transferFees = 0n;
  const skipped: SkippedHolding[] = [];
  holdings.forEach((holding, order) => {
    const result = matchDisposals(holding.transactions, method);
    if (!result.ok) {
      skipped.push({ holdingId: holding.holdingId, symbol: holding.symbol, problem: result.problem });
      return;
    }
    for (const fee of result.walk.transferFees) {
      if (inYear(fee.at)) transferFees += convert(fee.fee, dayOf(fee.at));
    }
    for (const d of result.walk.disposals) {
      if (!inYear(d.at)) continue;
      const day = dayOf(d.at);
      const proceeds = convert(d.proceeds, day);
      const cost = convert(d.cost, day);
      sums[d.term].proceeds += proceeds;
      sums[d.term].cost += cost;
      lines.push({
        at: d.at,
        order,
        disposal: {
          holdingId: holding.holdingId,
          transactionId: d.transactionId,
          symbol: holding.symbol,
          name: holding.name,
          quantity: toDecimal(d.quantity),
          acquired: d.acquired,
          disposed: day,
          proceeds: toDecimal(proceeds),
          costBasis: toDecimal(cost),
          gain: toDecimal(proceeds - cost),
          term: d.term,
        },
      });
    }
  });
  lines.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.order - b.order);
  const totals = (proceeds: bigint, cost: bigint): GainsTotals => ({
    proceeds: toDecimal(proceeds),
    costBasis: toDecimal(cost),
    gain: toDecimal(proceeds - cost),
  });
  const { short, long } = sums;
  const proceeds = short.proceeds + long.proceeds;
  const cost = short.cost + long.cost;
  return {
    year,
    method,
    disposals: lines.map((l) => l.disposal),
    shortTerm: totals(short.proceeds, short.cost),
    longTerm: totals(long.proceeds, long.cost),
    total: totals(proceeds, cost),
    transferFees: toDecimal(transferFees),
    realisedGain: toDecimal(proceeds - cost - transferFees),
    // Income of a holding with an impossible history is still income: it is listed all the same.
    ...incomeOfYear(holdings, year, convert),
    skipped,
  };
}

/**
 * A converter from dollars by a rate per UTC day (`rateOn` gives the display currency's units per
 * dollar as a decimal string).
 */
export function convertByRate(rateOn: (day: string) => string): ToDisplay {
  const cache = new Map<string, bigint>();
  return (usd, day) => {
    let rate = cache.get(day);
    if (rate === undefined) {
      rate = fromDecimal(rateOn(day));
      cache.set(day, rate);
    }
    return mul(usd, rate);
  };
}
