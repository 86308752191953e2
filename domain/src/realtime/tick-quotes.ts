/**
 * The one `prices` event per tick (DESIGN.md section 4): the quotes a tick carries for every changed coin,
 * the ticker coins included, and the ticker the browser keeps up to date from those quotes.
 */
import { TICKER_COINS } from '../ticker-coins.ts';
import { absoluteChange24h } from '../prices/fallback.ts';
import type { PriceMap, PriceQuote, TickerCoin } from '../prices/types.ts';
import type { PriceTick } from './events.ts';

const ID_BY_SYMBOL = new Map(TICKER_COINS.map((coin) => [coin.symbol, coin.coingeckoId]));

/**
 * The changed quotes of a tick: its `prices`, plus a quote for each ticker coin whose ticker entry moved
 * (against `previous`, the ticker the clients last saw) without a quote in `prices`. That happens when
 * the ticker shows a cached or built-in price; such a quote keeps the coin's last `last_updated` from
 * `lastUpdated` (0 when unknown: not live). Returns `tick.prices` itself when nothing is added.
 */
export function tickQuotes(
  tick: Pick<PriceTick, 'prices' | 'ticker'>,
  previous: readonly TickerCoin[] | null,
  lastUpdated: (coingeckoId: string) => number | undefined = () => undefined,
): PriceMap {
  if (!tick.ticker) return tick.prices;
  let out: PriceMap | undefined;
  const before = new Map(previous?.map((coin) => [coin.symbol, coin]));
  for (const coin of tick.ticker) {
    const id = ID_BY_SYMBOL.get(coin.symbol);
    if (!id || tick.prices[id]) continue;
    const seen = before.get(coin.symbol);
    if (seen && seen.price === coin.price && seen.changePercent24h === coin.changePercent24h) continue;
    out ??= { ...tick.prices };
    out[id] = { usd: coin.price, usd_24h_change: coin.changePercent24h, last_updated: lastUpdated(id) ?? 0 };
  }
  return out ?? tick.prices;
}

/**
 * `ticker` with the quotes of `prices` applied to its coins (matched by CoinGecko id, display order
 * kept). Returns `ticker` itself when no ticker coin's price or change moved.
 */
export function applyQuotesToTicker(ticker: readonly TickerCoin[], prices: Readonly<PriceMap>): TickerCoin[] {
  let out: TickerCoin[] | undefined;
  ticker.forEach((coin, i) => {
    const id = ID_BY_SYMBOL.get(coin.symbol);
    const quote: PriceQuote | undefined = id ? prices[id] : undefined;
    if (!quote || !(Number.isFinite(quote.usd) && quote.usd > 0)) return;
    const pct = quote.usd_24h_change ?? 0;
    if (coin.price === quote.usd && coin.changePercent24h === pct) return;
    out ??= [...ticker];
    out[i] = {
      ...coin,
      price: quote.usd,
      changePercent24h: pct,
      change24h: absoluteChange24h(quote.usd, pct),
    };
  });
  return out ?? (ticker as TickerCoin[]);
}
