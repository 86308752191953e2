/**
 * Charts of dollar histories in the display currency: the API keeps history in dollars and
 * sends the display currency's daily rates beside it (`fx`); a chart converts each point at its own day's
 * rate.
 */
import { moneyIn, rateOnDay, type DailyRates, type Money } from '@coinpace/domain';
import { useMoney } from './currency-store.ts';

const DOLLARS = moneyIn('usd', {});

/** Money for a chart: the display currency once a rate of it is known, else the dollars history is kept in. */
export function useChartMoney(): Money {
  const displayed = useMoney();
  return Number.isFinite(displayed.fromUsd(1)) ? displayed : DOLLARS;
}

/**
 * Converts a dollar amount of time `t` (epoch ms) into `money`'s currency at the rate of t's day when
 * `fx` holds that currency's daily rates (domain `rateOnDay`), else at the latest rate.
 */
export function atDayRate(money: Money, fx: DailyRates | undefined): (usd: number, t: number) => number {
  if (money.currency === 'usd') return (usd) => usd;
  const days = fx?.currency === money.currency ? fx.days : [];
  const latest = money.fromUsd(1);
  return (usd, t) => usd * (rateOnDay(days, t) ?? latest);
}
