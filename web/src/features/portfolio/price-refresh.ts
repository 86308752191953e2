/**
 * Fetching prices for the held coins (SPEC.md section 4, 'Prices'): a refresh on load, every 5 minutes
 * while the portfolio is non-empty, and on the Refresh button (which clears the caches first). After a
 * 429 only cached prices are used for 120 s and a banner shows. Prices land in the live prices store,
 * where the socket's ticks land too. Holdings are asked for by price key (priceKeyOf): coins by
 * CoinGecko id, tokens the static tables do not know (no CoinGecko id, a contract address) by address
 * through GET /api/prices/by-address, all such addresses in one request per refresh.
 */
import {
  AppError,
  MAX_PRICE_ADDRESSES,
  PORTFOLIO_TEXTS,
  isContractAddress,
  priceKeyOf,
  type PriceMap,
  type PriceUpdateResult,
} from '@coinpace/domain';
import { create } from 'zustand';
import { api } from '../../lib/api-client.ts';
import { mergePrices, usePrices } from '../prices/prices-store.ts';
import { usePortfolio } from './portfolio-store.ts';

/** SPEC.md section 9: price refresh every 300000 ms. */
export const AUTO_REFRESH_MS = 300_000;
/** SPEC.md section 9: rate-limit lock 120 s. */
export const RATE_LIMIT_LOCK_MS = 120_000;
/** Most ids per GET /api/prices request (keeps URLs short for large portfolios). */
export const IDS_PER_REQUEST = 250;
/** Most contract addresses per GET /api/prices/by-address request (the server's limit). */
export const ADDRESSES_PER_REQUEST = MAX_PRICE_ADDRESSES;

export interface PriceRefreshState {
  refreshing: boolean;
  /** When the last refresh succeeded, epoch ms. */
  lastRefreshAt: number | null;
  /** Until when (epoch ms) no price request is made after a 429; null when not limited. */
  rateLimitedUntil: number | null;
  /** What the last manual refresh failed with, shown in the error banner. */
  error: string | null;
}

export const usePriceRefresh = create<PriceRefreshState>(() => ({
  refreshing: false,
  lastRefreshAt: null,
  rateLimitedUntil: null,
  error: null,
}));

/** True while the 429 lock holds at `now`. */
export function isRateLimited(state: Pick<PriceRefreshState, 'rateLimitedUntil'>, now: number): boolean {
  return state.rateLimitedUntil !== null && now < state.rateLimitedUntil;
}

/**
 * Prices for any number of ids, IDS_PER_REQUEST at a time; throws on the first failure. `fresh` asks
 * the server to fetch them upstream now (POST /api/prices/update, the 'Force Price Update'), otherwise
 * the server's latest prices are read (GET /api/prices).
 */
export async function fetchPriceMap(ids: readonly string[], fresh = false): Promise<PriceMap> {
  const map: PriceMap = {};
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const batch = ids.slice(i, i + IDS_PER_REQUEST);
    if (fresh) {
      const result = await api<PriceUpdateResult>('/api/prices/update', {
        method: 'POST',
        body: { ids: batch },
      });
      Object.assign(map, result.prices);
    } else {
      Object.assign(map, await api<PriceMap>(`/api/prices?ids=${encodeURIComponent(batch.join(','))}`));
    }
  }
  return map;
}

/**
 * Prices for token contract addresses (GET /api/prices/by-address), keyed by lower-cased address, in
 * one request per ADDRESSES_PER_REQUEST addresses; throws on the first failure. The server has no
 * 'fetch now' for tokens: it serves them from its short token cache or upstream.
 */
export async function fetchTokenPriceMap(addresses: readonly string[]): Promise<PriceMap> {
  const map: PriceMap = {};
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_REQUEST) {
    const batch = addresses.slice(i, i + ADDRESSES_PER_REQUEST);
    const found = await api<PriceMap>(
      `/api/prices/by-address?addresses=${encodeURIComponent(batch.join(','))}`,
    );
    for (const [address, quote] of Object.entries(found)) map[address.toLowerCase()] = quote;
  }
  return map;
}

/** Prices for price keys (CoinGecko ids and contract addresses, see priceKeyOf); throws on a failure. */
export async function fetchQuotes(keys: readonly string[], fresh = false): Promise<PriceMap> {
  const unique = [...new Set(keys)];
  const addresses = unique.filter(isContractAddress);
  const ids = unique.filter((key) => !isContractAddress(key));
  const map: PriceMap = ids.length > 0 ? await fetchPriceMap(ids, fresh) : {};
  if (addresses.length > 0) Object.assign(map, await fetchTokenPriceMap(addresses));
  return map;
}

/**
 * Prices for `ids` (price keys: CoinGecko ids or contract addresses) for a one-off use (an import): fetched from the server unless the 429 lock holds, and
 * put into the prices store. While the lock holds, or when the request fails, the cached quotes of the
 * prices store are used instead (SPEC.md section 4: after a 429 only cached prices are used for 120 s);
 * a 429 starts the lock. Never throws; ids without any price are missing from the result.
 */
export async function pricesFor(ids: readonly string[], now: number = Date.now()): Promise<PriceMap> {
  if (ids.length === 0) return {};
  const cached = (): PriceMap => {
    const { prices } = usePrices.getState();
    return Object.fromEntries(ids.flatMap((id) => (prices[id] ? [[id, prices[id]]] : [])));
  };
  if (isRateLimited(usePriceRefresh.getState(), now)) return cached();
  try {
    const prices = await fetchQuotes(ids);
    mergePrices(prices, now);
    return prices;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      usePriceRefresh.setState({ rateLimitedUntil: now + RATE_LIMIT_LOCK_MS });
    }
    return cached();
  }
}

const cacheClearers = new Set<() => void>();

/** Registers a cache the manual Refresh clears first (e.g. coin search results). */
export function registerPriceCache(clear: () => void): () => void {
  cacheClearers.add(clear);
  return () => cacheClearers.delete(clear);
}

/**
 * Fetches prices for every held coin into the prices store. `manual` is the Refresh button: it clears
 * the caches first, has the server fetch upstream now, and reports failures ('Failed to refresh prices...', or the rate-limit text while
 * the 429 lock holds); automatic refreshes fail silently and keep the cached prices.
 * @returns whether prices were fetched.
 */
export async function refreshPrices(options: { manual?: boolean; now?: number } = {}): Promise<boolean> {
  const now = options.now ?? Date.now();
  const state = usePriceRefresh.getState();
  if (isRateLimited(state, now)) {
    if (options.manual) usePriceRefresh.setState({ error: PORTFOLIO_TEXTS.refreshRateLimited });
    return false;
  }
  if (options.manual) for (const clear of cacheClearers) clear();
  const keys = [...new Set(usePortfolio.getState().holdings.flatMap((h) => priceKeyOf(h) ?? []))];
  if (keys.length === 0) return false;

  usePriceRefresh.setState({ refreshing: true, error: null });
  try {
    mergePrices(await fetchQuotes(keys, options.manual === true), now);
    usePriceRefresh.setState({ refreshing: false, lastRefreshAt: now });
    return true;
  } catch (error) {
    const limited = error instanceof AppError && error.status === 429;
    usePriceRefresh.setState({
      refreshing: false,
      rateLimitedUntil: limited ? now + RATE_LIMIT_LOCK_MS : usePriceRefresh.getState().rateLimitedUntil,
      error: options.manual
        ? limited
          ? PORTFOLIO_TEXTS.refreshRateLimited
          : PORTFOLIO_TEXTS.refreshFailed
        : null,
    });
    return false;
  }
}

/** Timer functions, passed in so tests drive time themselves. */
export interface Timers {
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * Refreshes every AUTO_REFRESH_MS while the portfolio is non-empty and the 429 lock does not hold.
 * Returns the function that stops it.
 */
export function startAutoRefresh(
  timers: Timers = globalThis as unknown as Timers,
  now: () => number = Date.now,
): () => void {
  const handle = timers.setInterval(() => {
    if (usePortfolio.getState().holdings.length === 0) return;
    if (isRateLimited(usePriceRefresh.getState(), now())) return;
    void refreshPrices({ now: now() });
  }, AUTO_REFRESH_MS);
  return () => timers.clearInterval(handle);
}

export function resetPriceRefresh(): void {
  usePriceRefresh.setState({ refreshing: false, lastRefreshAt: null, rateLimitedUntil: null, error: null });
}
