/**
 * Built-in prices for when no live data is reachable (SPEC.md section 3 'Ticker coin', section 4 'Ticker').
 * They come from the ticker table in coins.ts and are never presented as live.
 */
import { TICKER_COINS, type TickerCoinDef } from '../ticker-coins.ts';
import type { MarketCoin, PriceMap, TickerCoin } from './types.ts';

/** Absolute 24h change in USD implied by a price and its 24h change in percent. */
export function absoluteChange24h(price: number, changePercent: number): number {
  const before = price / (1 + changePercent / 100);
  return Number.isFinite(before) ? price - before : 0;
}

/** One ticker coin at its built-in price. */
export function fallbackTickerCoin(coin: TickerCoinDef): TickerCoin {
  return {
    symbol: coin.symbol,
    name: coin.name,
    price: coin.fallbackUsd,
    change24h: absoluteChange24h(coin.fallbackUsd, coin.fallbackChangePct),
    changePercent24h: coin.fallbackChangePct,
  };
}

/** The ten ticker coins at their built-in prices, in display order (shown on a rate limit or outage). */
export function fallbackTicker(): TickerCoin[] {
  return TICKER_COINS.map(fallbackTickerCoin);
}

/**
 * Built-in prices for the given CoinGecko ids. Only ids with a built-in price (the ticker coins) appear;
 * others are left out rather than priced at 0. `lastUpdated` (unix seconds) defaults to 0, which marks
 * the price as not live, so nothing that needs a fresh price (alerts) acts on it.
 */
export function fallbackPrices(ids: readonly string[], lastUpdated = 0): PriceMap {
  const prices: PriceMap = {};
  for (const id of ids) {
    const coin = TICKER_COINS.find((c) => c.coingeckoId === id);
    if (coin)
      prices[id] = {
        usd: coin.fallbackUsd,
        usd_24h_change: coin.fallbackChangePct,
        last_updated: lastUpdated,
      };
  }
  return prices;
}

/**
 * Built-in coins/markets rows for the given ids (ticker coins only, in the order asked), for the ticker when
 * no live or cached rows exist. `last_updated` is 0: not live.
 */
export function fallbackMarkets(ids: readonly string[]): MarketCoin[] {
  const rows: MarketCoin[] = [];
  for (const id of ids) {
    const coin = TICKER_COINS.find((c) => c.coingeckoId === id);
    if (!coin) continue;
    rows.push({
      id,
      symbol: coin.symbol,
      name: coin.name,
      image: null,
      current_price: coin.fallbackUsd,
      price_change_24h: absoluteChange24h(coin.fallbackUsd, coin.fallbackChangePct),
      price_change_percentage_24h: coin.fallbackChangePct,
      last_updated: 0,
    });
  }
  return rows;
}
