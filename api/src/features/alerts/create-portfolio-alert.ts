/**
 * POST /api/alerts with a `kind`: one portfolio-kind alert (portfolio value, drawdown, holding gain/loss,
 * allocation), judged by the alert consumer on each tick against the user's holdings, or an event kind
 * (movement, sync problem), judged by the worker's event-alert job on what syncs record. A drawdown starts
 * from the value now, its first high-water mark.
 */
import {
  countAlerts,
  insertAlerts,
  listHoldings,
  lockUserAlerts,
  type AppDb,
  type NewAlert,
  type UserRecord,
} from '@coinpace/db';
import {
  AppError,
  displayCurrencyOf,
  directionOf,
  isEventKind,
  toDecimalString,
  type AlertView,
  type CreatePortfolioAlert,
  type HoldingRow,
} from '@coinpace/domain';
import { ratesFor, toAlertView } from './alert-view.ts';
import { requireAlertPlan, requireContactFor, requireSetupRoom } from './gate.ts';

/** Creates the alert; 403 when the user may not, 400 when the holding or the portfolio does not fit. */
export async function createPortfolioAlert(
  db: AppDb,
  user: UserRecord,
  input: CreatePortfolioAlert,
  now: Date,
): Promise<AlertView> {
  const plan = await requireAlertPlan(db, user.id, now, input.notificationMethod);
  requireContactFor(user, input.notificationMethod);
  const holdings = await listHoldings(db, user.id);
  const holding = input.holdingId ? holdings.find((h) => h.id === input.holdingId!.toLowerCase()) : undefined;
  if (input.holdingId && !holding) throw badRequest('That holding is not in your portfolio.');
  // Movements and sync problems are told by syncs, not prices: they need neither a price nor holdings yet.
  const byEvents = isEventKind(input.kind);
  if (holding && !holding.coingeckoId && !byEvents) {
    throw badRequest(`${holding.symbol} has no CoinGecko id, so it has no live price to alert on.`);
  }
  if (holdings.length === 0 && !byEvents)
    throw badRequest('Your portfolio is empty: add coins before alerting on it.');
  if (input.kind === 'holding_pnl' && !(Number(holding!.purchasePrice) > 0)) {
    throw badRequest(
      `No purchase price is known for ${holding!.symbol} yet, so its gain or loss cannot be measured. Set its purchase price first.`,
    );
  }
  const startValue = input.kind === 'drawdown' ? valueOf(holdings, holding) : null;
  const row: NewAlert = {
    userId: user.id,
    type: 'PortfolioGainLoss',
    scope: input.kind,
    currency: input.currency ?? displayCurrencyOf(user.displayCurrency),
    thresholdType: input.thresholdType,
    thresholdValue: input.thresholdValue,
    measure: input.kind === 'holding_pnl' ? input.measure! : null,
    notificationMethod: input.notificationMethod,
    channels: input.channels ?? [],
    resetInterval: input.resetInterval,
    direction: directionOf(input.thresholdType),
    portfolioItemId: holding?.id ?? null,
    coinSymbol: holding?.symbol ?? null,
    coinName: holding?.name ?? null,
    coinImage: holding?.image ?? null,
    highWater: startValue ? toDecimalString(startValue) : null,
    highWaterAt: startValue ? now : null,
  };
  const [created] = await db.transaction(async (tx) => {
    await lockUserAlerts(tx, user.id);
    requireSetupRoom(plan, await countAlerts(tx, user.id), 1);
    return insertAlerts(tx, [row]);
  });
  return toAlertView(created!, null, null, await ratesFor(db, [created!]), holdings);
}

/** The value (USD) of the portfolio or of one holding at the latest prices; null when nothing is priced. */
function valueOf(holdings: readonly HoldingRow[], holding: HoldingRow | undefined): number | null {
  const value = (holding ? [holding] : holdings).reduce(
    (sum, h) => sum + (h.currentPrice > 0 ? Number(h.quantity) * h.currentPrice : 0),
    0,
  );
  return value > 0 ? value : null;
}

function badRequest(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message });
}
