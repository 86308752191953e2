/**
 * The CoinGecko price source (DESIGN.md section 3, prices row): batching, a shared 300 ms limiter,
 * a 120 s lock after a 429, timeouts, the price sanity rules, and a cache of last good values that is
 * served whenever upstream cannot answer. With nothing cached, the built-in fallback prices are served.
 * User-driven calls (priority 'normal') draw on the users' share of the quota (user-budget.ts); the
 * poll's calls never do.
 */
import {
  checkCoinPriceMove,
  fallbackMarkets,
  fallbackPrices,
  type CoinSearchResult,
  type DisplayCurrency,
  type MarketCoin,
  type PriceMap,
  type PriceQuote,
} from '@coinpace/domain';
import { CoinList } from './coin-list.ts';
import { fetchCoinList } from './coin-list-fetch.ts';
import { readDailyRates } from './coingecko-daily-rates.ts';
import { createHistoryReader } from './coingecko-market-history.ts';
import { ratesFromSamples, readMarkets, readRateSamples, readSimplePrice } from './coingecko-parse.ts';
import { proxyThrough } from './coingecko-proxy.ts';
import type { SearchHit } from './coingecko-parse.ts';
import { findSearchHits, searchAndPrice, type SearchDeps } from './coingecko-search.ts';
import {
  resolveCoinGeckoOptions,
  type CoinGeckoOptions,
  type CoinGeckoSettings,
} from './coingecko-options.ts';
import { chunk, isChainId, normalizeAddresses, normalizeIds } from './normalize.ts';
import type {
  DailyRatesResult,
  GetDailyRatesOptions,
  GetMarketHistoryOptions,
  GetPricesOptions,
  ListedCoin,
  MarketHistoryResult,
  MarketsResult,
  PriceOrigin,
  PriceResult,
  PriceSource,
  ProxyResponse,
  SearchAnswer,
  SourceState,
} from './port.ts';
import { TimedCache } from './timed-cache.ts';
import { TokenMisses } from './token-misses.ts';
import { CoinGeckoUpstream, limitedState, type UpstreamOutcome } from './upstream.ts';

/** Builds the CoinGecko price source. One instance shares one limiter, lock and cache: create one per process. */
export function createCoinGeckoPriceSource(options: CoinGeckoOptions = {}): PriceSource {
  return new CoinGeckoPriceSource(options);
}

/** Most coins (or tokens) kept in a price cache: above CoinGecko's whole catalogue, so only a runaway caller hits it. */
const MAX_CACHED_KEYS = 50_000;
/** Most held-back jump candidates kept (per cache); a glitch on more coins at once only loses the oldest holds. */
const MAX_HELD_KEYS = 1_000;

/** Last good quotes and the jump candidates held back from them (checkCoinPriceMove), under the same keys. */
interface PriceBook {
  quotes: TimedCache<PriceQuote>;
  held: TimedCache<number>;
}

class CoinGeckoPriceSource implements PriceSource {
  private readonly o: CoinGeckoSettings;
  private readonly upstream: CoinGeckoUpstream;
  private readonly prices = new TimedCache<PriceQuote>(MAX_CACHED_KEYS);
  private readonly tokens = new TimedCache<PriceQuote>(MAX_CACHED_KEYS);
  private readonly coinBook: PriceBook = { quotes: this.prices, held: new TimedCache(MAX_HELD_KEYS) };
  private readonly tokenBook: PriceBook = { quotes: this.tokens, held: new TimedCache(MAX_HELD_KEYS) };
  private readonly markets = new TimedCache<MarketCoin>(MAX_CACHED_KEYS);
  private readonly coinList: CoinList;
  private readonly tokenMisses: TokenMisses;
  private readonly searchDeps: SearchDeps;
  private readonly readHistory: ReturnType<typeof createHistoryReader>;

  constructor(options: CoinGeckoOptions) {
    this.o = resolveCoinGeckoOptions(options);
    this.upstream = new CoinGeckoUpstream(this.o);
    this.coinList = new CoinList({
      upstream: this.upstream,
      now: this.o.now,
      timeoutMs: this.o.timeoutMs,
      logger: this.o.logger,
      store: this.o.store,
      refreshMs: this.o.coinListRefreshMs,
      retryMs: this.o.coinListRetryMs,
      recheckMs: this.o.coinListRecheckMs,
    });
    this.tokenMisses = new TokenMisses(this.o.tokenMissTtlMs, this.o.now);
    this.readHistory = createHistoryReader(this.o, this.upstream, this.coinList);
    this.searchDeps = {
      upstream: this.upstream,
      coinList: this.coinList,
      store: this.o.store,
      logger: this.o.logger,
      results: new TimedCache<CoinSearchResult[]>(this.o.searchCacheSize),
      fallbacks: new TimedCache<SearchHit[]>(this.o.searchCacheSize),
      now: this.o.now,
      cacheTtlMs: this.o.searchCacheTtlMs,
      missTtlMs: this.o.searchMissTtlMs,
      timeoutMs: this.o.timeoutMs,
      priceTimeoutMs: this.o.priceTimeoutMs,
      cachedQuote: (id) => this.prices.getFresh(id, this.o.now(), this.o.cacheTtlMs),
      acceptPrice: (id, quote) => this.accept(this.coinBook, id, quote),
      state: () => this.state(),
    };
  }

  async knownIds(ids: readonly string[]): Promise<string[]> {
    const wanted = normalizeIds(ids);
    const known = await this.coinList.known(wanted);
    return wanted.filter((id) => known.has(id));
  }

  state(): SourceState {
    return this.upstream.state();
  }

  async listCoins(): Promise<ListedCoin[] | null> {
    // Low priority: the poller's background work, after its poll and never from the users' share.
    const coins = await fetchCoinList({
      upstream: this.upstream,
      timeoutMs: this.o.timeoutMs,
      logger: this.o.logger,
      rankedPages: this.o.coinListRankedPages,
      priority: 'low',
    });
    if (coins) this.coinList.adopt(coins);
    return coins;
  }

  async getPrices(ids: readonly string[], options: GetPricesOptions = {}): Promise<PriceResult> {
    const wanted = normalizeIds(ids);
    const maxAge = options.maxAgeMs ?? this.o.cacheTtlMs;
    const prices: PriceMap = {};
    const origin: Record<string, PriceOrigin> = {};
    const toFetch: string[] = [];
    // Only coins CoinGecko knows are ever asked for; a made-up id costs no upstream call.
    const known = options.cachedOnly ? new Set<string>() : await this.coinList.known(wanted);
    for (const id of wanted) {
      const fresh = this.prices.getFresh(id, this.o.now(), maxAge);
      if (fresh) serve(prices, origin, id, fresh, 'cached');
      else if (known.has(id)) toFetch.push(id);
    }
    const others = (options.currencies ?? []).filter((c) => c !== 'usd');
    const samples = new Map<string, number[]>();
    let refusedUntil: number | undefined;
    for (const batch of chunk(toFetch, this.o.priceBatchSize)) {
      const query = new URLSearchParams({
        ids: batch.join(','),
        vs_currencies: ['usd', ...others].join(','),
        include_24hr_change: 'true',
        include_last_updated_at: 'true',
      });
      const outcome = await this.upstream.get(
        '/simple/price',
        query,
        this.o.priceTimeoutMs,
        options.priority,
      );
      if (!outcome.ok) {
        if (outcome.kind === 'client_error') continue;
        refusedUntil = refusal(outcome);
        break; // locked, rate limited, refused or down: the next batches would fare no better
      }
      const raw = readSimplePrice(outcome.body, this.nowSeconds());
      for (const id of batch) {
        const quote = raw[id];
        if (quote && this.accept(this.coinBook, id, quote)) serve(prices, origin, id, quote, 'live');
      }
      readRateSamples(outcome.body, others, samples);
    }
    this.fill(wanted, prices, origin);
    const rates = ratesFromSamples(samples);
    return { prices, origin, state: this.callState(refusedUntil), ...(rates ? { rates } : {}) };
  }

  async getMarkets(ids: readonly string[], options: GetPricesOptions = {}): Promise<MarketsResult> {
    const wanted = normalizeIds(ids);
    const maxAge = options.maxAgeMs ?? this.o.cacheTtlMs;
    const now = this.o.now();
    const cachedRows = wanted.map((id) => this.markets.getFresh(id, now, maxAge));
    if (wanted.length > 0 && cachedRows.every((row) => row !== undefined)) {
      return { coins: cachedRows as MarketCoin[], state: this.state() };
    }
    const coins: MarketCoin[] = [];
    let refusedUntil: number | undefined;
    const known = options.cachedOnly ? new Set<string>() : await this.coinList.known(wanted);
    for (const batch of chunk(
      wanted.filter((id) => known.has(id)),
      this.o.marketsBatchSize,
    )) {
      const query = new URLSearchParams({
        vs_currency: 'usd',
        ids: batch.join(','),
        order: 'market_cap_desc',
        per_page: String(batch.length),
        page: '1',
        sparkline: 'false',
        price_change_percentage: '24h',
      });
      const outcome = await this.upstream.get('/coins/markets', query, this.o.timeoutMs, options.priority);
      if (!outcome.ok) {
        if (outcome.kind === 'client_error') continue;
        refusedUntil = refusal(outcome);
        break;
      }
      for (const row of readMarkets(outcome.body, this.nowSeconds())) {
        if (!batch.includes(row.id)) continue;
        const quote = {
          usd: row.current_price,
          usd_24h_change: row.price_change_percentage_24h,
          last_updated: row.last_updated,
        };
        if (!this.accept(this.coinBook, row.id, quote)) continue;
        this.markets.set(row.id, row, this.o.now());
        coins.push(row);
      }
    }
    const served = new Set(coins.map((row) => row.id));
    const missing = wanted.filter((id) => !served.has(id));
    for (const id of missing) {
      const cached = this.markets.get(id);
      if (!cached) continue;
      coins.push(cached.value);
      served.add(id);
    }
    coins.push(...fallbackMarkets(missing.filter((id) => !served.has(id))));
    return { coins, state: this.callState(refusedUntil) };
  }

  async getTokenPrices(
    chain: string,
    addresses: readonly string[],
    options: GetPricesOptions = {},
  ): Promise<PriceResult> {
    const prices: PriceMap = {};
    const origin: Record<string, PriceOrigin> = {};
    if (!isChainId(chain)) {
      this.o.logger.warn({ chain }, 'token prices asked for a chain id that is not valid');
      return { prices, origin, state: this.state() };
    }
    const wanted = normalizeAddresses(addresses);
    const key = (address: string) => `${chain}:${address}`;
    const maxAge = options.maxAgeMs ?? this.o.cacheTtlMs;
    const misses = this.tokenMisses;
    const toFetch = wanted.filter((address) => {
      const fresh = this.tokens.getFresh(key(address), this.o.now(), maxAge);
      if (fresh) serve(prices, origin, address, fresh, 'cached');
      // Asked lately and not priced, or on a chain upstream does not know: not asked again yet.
      return !fresh && !misses.isUnknownChain(chain) && !misses.isMissing(chain, address);
    });
    let refusedUntil: number | undefined;
    const batches = chunk(toFetch, this.o.tokenBatchSize);
    for (const [index, batch] of batches.entries()) {
      if (index > 0) await this.o.sleep(this.o.tokenBatchGapMs);
      const query = new URLSearchParams({
        contract_addresses: batch.join(','),
        vs_currencies: 'usd',
        include_24hr_change: 'true',
        include_last_updated_at: 'true',
      });
      const outcome = await this.upstream.get(
        `/simple/token_price/${chain}`,
        query,
        this.o.timeoutMs,
        options.priority,
      );
      if (!outcome.ok) {
        if (outcome.kind === 'client_error' && outcome.status === 404) {
          // The platform itself is unknown (logged by the upstream door): no later batch would fare better.
          misses.unknownChain(chain);
          break;
        }
        if (outcome.kind === 'client_error') continue;
        refusedUntil = refusal(outcome);
        break;
      }
      const raw = readSimplePrice(outcome.body, this.nowSeconds());
      misses.recordAnswer(chain, batch, Object.keys(raw));
      for (const address of batch) {
        const quote = raw[address];
        if (quote && this.accept(this.tokenBook, key(address), quote))
          serve(prices, origin, address, quote, 'live');
      }
    }
    for (const address of wanted) {
      const cached = prices[address] ? undefined : this.tokens.get(key(address));
      if (cached) serve(prices, origin, address, cached.value, 'cached');
    }
    return { prices, origin, state: this.callState(refusedUntil) };
  }

  getDailyRates(
    currencies: readonly DisplayCurrency[],
    options: GetDailyRatesOptions,
  ): Promise<DailyRatesResult> {
    return readDailyRates(this.upstream, currencies, { ...options, timeoutMs: this.o.timeoutMs });
  }

  async getMarketHistory(id: string, options: GetMarketHistoryOptions): Promise<MarketHistoryResult> {
    const [coin] = normalizeIds([id]);
    // Only coins CoinGecko knows are ever asked for; a made-up id has no history and costs no call.
    if (!coin || !(await this.coinList.known([coin])).has(coin))
      return { ok: true, points: [], answered: { from: options.from, to: options.to }, source: 'coingecko' };
    return this.readHistory.read(coin, options);
  }

  getPastFiatPrices(currency: DisplayCurrency, span: { from: number; to: number }) {
    return this.readHistory.readFiat(currency, span);
  }

  search(query: string): Promise<SearchAnswer> {
    return searchAndPrice(query, this.searchDeps);
  }

  proxy(path: string, query: URLSearchParams): Promise<ProxyResponse> {
    return proxyThrough(path, query, {
      upstream: this.upstream,
      now: this.o.now,
      timeoutMs: this.o.timeoutMs,
      priceTimeoutMs: this.o.priceTimeoutMs,
      knownIds: (ids) => this.coinList.known(ids),
      tokenMisses: this.tokenMisses,
      searchHits: (text) => findSearchHits(text, this.searchDeps),
    });
  }

  /** The state of one call: `rate_limited` for it alone when the users' share refused it. */
  private callState(refusedUntil: number | undefined): SourceState {
    const state = this.state();
    return refusedUntil === undefined ? state : limitedState(state, refusedUntil);
  }

  /**
   * Applies the coin sanity rules against the last good value (checkCoinPriceMove): a price more than 100x
   * the last good one is held back until the next fetch confirms it. Stores the quote when it is taken.
   */
  private accept(book: PriceBook, key: string, quote: PriceQuote): boolean {
    const previous = book.quotes.get(key)?.value.usd;
    const pending = book.held.get(key)?.value;
    const decision = checkCoinPriceMove({ previousPrice: previous, pending, newPrice: quote.usd });
    if (decision.pending === null) book.held.delete(key);
    else book.held.set(key, decision.pending, this.o.now());
    if (!decision.accept) {
      this.o.logger.warn(
        { key, usd: quote.usd, previous, reason: decision.reason },
        decision.reason === 'jump'
          ? 'price held back by the sanity rules until the next fetch confirms it'
          : 'price rejected by the sanity rules',
      );
      return false;
    }
    if (decision.confirmed) {
      this.o.logger.warn(
        { key, usd: quote.usd, previous, pending },
        'price jump confirmed by a second fetch',
      );
    }
    book.quotes.set(key, quote, this.o.now());
    return true;
  }

  /** Fills ids without a price from the last good values, then from the built-in prices. */
  private fill(wanted: string[], prices: PriceMap, origin: Record<string, PriceOrigin>): void {
    const missing = wanted.filter((id) => !prices[id]);
    for (const id of missing) {
      const cached = this.prices.get(id);
      if (cached) serve(prices, origin, id, cached.value, 'cached');
    }
    const fallback = fallbackPrices(missing.filter((id) => !prices[id]));
    for (const [id, quote] of Object.entries(fallback)) serve(prices, origin, id, quote, 'fallback');
  }

  private nowSeconds(): number {
    return Math.floor(this.o.now() / 1000);
  }
}

/** When a call refused for want of the users' share may be tried again; undefined for other failures. */
function refusal(outcome: UpstreamOutcome): number | undefined {
  return !outcome.ok && outcome.kind === 'over_budget' ? outcome.lockedUntil : undefined;
}

function serve(
  prices: PriceMap,
  origin: Record<string, PriceOrigin>,
  key: string,
  quote: PriceQuote,
  from: PriceOrigin,
) {
  prices[key] = quote;
  origin[key] = from;
}
