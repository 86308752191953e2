/** Alert rows as the API returns them (AlertView in domain): SPEC.md's server shape plus trigger, lifecycle and distance. */
import { loadLatestFxRates, type AlertRecord, type AppDb } from '@coinpace/db';
import {
  ALL_COINS_SYMBOL,
  PORTFOLIO_TOTAL,
  alertLifecycle,
  distanceToTrigger,
  portfolioBasis,
  portfolioTarget,
  displayCurrencyOf,
  rateOf,
  isEventKind,
  isPortfolioKind,
  type AlertScope,
  type AlertStatus,
  type AlertType,
  type AlertView,
  type Direction,
  type FxRates,
  type HoldingRow,
  type NotificationMethod,
  type ResetInterval,
  type ThresholdType,
} from '@coinpace/domain';

/** What a whole-portfolio alert measures: the counted holdings' value and cost, USD (see portfolioBasis). */
export interface PortfolioFigures {
  value: number;
  cost: number;
}

/** The value and cost of a user's holdings that have a price and a purchase price; null when none has. */
export function portfolioFigures(holdings: readonly HoldingRow[]): PortfolioFigures | null {
  const basis = portfolioBasis(
    holdings.map((h) => ({
      coingeckoId: h.coingeckoId,
      symbol: h.symbol,
      quantity: Number(h.quantity),
      purchasePrice: Number(h.purchasePrice),
      price: h.currentPrice > 0 ? h.currentPrice : null,
    })),
  );
  return basis.counted > 0 ? { value: basis.value, cost: basis.cost } : null;
}

/** The latest display-currency rates when any of `alerts` was set in another currency than the dollar. */
export async function ratesFor(
  db: AppDb,
  alerts: readonly Pick<AlertRecord, 'currency'>[],
): Promise<FxRates> {
  return alerts.some((a) => a.currency !== 'usd') ? (await loadLatestFxRates(db)).rates : {};
}

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * Builds the view of one alert. `usd` is the coin's latest price (decimal string); `portfolio` the
 * holdings' value and cost, used by whole-portfolio alerts; `rates` the latest display-currency rates:
 * the view states its prices in the alert's currency, null where a dollar figure has no rate
 * to be told in it yet. The distance is worked out in the currency the trigger is kept in.
 */
export function toAlertView(
  alert: AlertRecord,
  usd: string | null,
  portfolio: PortfolioFigures | null,
  rates: FxRates,
  holdings: readonly HoldingRow[] = [],
): AlertView {
  const scope = alert.scope as AlertScope;
  const thresholdType = alert.thresholdType as ThresholdType;
  const thresholdValue = Number(alert.thresholdValue);
  const currency = displayCurrencyOf(alert.currency);
  const rate = rateOf(currency, rates);
  const told = (dollars: number | null) => (dollars === null || rate === undefined ? null : dollars * rate);
  // An Above/Below trigger is kept in the alert's currency; a Gain/Loss one in dollars.
  const triggerInOwn = alert.triggerCurrency === currency;
  const triggerPrice = toNumber(alert.triggerPrice);
  let referenceValue = toNumber(alert.referenceValue);
  const lifecycle = alertLifecycle({
    status: alert.status as AlertStatus,
    pausedBy: alert.pausedBy as 'user' | 'trigger' | null,
    lastTriggered: alert.lastTriggered,
    resetInterval: alert.resetInterval as ResetInterval,
    armed: scope !== 'coin' || triggerPrice !== null,
  });
  let currentPrice: number | null = null;
  let distancePercent: number | null = null;
  // Dollars; a whole-portfolio alert's trigger is the value its percentage on the cost works out to.
  let portfolioTrigger: number | null = null;
  if (scope === 'coin') {
    currentPrice = usd === null ? null : Number(usd);
    distancePercent = triggerInOwn
      ? distanceToTrigger(triggerPrice, told(currentPrice))
      : distanceToTrigger(triggerPrice, currentPrice);
  } else if (scope === 'portfolio') {
    currentPrice = portfolio?.value ?? null;
    referenceValue = portfolio?.cost ?? null;
    const kind = thresholdType === 'Loss' ? 'Loss' : 'Gain';
    portfolioTrigger = referenceValue ? portfolioTarget(kind, thresholdValue, referenceValue) : null;
    distancePercent = distanceToTrigger(portfolioTrigger, currentPrice);
  } else if (isPortfolioKind(scope)) {
    const kind = kindFigures(alert, holdings);
    currentPrice = kind.current;
    portfolioTrigger = kind.trigger;
    distancePercent = distanceToTrigger(portfolioTrigger, currentPrice);
  }
  const coinSymbol =
    scope === 'portfolio' || (isPortfolioKind(scope) && !alert.coinSymbol)
      ? PORTFOLIO_TOTAL
      : scope === 'all_coins'
        ? ALL_COINS_SYMBOL
        : (alert.coinSymbol ?? '');
  return {
    _id: alert.id,
    id: alert.id,
    type: alert.type as AlertType,
    scope,
    coinId:
      scope === 'coin' && alert.coingeckoId
        ? {
            id: alert.coingeckoId,
            name: alert.coinName ?? alert.coingeckoId,
            shortname: alert.coinSymbol ?? '',
            image: alert.coinImage,
            currentPrice,
          }
        : null,
    coinSymbol,
    portfolioItemId: alert.portfolioItemId,
    thresholdType,
    thresholdValue,
    notificationMethod: alert.notificationMethod as NotificationMethod,
    channels: alert.channels,
    status: alert.status as AlertStatus,
    pausedBy: alert.pausedBy as 'user' | 'trigger' | null,
    lastTriggered: alert.lastTriggered?.toISOString() ?? null,
    resetInterval: alert.resetInterval as ResetInterval,
    direction: alert.direction as Direction | null,
    currency,
    // The list shows the same trigger figure the create preview worked out, whatever the scope.
    triggerPrice:
      scope === 'portfolio' || isPortfolioKind(scope)
        ? told(portfolioTrigger)
        : triggerInOwn
          ? triggerPrice
          : told(triggerPrice),
    referenceValue: told(referenceValue),
    currentPrice: told(currentPrice),
    measure: alert.measure === 'amount' || alert.measure === 'percent' ? alert.measure : null,
    highWater: told(toNumber(alert.highWater)),
    distancePercent,
    lifecycle: { state: lifecycle.state, cooldownUntil: lifecycle.cooldownUntil?.toISOString() ?? null },
    origin: alert.origin === 'auto' ? 'auto' : 'user',
    createdAt: alert.createdAt.toISOString(),
    updatedAt: alert.updatedAt.toISOString(),
  };
}

/**
 * A portfolio kind's figures in dollars, from the user's holdings at their latest prices: the value it
 * watches (the portfolio's, or the holding's) and, where the kind has one, the value it fires at.
 */
function kindFigures(
  alert: AlertRecord,
  holdings: readonly HoldingRow[],
): { current: number | null; trigger: number | null } {
  // Movements and sync problems have no value that approaches a trigger.
  if (isEventKind(alert.scope)) return { current: null, trigger: null };
  const worth = (h: HoldingRow) => (h.currentPrice > 0 ? Number(h.quantity) * h.currentPrice : 0);
  const total = holdings.reduce((sum, h) => sum + worth(h), 0);
  const holding = alert.portfolioItemId ? holdings.find((h) => h.id === alert.portfolioItemId) : undefined;
  const current = alert.portfolioItemId ? (holding ? worth(holding) : null) : total > 0 ? total : null;
  const threshold = Number(alert.thresholdValue);
  if (alert.scope === 'drawdown' && alert.highWater !== null) {
    return { current, trigger: Number(alert.highWater) * (1 - threshold / 100) };
  }
  return { current, trigger: null };
}
