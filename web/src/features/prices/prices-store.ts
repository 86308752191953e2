/**
 * Live prices in the browser: one store fed by the Socket.IO layer (or by polling /api/prices when
 * the socket cannot connect) and read by the ticker and the portfolio rows. Screens subscribe per
 * coin with `useCoinPrice`, so a tick re-renders only the rows whose price changed.
 */
import {
  applyQuotesToTicker,
  TICKER_COIN_IDS,
  tickerFromPrices,
  type PriceMap,
  type PriceQuote,
  type PriceSourceState,
  type TickerCoin,
} from '@coinpace/domain';
import { create } from 'zustand';

export interface PricesState {
  /**
   * Latest quote per CoinGecko id (and per lower-cased contract address for held tokens without a
   * CoinGecko id, from the portfolio's refreshes). An unchanged coin keeps its object identity across ticks.
   */
  prices: Record<string, PriceQuote>;
  /**
   * The ten ticker coins, null until the first data arrives: the `ticker` event on connect, then moved by
   * the ticker coins' quotes in `prices` (one frame per tick carries both), like the portfolio rows.
   */
  ticker: TickerCoin[] | null;
  /** What the server says of its price source (live, rate limited, unavailable, simulated). */
  sourceState: PriceSourceState | null;
  /** How this tab receives prices. */
  connection: 'connecting' | 'live' | 'polling' | 'offline';
  /** When the last price arrived, ms since epoch. */
  lastUpdated: number | null;
}

export const usePrices = create<PricesState>(() => ({
  prices: {},
  ticker: null,
  sourceState: null,
  connection: 'connecting',
  lastUpdated: null,
}));

/**
 * Merges quotes into the store, touching only coins whose quote changed, and moves the ticker coins they
 * price (a ticker not seen yet is built once every ticker coin has a quote).
 */
export function mergePrices(map: PriceMap, at = Date.now()): void {
  const { prices: current, ticker } = usePrices.getState();
  let next: Record<string, PriceQuote> | null = null;
  for (const [id, quote] of Object.entries(map)) {
    const old = current[id];
    if (old && old.usd === quote.usd && old.usd_24h_change === quote.usd_24h_change) continue;
    next ??= { ...current };
    next[id] = quote;
  }
  if (!next) return;
  const prices = next;
  const nextTicker = ticker
    ? applyQuotesToTicker(ticker, map)
    : TICKER_COIN_IDS.every((id) => prices[id])
      ? tickerFromPrices(prices)
      : null;
  usePrices.setState({ prices, lastUpdated: at, ...(nextTicker !== ticker ? { ticker: nextTicker } : {}) });
}

/** The quote of one coin; components re-render only when that coin's quote changes. */
export function useCoinPrice(coingeckoId: string | null | undefined): PriceQuote | undefined {
  return usePrices((s) => (coingeckoId ? s.prices[coingeckoId] : undefined));
}

type CoinSubscriber = (ids: string[]) => void;
let coinSubscriber: CoinSubscriber = () => {};
let wanted: string[] = [];

/**
 * Declares the coins this screen needs live prices for (the live layer joins their rooms). Calling
 * again replaces the set.
 */
export function watchCoins(ids: string[]): void {
  wanted = [...new Set(ids.filter(Boolean))].sort();
  coinSubscriber(wanted);
}

/** Installed by the live layer; called at once with the current set. */
export function setCoinSubscriber(subscriber: CoinSubscriber): void {
  coinSubscriber = subscriber;
  subscriber(wanted);
}

/** The ids currently watched. */
export function watchedCoins(): string[] {
  return wanted;
}
