/** Builds the ticker (SPEC.md 'Ticker coin') from live data, filling gaps with built-in prices. */
import { TICKER_COINS } from '../ticker-coins.ts';
import { absoluteChange24h, fallbackTickerCoin } from './fallback.ts';
import type { MarketCoin, PriceMap, TickerCoin } from './types.ts';

/**
 * The ten ticker coins in display order, priced from coins/markets rows (matched by id).
 * A coin missing from the rows, or with a price that is not a finite number above 0, gets its built-in price.
 */
export function tickerFromMarkets(rows: readonly MarketCoin[]): TickerCoin[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return TICKER_COINS.map((coin) => {
    const row = byId.get(coin.coingeckoId);
    if (!row || !(Number.isFinite(row.current_price) && row.current_price > 0)) {
      return fallbackTickerCoin(coin);
    }
    const pct = row.price_change_percentage_24h ?? 0;
    return {
      symbol: coin.symbol,
      name: row.name || coin.name,
      price: row.current_price,
      change24h: row.price_change_24h ?? absoluteChange24h(row.current_price, pct),
      changePercent24h: pct,
    };
  });
}

/**
 * The ten ticker coins in display order, priced from a PriceMap (for a poller that already fetched
 * simple/price for the ticker ids). Missing coins get their built-in price.
 */
export function tickerFromPrices(prices: PriceMap): TickerCoin[] {
  return TICKER_COINS.map((coin) => {
    const quote = prices[coin.coingeckoId];
    if (!quote || !(Number.isFinite(quote.usd) && quote.usd > 0)) return fallbackTickerCoin(coin);
    const pct = quote.usd_24h_change ?? 0;
    return {
      symbol: coin.symbol,
      name: coin.name,
      price: quote.usd,
      change24h: absoluteChange24h(quote.usd, pct),
      changePercent24h: pct,
    };
  });
}
