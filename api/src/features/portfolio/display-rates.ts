import { loadDailyFxRates, type AppDb, type UserRecord } from '@coinpace/db';
import { isDisplayCurrency, utcDay, type PortfolioHistory } from '@coinpace/domain';

/**
 * Adds to a history in dollars the user's display currency's stored daily rates from the history's
 * first day on (`fx`), for the chart to convert each point with the rate of its day (domain
 * `rateOnDay`); nothing for a user who sees dollars. The values themselves stay in USD.
 */
export async function withDisplayRates<H extends Pick<PortfolioHistory, 'from' | 'fx'>>(
  db: AppDb,
  user: Pick<UserRecord, 'displayCurrency'>,
  history: H,
): Promise<H> {
  const currency = user.displayCurrency;
  if (!isDisplayCurrency(currency) || currency === 'usd') return history;
  return { ...history, fx: { currency, days: await loadDailyFxRates(db, currency, utcDay(history.from)) } };
}
