/**
 * Price shapes shared by the price source, the API, the real-time events and the browser
 * (SPEC.md section 3: 'Ticker coin', 'Price entry', 'Coin search result').
 */

/** One coin's price as served to clients and carried on ticks (SPEC.md 'Price entry'). */
export interface PriceQuote {
  /** Price in US dollars. */
  usd: number;
  /** Change over the last 24 hours in percent (e.g. -1.23), null when the source gives none. */
  usd_24h_change: number | null;
  /** When the source last updated this price, in unix seconds; 0 for a built-in fallback price. */
  last_updated: number;
}

/** Prices by CoinGecko id (for token prices: by lower-case contract address). */
export type PriceMap = Record<string, PriceQuote>;

/** One item of the scrolling ticker (SPEC.md 'Ticker coin'). */
export interface TickerCoin {
  /** Upper case, e.g. 'BTC'. */
  symbol: string;
  name: string;
  /** Price in US dollars. */
  price: number;
  /** Absolute change over 24 hours in US dollars. */
  change24h: number;
  /** Change over 24 hours in percent. */
  changePercent24h: number;
}

/** One coin search result, priced (SPEC.md 'Coin search result'). */
export interface CoinSearchResult {
  /** CoinGecko id. */
  id: string;
  name: string;
  /** Upper case. */
  symbol: string;
  /** Image URL, null when the source has none. */
  image: string | null;
  /** Price in US dollars; 0 when it could not be priced (shown as 'No price data'). */
  current_price: number;
  /** 24h change in percent, null when unknown. */
  price_change_percentage_24h: number | null;
  /** A known contract address for the coin (lower case), null when none is known. */
  contract_address: string | null;
}

/** One row of CoinGecko's coins/markets, reduced to the fields we read (SPEC.md section 7). */
export interface MarketCoin {
  /** CoinGecko id. */
  id: string;
  /** Upper case. */
  symbol: string;
  name: string;
  image: string | null;
  /** Price in US dollars. */
  current_price: number;
  /** Absolute change over 24 hours in US dollars, null when unknown. */
  price_change_24h: number | null;
  /** Change over 24 hours in percent, null when unknown. */
  price_change_percentage_24h: number | null;
  /** Unix seconds of the source's last update; 0 for built-in fallback rows. */
  last_updated: number;
}

/** Where prices come from right now, so the UI can label them. */
export type PriceSourceStatus = 'live' | 'rate_limited' | 'unavailable' | 'simulated';

/**
 * The health of a price source (DESIGN.md section 3, prices row).
 * - live: the last upstream call succeeded.
 * - rate_limited: upstream answered 429; no upstream call is made before `lockedUntil`, cached prices are served.
 * - unavailable: upstream failed (network, timeout, 5xx); last known or built-in prices are served.
 * - simulated: the explicit demo feed (`PRICE_SOURCE=simulated`), labelled 'Simulated prices'.
 */
export interface PriceSourceState {
  status: PriceSourceStatus;
  /** Epoch milliseconds until which no upstream call is made (rate_limited only). */
  lockedUntil?: number;
  /** Epoch milliseconds of the last successful upstream answer; absent when none yet. */
  lastSuccessAt?: number;
  /** A short human-readable explanation. */
  message?: string;
}
