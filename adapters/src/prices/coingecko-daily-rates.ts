/**
 * Past daily rates from CoinGecko: the daily history of one reference coin in US dollars and
 * in each currency asked (coins/{id}/market_chart, interval=daily), divided day by day.
 */
import type { DisplayCurrency } from '@coinpace/domain';
import { dailyRatesFrom, readMarketChart } from './coingecko-parse.ts';
import type { DailyRatesResult, GetDailyRatesOptions } from './port.ts';
import type { CoinGeckoUpstream } from './upstream.ts';

/** The coin whose price history the rates are read from: the most widely quoted one. */
export const RATE_REFERENCE_COIN = 'bitcoin';
/** Most days asked: beyond 90, CoinGecko's daily points thin out on the public API. */
export const MAX_RATE_DAYS = 90;

/**
 * Reads the dollar history first (a failure there ends the call with no rates), then one history per
 * currency; each call goes through the adapter's limiter at the given priority (low by default).
 */
export async function readDailyRates(
  upstream: CoinGeckoUpstream,
  currencies: readonly DisplayCurrency[],
  options: GetDailyRatesOptions & { timeoutMs: number },
): Promise<DailyRatesResult> {
  const rates: DailyRatesResult['rates'] = {};
  const others = [...new Set(currencies)].filter((c) => c !== 'usd');
  const days = String(Math.min(Math.max(Math.round(options.days), 1), MAX_RATE_DAYS));
  const history = async (currency: string) => {
    const query = new URLSearchParams({ vs_currency: currency, days, interval: 'daily' });
    const path = `/coins/${RATE_REFERENCE_COIN}/market_chart`;
    const outcome = await upstream.get(path, query, options.timeoutMs, options.priority ?? 'low');
    return outcome.ok ? readMarketChart(outcome.body) : null;
  };
  const usd = others.length > 0 ? await history('usd') : null;
  if (!usd) return { rates, state: upstream.state() };
  for (const currency of others) {
    const prices = await history(currency);
    if (!prices) continue;
    const daily = dailyRatesFrom(usd, prices);
    if (daily.length > 0) rates[currency] = daily;
  }
  return { rates, state: upstream.state() };
}
