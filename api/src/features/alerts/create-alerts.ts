/**
 * POST /api/alerts (SPEC.md sections 3 and 5, DESIGN.md section 5): one alert per coin named, or one
 * all-coins or whole-portfolio alert, each stored with its trigger price or reference value.
 */
import {
  countAlerts,
  findLatestPrice,
  findTrackedCoin,
  insertAlerts,
  listHoldings,
  lockUserAlerts,
  trackAlertCoins,
  type AppDb,
  type NewAlert,
  type UserRecord,
} from '@coinpace/db';
import {
  AppError,
  computeTrigger,
  directionOf,
  displayCurrencyOf,
  isPercentThreshold,
  priceCapMessage,
  toDecimalString,
  type DisplayCurrency,
  type AlertView,
  type CreateAlert,
  type HoldingRow,
} from '@coinpace/domain';
import { portfolioFigures, ratesFor, toAlertView } from './alert-view.ts';
import { requireAlertPlan, requireContactFor, requireSetupRoom } from './gate.ts';
import { holdingColumns, holdingReference } from './holding-alert.ts';
import { isUuid } from '../../path-id.ts';

/** Creates the alerts the payload asks for, all or none; 403 when the user may not, 400 when a coin does not fit. */
export async function createAlerts(
  db: AppDb,
  user: UserRecord,
  input: CreateAlert,
  now: Date,
): Promise<AlertView[]> {
  const plan = await requireAlertPlan(db, user.id, now, input.notificationMethod);
  requireContactFor(user, input.notificationMethod);
  const currency = input.currency ?? displayCurrencyOf(user.displayCurrency);
  const cap = priceCapMessage(input.thresholdType, input.thresholdValue, currency);
  if (cap) throw badRequest(cap);
  const holdings = await listHoldings(db, user.id);
  const rows = await buildRows(db, user.id, { ...input, currency }, holdings);
  const watched = rows
    .filter((r) => r.type === 'WatchlistPrice' && r.coingeckoId)
    .map((r) => ({
      coingeckoId: r.coingeckoId!,
      name: r.coinName ?? r.coingeckoId!,
      symbol: r.coinSymbol ?? '',
    }));
  const created = await db.transaction(async (tx) => {
    await lockUserAlerts(tx, user.id);
    requireSetupRoom(plan, await countAlerts(tx, user.id), rows.length);
    await trackAlertCoins(tx, watched);
    return insertAlerts(tx, rows);
  });
  const prices = new Map(holdings.map((h) => [h.coingeckoId, h.currentPrice]));
  const value = portfolioFigures(holdings);
  const rates = await ratesFor(db, created);
  return Promise.all(
    created.map(async (alert) => {
      const held = alert.coingeckoId ? prices.get(alert.coingeckoId) : undefined;
      const usd = held
        ? String(held)
        : alert.coingeckoId
          ? ((await findLatestPrice(db, alert.coingeckoId)) ?? null)
          : null;
      return toAlertView(alert, usd, value, rates);
    }),
  );
}

async function buildRows(
  db: AppDb,
  userId: string,
  input: CreateAlert & { currency: DisplayCurrency },
  holdings: HoldingRow[],
): Promise<NewAlert[]> {
  const common = {
    userId,
    currency: input.currency,
    // An Above/Below price is in the alert's currency; a percentage is measured from dollar prices.
    triggerCurrency: isPercentThreshold(input.thresholdType) ? 'usd' : input.currency,
    type: input.type,
    thresholdType: input.thresholdType,
    thresholdValue: input.thresholdValue,
    notificationMethod: input.notificationMethod,
    channels: input.channels ?? [],
    resetInterval: input.resetInterval,
    direction: directionOf(input.thresholdType),
  };
  if (input.wholePortfolio) {
    // Measured against what the holdings cost, computed at each tick (evaluatePortfolioAlert).
    if (!portfolioFigures(holdings)) {
      throw badRequest(
        'None of your holdings has both a live price and a purchase price yet, so the gain or loss of your portfolio cannot be measured.',
      );
    }
    return [{ ...common, direction: null, scope: 'portfolio', referenceValue: null }];
  }
  if (input.allCoins) {
    if (holdings.length === 0)
      throw badRequest('Your portfolio is empty: add coins before alerting on all of them.');
    return [{ ...common, direction: null, scope: 'all_coins' }];
  }
  const coins = [...new Set(input.coinIds?.length ? input.coinIds : [input.coinId!])];
  const rows: NewAlert[] = [];
  for (const coin of coins) {
    rows.push(
      input.type === 'PortfolioGainLoss'
        ? holdingRow(common, input, coin, holdings)
        : await watchlistRow(db, common, input, coin, holdings),
    );
  }
  return rows;
}

type Common = Pick<
  NewAlert,
  | 'userId'
  | 'currency'
  | 'triggerCurrency'
  | 'type'
  | 'thresholdType'
  | 'thresholdValue'
  | 'notificationMethod'
  | 'channels'
  | 'resetInterval'
  | 'direction'
>;

function holdingRow(common: Common, input: CreateAlert, coin: string, holdings: HoldingRow[]): NewAlert {
  const holding = isUuid(coin)
    ? holdings.find((h) => h.id === coin.toLowerCase())
    : holdings.find((h) => h.coingeckoId === coin);
  if (!holding) throw badRequest(`${coin} is not in your portfolio.`);
  if (!holding.coingeckoId) {
    throw badRequest(`${holding.symbol} has no CoinGecko id, so it has no live price to alert on.`);
  }
  return {
    ...common,
    ...trigger(input, holdingReference(holding), holding.symbol),
    ...holdingColumns(holding),
  };
}

async function watchlistRow(
  db: AppDb,
  common: Common,
  input: CreateAlert,
  coin: string,
  holdings: HoldingRow[],
): Promise<NewAlert> {
  const held = holdings.find((h) => h.coingeckoId === coin);
  const tracked = held || input.coin ? undefined : await findTrackedCoin(db, coin);
  const symbol = input.coin?.symbol ?? held?.symbol ?? tracked?.symbol ?? coin.toUpperCase();
  const reference = isPercentThreshold(input.thresholdType)
    ? ((await findLatestPrice(db, coin)) ?? null)
    : null;
  return {
    ...common,
    ...trigger(input, reference, symbol),
    scope: 'coin',
    coingeckoId: coin,
    coinSymbol: symbol,
    coinName: input.coin?.name ?? held?.name ?? tracked?.name ?? coin,
    coinImage: input.coin?.image ?? held?.image ?? null,
  };
}

/** The trigger columns for a single-coin alert; 400 when a percentage has nothing to be measured from. */
function trigger(input: CreateAlert, reference: string | null, symbol: string) {
  const result = computeTrigger({
    thresholdType: input.thresholdType,
    thresholdValue: input.thresholdValue,
    referencePrice: reference,
  });
  if (!result.ok) {
    throw badRequest(
      result.reason === 'no_reference'
        ? `No purchase price or current price is known for ${symbol} yet, so a ${input.thresholdType.toLowerCase()} cannot be measured. Set its purchase price first.`
        : 'The alert value is not valid.',
    );
  }
  return {
    triggerPrice: result.triggerPrice,
    referenceValue: isPercentThreshold(input.thresholdType) ? toDecimalString(reference!) : null,
  };
}

function badRequest(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message });
}
