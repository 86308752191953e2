/**
 * Coin search for the Add Coin modal (SPEC.md section 5, 'Search'): 2+ characters, top 10 priced
 * results, cached per query for 10 minutes (at most 100 queries, oldest evicted; cleared by the manual
 * Refresh). A failed search yields an empty list (SPEC.md section 8).
 */
import type { CoinSearchResult } from '@coinpace/domain';
import { api } from '../../../lib/api-client.ts';
import { registerPriceCache } from '../price-refresh.ts';

/** SPEC.md section 5: minimum query length. */
export const MIN_QUERY_LENGTH = 2;
/** SPEC.md section 5: results shown. */
export const MAX_RESULTS = 10;
/** SPEC.md section 9: debounce before searching, ms. */
export const SEARCH_DEBOUNCE_MS = 500;
/** SPEC.md section 9: search cache size. */
export const SEARCH_CACHE_SIZE = 100;
/** SPEC.md section 9: how long a query's results are reused, ms (their prices age). */
export const SEARCH_CACHE_TTL_MS = 600_000;

const cache = new Map<string, { results: CoinSearchResult[]; at: number }>();
registerPriceCache(() => cache.clear());

/** The cache key of a query: trimmed and lower-cased, or null when too short to search. */
export function searchKey(query: string): string | null {
  const key = query.trim().toLowerCase();
  return key.length >= MIN_QUERY_LENGTH ? key : null;
}

/**
 * Results for a query, from the cache (when fetched less than SEARCH_CACHE_TTL_MS before `now`) or
 * GET /api/search; [] for short queries and failures.
 */
export async function searchCoins(
  query: string,
  signal?: AbortSignal,
  now: number = Date.now(),
): Promise<CoinSearchResult[]> {
  const key = searchKey(query);
  if (!key) return [];
  const cached = cache.get(key);
  if (cached && now - cached.at < SEARCH_CACHE_TTL_MS) return cached.results;
  cache.delete(key);
  try {
    const { coins } = await api<{ coins: CoinSearchResult[] }>(
      `/api/search?query=${encodeURIComponent(key)}`,
      { signal },
    );
    const results = (Array.isArray(coins) ? coins : []).slice(0, MAX_RESULTS);
    cache.set(key, { results, at: now });
    if (cache.size > SEARCH_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return results;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return [];
  }
}

/** Empties the search cache. */
export function clearSearchCache(): void {
  cache.clear();
}
