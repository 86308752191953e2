/**
 * Coin search (SPEC.md section 5 'Search', section 8 'Search 429'), answered from the coin list so that
 * a query costs no upstream call: the top 10 matches on the list (coin-index.ts). Only a query the list
 * has nothing for goes to CoinGecko's /search, as a user-driven call (the users' share of the quota),
 * its answer cached, an empty one (a made-up query) for longer. The hits are priced from the poller's
 * stored prices and the adapter's cache first, and the rest in one simple/price call.
 */
import type { CoinSearchResult, PriceMap, PriceQuote } from '@coinpace/domain';
import type { CoinList } from './coin-list.ts';
import { searchText } from './coin-index.ts';
import { readSearch, readSimplePrice, type SearchHit } from './coingecko-parse.ts';
import type { PriceLogger } from './logger.ts';
import { contractAddressFor } from './normalize.ts';
import type { PriceStore, SearchAnswer, SourceState } from './port.ts';
import type { TimedCache } from './timed-cache.ts';
import { limitedState, limitedUntil, type CoinGeckoUpstream, type UpstreamOutcome } from './upstream.ts';

/** Shortest query searched (SPEC.md 'Timing'). */
export const MIN_SEARCH_QUERY = 2;
/** Most results returned and priced. */
export const MAX_SEARCH_RESULTS = 10;

/** What a search needs from its adapter. */
export interface SearchDeps {
  upstream: CoinGeckoUpstream;
  coinList: CoinList;
  store?: PriceStore;
  logger: PriceLogger;
  /** Priced answers by query. */
  results: TimedCache<CoinSearchResult[]>;
  /** Answers of the upstream fallback by query, empty ones included. */
  fallbacks: TimedCache<SearchHit[]>;
  now: () => number;
  /** Lifetime of a priced answer and of a found fallback answer; also the age a stored price may have. */
  cacheTtlMs: number;
  /** Lifetime of an empty fallback answer. */
  missTtlMs: number;
  timeoutMs: number;
  priceTimeoutMs: number;
  /** A price the adapter fetched less than cacheTtlMs ago, or undefined. */
  cachedQuote: (id: string) => PriceQuote | undefined;
  /** Applies the sanity rules to a fetched price (and caches it); false when rejected. */
  acceptPrice: (id: string, quote: PriceQuote) => boolean;
  state: () => SourceState;
}

/** The hits for a query, or why there are none: upstream could not be asked (until), or failed (how). */
export type HitsAnswer =
  { hits: SearchHit[] } | { hits: []; limitedUntil: number } | { hits: []; failed: UpstreamOutcome };

/**
 * The coins matching `query`, best first, at most 10: from the coin list, or, when it has none, from
 * CoinGecko's /search (cached per query for cacheTtlMs, an empty answer for missTtlMs).
 */
export async function findSearchHits(query: string, deps: SearchDeps): Promise<HitsAnswer> {
  const key = searchText(query);
  if (key.length < MIN_SEARCH_QUERY) return { hits: [] };
  const index = await deps.coinList.current();
  const listed = index?.search(key, MAX_SEARCH_RESULTS) ?? [];
  if (listed.length > 0) {
    return {
      hits: listed.map((coin) => ({
        id: coin.id,
        name: coin.name,
        symbol: coin.symbol.toUpperCase(),
        image: coin.image,
        marketCapRank: coin.marketCapRank,
      })),
    };
  }
  const cached = deps.fallbacks.get(key);
  if (cached) {
    const ttl = cached.value.length > 0 ? deps.cacheTtlMs : deps.missTtlMs;
    if (deps.now() - cached.storedAt < ttl) return { hits: cached.value };
  }
  const found = await deps.upstream.get('/search', new URLSearchParams({ query: key }), deps.timeoutMs);
  if (!found.ok) {
    const until = limitedUntil(found);
    return until === undefined ? { hits: [], failed: found } : { hits: [], limitedUntil: until };
  }
  const hits = readSearch(found.body).slice(0, MAX_SEARCH_RESULTS);
  deps.fallbacks.set(key, hits, deps.now());
  return { hits };
}

/**
 * Searches and prices. [] for a query under 2 characters, a failed search, or a failed pricing call;
 * state `rate_limited` with [] when the search could not ask upstream, and with the results priced 0
 * when their pricing could not. Only fully priced answers are cached.
 */
export async function searchAndPrice(query: string, deps: SearchDeps): Promise<SearchAnswer> {
  const key = searchText(query);
  if (key.length < MIN_SEARCH_QUERY) return { coins: [], state: deps.state() };
  const cached = deps.results.getFresh(key, deps.now(), deps.cacheTtlMs);
  if (cached) return { coins: cached, state: deps.state() };

  const found = await findSearchHits(key, deps);
  if ('limitedUntil' in found) return { coins: [], state: limitedState(deps.state(), found.limitedUntil) };
  if ('failed' in found) return { coins: [], state: deps.state() };
  const quotes = await knownQuotes(
    found.hits.map((hit) => hit.id),
    deps,
  );
  const unpriced = found.hits.filter((hit) => !quotes[hit.id]).map((hit) => hit.id);
  let state = deps.state();
  if (unpriced.length > 0) {
    const priced = await deps.upstream.get(
      '/simple/price',
      new URLSearchParams({ ids: unpriced.join(','), vs_currencies: 'usd', include_24hr_change: 'true' }),
      deps.priceTimeoutMs,
    );
    if (priced.ok) {
      const fetched = readSimplePrice(priced.body, Math.floor(deps.now() / 1000));
      for (const id of unpriced) {
        const quote = fetched[id];
        if (quote && deps.acceptPrice(id, quote)) quotes[id] = quote;
      }
      state = deps.state();
    } else {
      const until = limitedUntil(priced);
      if (until === undefined) return { coins: [], state: deps.state() };
      state = limitedState(deps.state(), until);
    }
  }
  const coins = found.hits.map<CoinSearchResult>((hit) => ({
    id: hit.id,
    name: hit.name,
    symbol: hit.symbol,
    image: hit.image,
    current_price: quotes[hit.id]?.usd ?? 0,
    price_change_percentage_24h: quotes[hit.id]?.usd_24h_change ?? null,
    contract_address: contractAddressFor(hit.id),
  }));
  // An empty answer is kept by the fallback's own cache, for its own (longer) lifetime.
  if (state.status !== 'rate_limited' && coins.length > 0) deps.results.set(key, coins, deps.now());
  return { coins, state };
}

/** Prices of `ids` that need no upstream call: the poller's stored prices, then the adapter's cache. */
async function knownQuotes(ids: readonly string[], deps: SearchDeps): Promise<PriceMap> {
  let quotes: PriceMap = {};
  if (deps.store && ids.length > 0) {
    try {
      quotes = { ...(await deps.store.readLatestPrices(ids, deps.cacheTtlMs)) };
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message }, 'stored prices not read for a search');
    }
  }
  for (const id of ids) {
    const cached = quotes[id] ? undefined : deps.cachedQuote(id);
    if (cached) quotes[id] = cached;
  }
  return quotes;
}
