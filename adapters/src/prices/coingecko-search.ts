/**
 * Coin search against CoinGecko (SPEC.md section 5 'Search', section 8 'Search 429'): /search, then the
 * top 10 hits priced in one simple/price call.
 */
import type { CoinSearchResult, PriceQuote } from '@coinpace/domain';
import { readSearch, readSimplePrice } from './coingecko-parse.ts';
import { contractAddressFor } from './normalize.ts';
import type { TimedCache } from './timed-cache.ts';
import type { CoinGeckoUpstream } from './upstream.ts';

/** Shortest query searched (SPEC.md 'Timing'). */
export const MIN_SEARCH_QUERY = 2;
/** Most results returned and priced. */
export const MAX_SEARCH_RESULTS = 10;

/** What a search needs from its adapter. */
export interface SearchDeps {
  upstream: CoinGeckoUpstream;
  cache: TimedCache<CoinSearchResult[]>;
  now: () => number;
  cacheTtlMs: number;
  timeoutMs: number;
  priceTimeoutMs: number;
  /** Applies the sanity rules to a fetched price (and caches it); false when rejected. */
  acceptPrice: (id: string, quote: PriceQuote) => boolean;
}

/**
 * Searches and prices. [] for a query under 2 characters, a failed or rate-limited search, or a failed
 * pricing call; results priced 0 when the pricing call is rate limited. Only fully priced answers are cached.
 */
export async function searchAndPrice(query: string, deps: SearchDeps): Promise<CoinSearchResult[]> {
  const text = query.trim();
  if (text.length < MIN_SEARCH_QUERY) return [];
  const key = text.toLowerCase();
  const cached = deps.cache.getFresh(key, deps.now(), deps.cacheTtlMs);
  if (cached) return cached;

  const found = await deps.upstream.get('/search', new URLSearchParams({ query: text }), deps.timeoutMs);
  if (!found.ok) return [];
  const hits = readSearch(found.body).slice(0, MAX_SEARCH_RESULTS);
  const unpriced = hits.map<CoinSearchResult>((hit) => ({
    id: hit.id,
    name: hit.name,
    symbol: hit.symbol,
    image: hit.image,
    current_price: 0,
    price_change_percentage_24h: null,
    contract_address: contractAddressFor(hit.id),
  }));
  if (unpriced.length === 0) {
    deps.cache.set(key, [], deps.now());
    return [];
  }

  const priced = await deps.upstream.get(
    '/simple/price',
    new URLSearchParams({
      ids: hits.map((h) => h.id).join(','),
      vs_currencies: 'usd',
      include_24hr_change: 'true',
    }),
    deps.priceTimeoutMs,
  );
  if (!priced.ok) {
    return priced.kind === 'rate_limited' || priced.kind === 'locked' ? unpriced : [];
  }
  const quotes = readSimplePrice(priced.body, Math.floor(deps.now() / 1000));
  const results = unpriced.map((result) => {
    const quote = quotes[result.id];
    if (!quote || !deps.acceptPrice(result.id, quote)) return result;
    return { ...result, current_price: quote.usd, price_change_percentage_24h: quote.usd_24h_change };
  });
  deps.cache.set(key, results, deps.now());
  return results;
}
