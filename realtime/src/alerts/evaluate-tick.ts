/**
 * Which alerts a tick fires (DESIGN.md section 5): the usable prices of the tick go to one indexed range
 * query for single-coin alerts; whole-portfolio and all-coins alerts are looked at only for users who
 * hold a coin whose price changed. Nothing is written here. The outcome depends on the tick and the
 * alerts as they were at its time, never on when it is handled.
 */
import {
  findCrossedAlerts,
  findPortfolioWideAlerts,
  loadPricedHoldings,
  loadStoredPrices,
  type WideAlert,
  type AppDb,
  type HighWaterMark,
  type TickQuote,
} from '@coinpace/db';
import {
  checkTickPrice,
  evaluateAllCoinsAlert,
  evaluatePortfolioAlert,
  holdingValue,
  isPortfolioKind,
  isStale,
  snapshotOf,
  toDecimalString,
  type AlertPriceRejection,
  type CrossedHolding,
  type EventFigures,
  type FxRates,
  type PortfolioSnapshot,
  type PriceTick,
  type PricedHolding,
  type SnapshotHolding,
  type ThresholdType,
} from '@coinpace/domain';
import { evaluateKindAlert } from './evaluate-kinds.ts';
import type { PortfolioIndex } from './portfolio-index.ts';

/** One alert to fire, with what it fired on. */
export interface Firing {
  alertId: string;
  userId: string;
  /** The coin price (or portfolio value) it fired on, USD, as a decimal string. */
  price: string;
  /** Whole-portfolio alerts: the value it fires at. */
  target?: number;
  /** Whole-portfolio alerts: what the counted holdings cost, the base of the percentage. */
  cost?: number;
  /** All-coins alerts: the holdings past the percentage. */
  crossed?: CrossedHolding[];
  /**
   * Portfolio kinds: the figure compared with the threshold (an amount in the alert's currency or a
   * percentage) and, for a drawdown, the peak it fell from (USD). `price` is then the value, USD.
   */
  rule?: { observed: number; highWater: number | null };
  /** movement and sync_problem (the event-alert job): what happened where; `price` is a movement's worth. */
  event?: EventFigures;
}

export interface TickEvaluation {
  firings: Firing[];
  /** The tick's prices that may fire alerts. */
  quotes: TickQuote[];
  /**
   * Whole-portfolio and all-coins alerts with a skip on record (allowance used up) that the tick found
   * short of their threshold, on fresh prices: their crossing may end (see alert-skips.ts in db).
   */
  notPast: string[];
  /** Drawdown high-water marks the tick raised or first took, to be stored. */
  highWater: HighWaterMark[];
  /** Coins of the tick whose price may not fire alerts, and why. */
  rejected: { coingeckoId: string; reason: AlertPriceRejection }[];
  /** True when the tick's prices are the simulated demo feed (PRICE_SOURCE=simulated), not the market. */
  simulated: boolean;
}

export interface EvaluateOptions {
  /** PRICE_POLL_MS: stored prices received more than two intervals before the tick are stale. */
  pollMs: number;
  /**
   * The consumer's in-memory index of wide alerts and holdings: with it, the holders of the tick's coins
   * are judged from memory (brought up to date from the database's change log first); without it, their
   * alerts and holdings are read from the database.
   */
  index?: PortfolioIndex;
}

/**
 * Evaluates one tick against every Active alert it can reach, as of the tick's time: with the prices it
 * carries, and only alerts set up (created, edited, re-armed) by then. A tick handled late (taken over
 * from a consumer that died, or after a database outage) fires what it would have fired on time.
 */
export async function evaluateTick(
  db: AppDb,
  tick: PriceTick,
  opts: EvaluateOptions,
): Promise<TickEvaluation> {
  const usable: TickQuote[] = [];
  const rejected: TickEvaluation['rejected'] = [];
  for (const [coingeckoId, quote] of Object.entries(tick.prices ?? {})) {
    const check = checkTickPrice(quote.usd);
    const price = check.usable ? toDecimalString(quote.usd) : null;
    if (price === null) rejected.push({ coingeckoId, reason: 'rejected' });
    else usable.push({ coingeckoId, price });
  }
  const armedBy = new Date(tick.at);
  // Both are reads of their own rows: the single-coin query runs while the wide alerts are judged. Both
  // are awaited before a failure is thrown, so no refresh of the index is still under way when the
  // consumer moves on.
  const [crossedOutcome, wideOutcome] = await Promise.allSettled([
    findCrossedAlerts(db, usable, armedBy, tick.rates),
    evaluateWideAlerts(db, usable, tick.at, opts, tick.rates ?? {}),
  ]);
  if (crossedOutcome.status === 'rejected') throw crossedOutcome.reason;
  if (wideOutcome.status === 'rejected') throw wideOutcome.reason;
  const [crossed, wide] = [crossedOutcome.value, wideOutcome.value];
  const firings: Firing[] = crossed.map((c) => ({ alertId: c.id, userId: c.userId, price: c.price }));
  firings.push(...wide.firings);
  // One price source feeds the poller, so a tick is simulated or not as a whole.
  return {
    firings,
    quotes: usable,
    notPast: wide.notPast,
    highWater: wide.highWater,
    rejected,
    simulated: tick.source?.status === 'simulated',
  };
}

async function evaluateWideAlerts(
  db: AppDb,
  usable: TickQuote[],
  at: number,
  opts: EvaluateOptions,
  rates: FxRates,
): Promise<{ firings: Firing[]; notPast: string[]; highWater: HighWaterMark[] }> {
  const {
    alerts,
    holdingsByUser,
    snapshots = new Map(),
  } = opts.index
    ? await fromIndex(db, opts.index, usable, at, opts.pollMs)
    : await fromDatabase(db, usable, at, opts.pollMs);
  if (alerts.length === 0) return { firings: [], notPast: [], highWater: [] };
  const firings: Firing[] = [];
  const notPast: string[] = [];
  const highWater: HighWaterMark[] = [];
  // Each user's portfolio is summed once per tick, for all of their portfolio-kind alerts.
  for (const alert of alerts) {
    const holdings = holdingsByUser.get(alert.userId) ?? [];
    if (isPortfolioKind(alert.scope)) {
      const judged = evaluateKindAlert(alert, holdings, snapshots, rates);
      if (judged.firing) firings.push(judged.firing);
      if (judged.highWater) highWater.push(judged.highWater);
      if (judged.notPast && alert.skippedAt !== null) notPast.push(alert.id);
      continue;
    }
    const fired = evaluateWide(alert, holdings);
    firings.push(...fired);
    if (fired.length === 0 && alert.skippedAt !== null && allFresh(holdings)) notPast.push(alert.id);
  }
  return { firings, notPast, highWater };
}

interface WideInput {
  alerts: WideAlert[];
  holdingsByUser: Map<string, PricedHolding[]>;
  /** Users' snapshots already summed (the index path), else each is summed when first needed. */
  snapshots?: Map<string, PortfolioSnapshot>;
}

/** The wide alerts of the holders of the tick's coins and their priced holdings, read from the database. */
async function fromDatabase(db: AppDb, usable: TickQuote[], at: number, pollMs: number): Promise<WideInput> {
  const holdingsByUser = new Map<string, PricedHolding[]>();
  const alerts = await findPortfolioWideAlerts(
    db,
    usable.map((q) => q.coingeckoId),
    new Date(at),
  );
  if (alerts.length === 0) return { alerts, holdingsByUser };
  // The tick's own prices stand for their coins; the other holdings take their stored prices.
  const inTick = new Map(usable.map((q) => [q.coingeckoId, Number(q.price)]));
  for (const row of await loadPricedHoldings(db, [...new Set(alerts.map((a) => a.userId))])) {
    const list = holdingsByUser.get(row.userId) ?? [];
    const tickPrice = row.coingeckoId === null ? undefined : inTick.get(row.coingeckoId);
    list.push({
      id: row.id,
      coingeckoId: row.coingeckoId,
      symbol: row.symbol,
      quantity: Number(row.quantity),
      purchasePrice: Number(row.purchasePrice),
      price: tickPrice ?? (row.usd === null ? null : Number(row.usd)),
      fresh:
        tickPrice !== undefined ||
        (row.usd !== null && row.source !== 'fallback' && !isStale(row.receivedAt?.getTime(), at, pollMs)),
    });
    holdingsByUser.set(row.userId, list);
  }
  return { alerts, holdingsByUser };
}

/**
 * The same from the consumer's index: the alerts and holdings from memory, only the stored prices of the
 * holders' other coins read (they change with every poll). An alert counts when set up by the end of the
 * tick's millisecond, as in findPortfolioWideAlerts.
 */
async function fromIndex(
  db: AppDb,
  index: PortfolioIndex,
  usable: TickQuote[],
  at: number,
  pollMs: number,
): Promise<WideInput> {
  const holdingsByUser = new Map<string, PricedHolding[]>();
  const inTick = new Map(usable.map((q) => [q.coingeckoId, Number(q.price)]));
  const skip = new Set(inTick.keys());
  // The stored prices the holders need as the index stands are read while it looks at the log; a coin
  // the look brings in (a holding added since) is read after it.
  const early = index.built ? index.coinsBesides(index.holdersOf(skip), skip) : new Set<string>();
  const [refreshed, earlyPrices] = await Promise.allSettled([
    index.refresh(db),
    loadStoredPrices(db, [...early]),
  ]);
  if (refreshed.status === 'rejected') throw refreshed.reason;
  if (earlyPrices.status === 'rejected') throw earlyPrices.reason;
  const { alerts } = index.alertsFor(skip, at + 1);
  if (alerts.length === 0) return { alerts, holdingsByUser };
  const userIds = [...new Set(alerts.map((a) => a.userId))];
  const stored = earlyPrices.value;
  const late = [...index.coinsBesides(userIds, skip)].filter((c) => !early.has(c));
  if (late.length > 0) for (const [coin, price] of await loadStoredPrices(db, late)) stored.set(coin, price);
  const snapshots = new Map<string, PortfolioSnapshot>();
  for (const userId of userIds) {
    const valued = index.holdingsOf(userId).map((h): SnapshotHolding => {
      const tickPrice = h.coingeckoId === null ? undefined : inTick.get(h.coingeckoId);
      const s = h.coingeckoId === null ? undefined : stored.get(h.coingeckoId);
      const usd = s?.usd ?? null;
      const holding = {
        id: h.id,
        coingeckoId: h.coingeckoId,
        symbol: h.symbol,
        quantity: h.quantity,
        purchasePrice: h.purchasePrice,
        price: tickPrice ?? usd,
        fresh:
          tickPrice !== undefined ||
          (usd !== null && s!.source !== 'fallback' && !isStale(s!.receivedMs ?? undefined, at, pollMs)),
        value: 0,
      };
      holding.value = holdingValue(holding);
      return holding;
    });
    holdingsByUser.set(userId, valued);
    snapshots.set(userId, snapshotOf(valued));
  }
  return { alerts, holdingsByUser, snapshots };
}

/** Every counted holding has a fresh price: a wide alert that did not fire is truly short of its threshold. */
const allFresh = (holdings: PricedHolding[]) =>
  holdings.every((h) => h.fresh || !(h.quantity > 0 && h.purchasePrice > 0));

function evaluateWide(alert: WideAlert, holdings: PricedHolding[]): Firing[] {
  const rule = {
    thresholdType: alert.thresholdType as ThresholdType,
    thresholdValue: Number(alert.thresholdValue),
  };
  if (alert.scope === 'portfolio') {
    const result = evaluatePortfolioAlert(rule, holdings);
    if (!result.fire) return [];
    return [
      {
        alertId: alert.id,
        userId: alert.userId,
        price: toDecimalString(result.value) ?? '0',
        target: result.target,
        cost: result.cost,
      },
    ];
  }
  const result = evaluateAllCoinsAlert(rule, holdings);
  if (!result.fire) return [];
  const first = result.crossed[0]!;
  return [
    {
      alertId: alert.id,
      userId: alert.userId,
      price: toDecimalString(first.price) ?? '0',
      crossed: result.crossed,
    },
  ];
}
