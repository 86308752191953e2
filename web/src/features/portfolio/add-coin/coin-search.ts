/**
 * Coin search for the Add Coin modal and the alerts' Watch List (SPEC.md section 5, 'Search'): 2+
 * characters, top 10 priced results, cached per query for 10 minutes (at most 100 queries, oldest
 * evicted; cleared by the manual Refresh). A failed search yields an empty list (SPEC.md section 8),
 * marked unreachable so the screen says it could not search instead of 'No coins found'.
 */
import { ZSearchResponse, isSearchUnreachable, type CoinSearchResult } from '@coinpace/domain';
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

/** A search's answer: the results, and whether the price service could not be reached for them. */
export interface CoinSearch {
  results: CoinSearchResult[];
  /** No results because the search could not reach the price service (a 429, an outage, no network). */
  unreachable: boolean;
  /** Results shown without prices because the price service was rate limited or down. */
  unpriced: boolean;
}

const NOTHING: CoinSearch = { results: [], unreachable: false, unpriced: false };
const UNREACHABLE: CoinSearch = { results: [], unreachable: true, unpriced: false };

const cache = new Map<string, { search: CoinSearch; at: number }>();
registerPriceCache(() => cache.clear());

/** The cache key of a query: trimmed and lower-cased, or null when too short to search. */
export function searchKey(query: string): string | null {
  const key = query.trim().toLowerCase();
  return key.length >= MIN_QUERY_LENGTH ? key : null;
}

/**
 * Results for a query, from the cache (when fetched less than SEARCH_CACHE_TTL_MS before `now`) or
 * GET /api/search; no results for short queries and failures, failures marked unreachable. Only
 * answers the price service gave in full are cached.
 */
export async function searchCoins(
  query: string,
  signal?: AbortSignal,
  now: number = Date.now(),
): Promise<CoinSearch> {
  const key = searchKey(query);
  if (!key) return NOTHING;
  const cached = cache.get(key);
  if (cached && now - cached.at < SEARCH_CACHE_TTL_MS) return cached.search;
  cache.delete(key);
  let answer: unknown;
  try {
    answer = await api<unknown>(`/api/search?query=${encodeURIComponent(key)}`, { signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return UNREACHABLE;
  }
  const parsed = ZSearchResponse.safeParse(answer);
  if (!parsed.success) return UNREACHABLE;
  const results = parsed.data.coins.slice(0, MAX_RESULTS);
  const limited = isSearchUnreachable(parsed.data);
  const search: CoinSearch = {
    results,
    unreachable: limited && results.length === 0,
    unpriced: limited && results.some((r) => !(r.current_price > 0)),
  };
  if (!limited) {
    cache.set(key, { search, at: now });
    if (cache.size > SEARCH_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return search;
}

/** Empties the search cache. */
export function clearSearchCache(): void {
  cache.clear();
}
