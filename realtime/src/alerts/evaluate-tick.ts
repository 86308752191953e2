/**
 * Which alerts a tick fires (DESIGN.md section 5): the usable prices of the tick go to one indexed range
 * query for single-coin alerts; whole-portfolio and all-coins alerts are looked at only for users who
 * hold a coin whose price changed. Nothing is written here.
 */
import {
  findCrossedAlerts,
  findPortfolioWideAlerts,
  loadAlertPrices,
  loadPricedHoldings,
  type AlertRecord,
  type AppDb,
  type TickQuote,
} from '@coinpace/db';
import {
  checkAlertPrice,
  evaluateAllCoinsAlert,
  evaluatePortfolioAlert,
  isStale,
  toDecimalString,
  type AlertPriceRejection,
  type CrossedHolding,
  type PriceTick,
  type PricedHolding,
  type ThresholdType,
} from '@coinpace/domain';

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
}

export interface TickEvaluation {
  firings: Firing[];
  /** Coins of the tick whose price may not fire alerts, and why. */
  rejected: { coingeckoId: string; reason: AlertPriceRejection | 'tick_too_old' }[];
  /** True when the tick's usable prices are the simulated demo feed (PRICE_SOURCE=simulated), not the market. */
  simulated: boolean;
}

export interface EvaluateOptions {
  /** Epoch ms. */
  now: number;
  /** PRICE_POLL_MS: prices older than two intervals are stale. */
  pollMs: number;
}

/** Evaluates one tick against every Active alert it can reach. */
export async function evaluateTick(
  db: AppDb,
  tick: PriceTick,
  opts: EvaluateOptions,
): Promise<TickEvaluation> {
  const entries = Object.entries(tick.prices ?? {});
  if (isStale(tick.at, opts.now, opts.pollMs)) {
    // A tick redelivered long after it was polled describes prices that are no longer current.
    return {
      firings: [],
      rejected: entries.map(([coingeckoId]) => ({ coingeckoId, reason: 'tick_too_old' })),
      simulated: false,
    };
  }
  const stored = new Map(
    (
      await loadAlertPrices(
        db,
        entries.map(([id]) => id),
      )
    ).map((row) => [row.coingeckoId, row]),
  );
  const usable: TickQuote[] = [];
  const rejected: TickEvaluation['rejected'] = [];
  for (const [coingeckoId, quote] of entries) {
    const row = stored.get(coingeckoId);
    const check = checkAlertPrice({
      price: quote.usd,
      storedPrice: row?.usd,
      receivedAt: row?.receivedAt.getTime(),
      source: row?.source,
      now: opts.now,
      pollMs: opts.pollMs,
    });
    const price = check.usable ? toDecimalString(quote.usd) : null;
    if (price === null) rejected.push({ coingeckoId, reason: check.usable ? 'rejected' : check.reason });
    else usable.push({ coingeckoId, price });
  }

  const firings: Firing[] = (await findCrossedAlerts(db, usable)).map((c) => ({
    alertId: c.id,
    userId: c.userId,
    price: c.price,
  }));
  firings.push(...(await evaluateWideAlerts(db, usable, opts)));
  // One price source feeds the poller, so a tick is simulated or not as a whole.
  const simulated = usable.some((q) => stored.get(q.coingeckoId)?.source === 'simulated');
  return { firings, rejected, simulated };
}

async function evaluateWideAlerts(db: AppDb, usable: TickQuote[], opts: EvaluateOptions): Promise<Firing[]> {
  const alerts = await findPortfolioWideAlerts(
    db,
    usable.map((q) => q.coingeckoId),
  );
  if (alerts.length === 0) return [];
  const holdingsByUser = new Map<string, PricedHolding[]>();
  for (const row of await loadPricedHoldings(db, [...new Set(alerts.map((a) => a.userId))])) {
    const list = holdingsByUser.get(row.userId) ?? [];
    list.push({
      coingeckoId: row.coingeckoId,
      symbol: row.symbol,
      quantity: Number(row.quantity),
      purchasePrice: Number(row.purchasePrice),
      price: row.usd === null ? null : Number(row.usd),
      fresh:
        row.usd !== null &&
        row.source !== 'fallback' &&
        !isStale(row.receivedAt?.getTime(), opts.now, opts.pollMs),
    });
    holdingsByUser.set(row.userId, list);
  }
  const firings: Firing[] = [];
  for (const alert of alerts) firings.push(...evaluateWide(alert, holdingsByUser.get(alert.userId) ?? []));
  return firings;
}

function evaluateWide(alert: AlertRecord, holdings: PricedHolding[]): Firing[] {
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
