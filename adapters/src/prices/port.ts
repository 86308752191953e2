/**
 * The price port (DESIGN.md section 3, prices row): everything Coinpace asks of a price source.
 * The real adapter is CoinGecko (coingecko.ts); PRICE_SOURCE=simulated selects the demo feed (simulated.ts).
 * Both honour the contract suite in contract.ts.
 */
import type {
  CoinSearchResult,
  DisplayCurrency,
  FxRates,
  MarketCoin,
  MarketGranularity,
  MarketHistorySource,
  MarketPoint,
  PriceMap,
  PriceSourceState,
} from '@coinpace/domain';

/** The health of a price source; see PriceSourceState in @coinpace/domain. */
export type SourceState = PriceSourceState;

/**
 * Where each served price came from in one call:
 * live (upstream, this call), cached (last good value, upstream not asked or failing),
 * fallback (built-in table), simulated (demo feed).
 */
export type PriceOrigin = 'live' | 'cached' | 'fallback' | 'simulated';

/**
 * One coin of CoinGecko's coin list (`/coins/list`): what search answers from and what says an id is
 * real. `marketCapRank` and `image` come from the top coins/markets pages and are null for the rest.
 */
export interface ListedCoin {
  id: string;
  symbol: string;
  name: string;
  marketCapRank: number | null;
  image: string | null;
}

/**
 * What the processes of one deployment share through Postgres (db's createDbPriceStore), so each API
 * process answers from it instead of asking upstream: the coin list the poller role refreshes a few times a
 * day, and the latest prices it polls. Reads only; the poller writes.
 */
export interface PriceStore {
  /** When the stored coin list was last refreshed (epoch ms), or null when none is stored yet. */
  coinListRefreshedAt(): Promise<number | null>;
  /** Every coin of the stored list. */
  readCoinList(): Promise<ListedCoin[]>;
  /** The stored latest prices of those of `ids` received less than `maxAgeMs` ago. */
  readLatestPrices(ids: readonly string[], maxAgeMs: number): Promise<PriceMap>;
}

/** A coin search's results, with the state that says whether an empty or unpriced answer was a refusal. */
export interface SearchAnswer {
  coins: CoinSearchResult[];
  /**
   * The source's state, or `rate_limited` when this search could not ask upstream (the source's lock, or
   * the users' share of the quota spent): then no coins means 'could not search', and coins priced 0 mean
   * 'could not price' (SPEC.md section 8, 'Search 429').
   */
  state: SourceState;
}

/** Prices served by one call, with the source's state after the call. */
export interface PriceResult {
  /** By CoinGecko id (getPrices) or lower-case contract address (getTokenPrices). Unpriceable keys are absent. */
  prices: PriceMap;
  /** The origin of every key in `prices`. */
  origin: Record<string, PriceOrigin>;
  /**
   * The source's state after the call, or `rate_limited` when a user-driven call of this one found the
   * users' share of the quota spent (the source itself stays as it was for everyone else).
   */
  state: SourceState;
  /**
   * Units of each currency asked for in `currencies` per US dollar, read from this call's live answers
   * (the median over the coins priced); absent when none was asked or nothing live came back.
   */
  rates?: FxRates;
}

/** coins/markets rows served by one call, with the source's state after the call. */
export interface MarketsResult {
  /** One row per id that could be priced, ordered by market cap (largest first) when live. */
  coins: MarketCoin[];
  state: SourceState;
}

/** One day's rate: units of a currency per US dollar on a UTC day ('2026-11-01'). */
export interface DailyRate {
  day: string;
  rate: number;
}

/** Daily rates served by one getDailyRates call, with the source's state after the call. */
export interface DailyRatesResult {
  /** Oldest day first, one entry per UTC day. A currency that could not be read is absent. */
  rates: Partial<Record<DisplayCurrency, DailyRate[]>>;
  state: SourceState;
}

/** Options of getDailyRates. */
export interface GetDailyRatesOptions {
  /** How many days back from today, 1 to 90. */
  days: number;
  /**
   * 'low' (the default): a background read, waiting behind the poll and every ordinary call (search,
   * proxy) in the limiter; refused as 'busy' like them when too many wait. 'normal' is user-driven and
   * draws on the users' share of the quota.
   */
  priority?: 'high' | 'normal' | 'low';
}

/** Options of getMarketHistory: a span of dollar prices at one granularity. */
export interface GetMarketHistoryOptions {
  /** Start of the span, epoch ms (inclusive). */
  from: number;
  /** End of the span, epoch ms (exclusive); no later than now. */
  to: number;
  granularity: MarketGranularity;
}

/** One getMarketHistory call's answer. */
export type MarketHistoryResult =
  | {
      ok: true;
      /** One point per period of the span answered, oldest first; none when the source has none there. */
      points: MarketPoint[];
      /**
       * The part of the asked span this answer is complete for: from the asked start to at most the asked
       * end (one call answers a limited span; ask again from `answered.to` for the rest).
       */
      answered: { from: number; to: number };
      source: MarketHistorySource;
    }
  | {
      ok: false;
      /**
       * Why nothing was read: `over_budget` (the history share of the quota is spent), `rate_limited` (the
       * lock after a 429, or the limiter's queue full), `failed` (any other failure).
       */
      reason: 'over_budget' | 'rate_limited' | 'failed';
      /** When asking again may succeed, epoch ms (over_budget and rate_limited). */
      retryAt?: number;
    };

/** Options of getPrices. */
export interface GetPricesOptions {
  /**
   * Serve a cached price without asking upstream when it is younger than this many milliseconds.
   * Default: the adapter's cache lifetime (5 minutes, SPEC.md 'Timing'). A poller passes 0 to always ask.
   */
  maxAgeMs?: number;
  /**
   * Serve only what the source has already (last good values of any age, built-in prices), never asking
   * upstream: for public reads, which must not cost an upstream call per request.
   */
  cachedOnly?: boolean;
  /**
   * 'high' for the price poll alerts depend on: its upstream calls go first and are never refused.
   * 'normal' (the default) is user-driven: each upstream call first takes a token of the users' share of
   * the quota, and none is made when the share is spent.
   */
  priority?: 'high' | 'normal';
  /**
   * Display currencies besides the US dollar to read rates for: asked in the same `vs_currencies` of every
   * batch (one call per batch, never one per currency), and returned as `rates`.
   */
  currencies?: readonly DisplayCurrency[];
}

/** The upstream routes the API's /api/coingecko proxy may forward (SPEC.md section 7). */
export type ProxyPath = '/simple/price' | '/coins/markets' | '/search' | `/simple/token_price/${string}`;

/** What the proxy answers: the upstream status and JSON body, or our own 4xx/5xx for refused or failed calls. */
export interface ProxyResponse {
  status: number;
  body: unknown;
  /** Seconds a client should wait before retrying (429 only). */
  retryAfterSeconds?: number;
}

/** A source of coin prices in USD. No method rejects: failures come back as state plus cached or fallback data. */
export interface PriceSource {
  /**
   * Prices for CoinGecko ids (simple/price, vs_currencies=usd, with 24h change and last-updated time),
   * fetched in batches. Ids are trimmed, lower-cased and de-duplicated. Every fetched price passes the
   * coin sanity rules (checkCoinPriceMove); a rejected one is replaced by the last good value, and one more
   * than 100x the last good value is held back until the next fetch of that coin confirms it.
   * When upstream fails or is rate limited, last good values are served, else built-in fallback prices.
   */
  getPrices(ids: readonly string[], options?: GetPricesOptions): Promise<PriceResult>;

  /**
   * The ids among `ids` (trimmed, lower-cased) that the source knows: for CoinGecko, the ids on its coin
   * list (the stored one when a PriceStore is given; see coin-list.ts), never an upstream call per id.
   * getPrices, getMarkets and the proxy never ask upstream for any other id.
   */
  knownIds(ids: readonly string[]): Promise<string[]>;

  /**
   * Reads CoinGecko's whole coin list now (`/coins/list`, plus the top coins/markets pages for ranks and
   * images), as the poller's background work (low priority, never the users' share), and uses it from
   * then on; null when it could not be read. The poller role stores it for every process (PriceStore).
   * The simulated feed has no list to read: null.
   */
  listCoins(): Promise<ListedCoin[] | null>;

  /**
   * coins/markets rows for the ticker (vs_currency=usd, ids, order=market_cap_desc, per_page, page=1,
   * sparkline=false, price_change_percentage=24h). When every id has a row younger than `maxAgeMs`, the
   * cached rows are served without asking upstream. On failure: last good rows, else built-in rows for the
   * ticker coins.
   */
  getMarkets(ids: readonly string[], options?: GetPricesOptions): Promise<MarketsResult>;

  /**
   * Prices of tokens by contract address on one chain (simple/token_price/{chain}, e.g. 'ethereum'),
   * 10 addresses per call and 2 s between calls (SPEC.md section 7). Keys are lower-case addresses;
   * addresses that are not valid contract addresses are skipped. A 404 is logged and yields no prices.
   * Cached prices younger than `maxAgeMs` are served without asking; on failure, last good values.
   * An address upstream did not price, and a chain upstream does not know, are not asked again for an
   * hour (negative cache per chain). User-driven: each call takes a token of the users' share.
   */
  getTokenPrices(
    chain: string,
    addresses: readonly string[],
    options?: GetPricesOptions,
  ): Promise<PriceResult>;

  /**
   * Past daily rates of display currencies (history is converted with each day's rate), read
   * from the daily price history of one reference coin (bitcoin, market_chart with interval=daily) in
   * US dollars and in each currency: one upstream call for the dollar and one per currency, never one per
   * day. A day's rate is its price in the currency over its price in dollars; today's is the latest point.
   * Nothing is cached; a failed call leaves its currency (or, for the dollar call, every one) absent.
   */
  getDailyRates(
    currencies: readonly DisplayCurrency[],
    options: GetDailyRatesOptions,
  ): Promise<DailyRatesResult>;

  /**
   * A coin's past dollar prices over a span, one point per period of the granularity (the first price of
   * each UTC hour or day, timed at its start), for the poller's history backfill. CoinGecko: one
   * coins/{id}/market_chart/range call per answer, drawn from the history share of the quota (never the
   * poll's, never the users'), after every other waiting call. The simulated feed generates a plausible,
   * deterministic past ending at its current price. Failures come back as `ok: false`, never a rejection.
   */
  getMarketHistory(id: string, options: GetMarketHistoryOptions): Promise<MarketHistoryResult>;

  /**
   * A fiat currency's past daily dollar price (what one unit of it was worth in dollars: 1 / its rate)
   * over a span of UTC days, for rates older than getDailyRates reaches (a trade from years ago). CoinGecko
   * adapter: Binance's `<CODE>USDT` daily klines (binance-klines.ts), on Binance's own budget, at most
   * 1,000 days per answer; a currency Binance lists no pair of, and days before its listing, are answered
   * with no points. Simulated: today's demo rate on every day. Failures come back as `ok: false`.
   */
  getPastFiatPrices(
    currency: DisplayCurrency,
    span: { from: number; to: number },
  ): Promise<MarketHistoryResult>;

  /**
   * Coin search (SPEC.md section 5 'Search', section 8 'Search 429'): queries shorter than 2 characters
   * give []; otherwise the top 10 matches on the coin list (see coingecko-search.ts), or, when the list has
   * none, upstream /search (user-driven; cached, and an empty answer cached longer). The hits are priced
   * from stored and cached prices, then one simple/price call for the rest. A refused or rate-limited
   * search gives [], a refused or rate-limited pricing the results with price 0 (state `rate_limited`);
   * another failure gives []. Fully priced results are cached per query for 10 minutes.
   */
  search(query: string): Promise<SearchAnswer>;

  /**
   * The source's state now. 'rate_limited' (with lockedUntil) stays until the next upstream answer after
   * the lock ends; lastSuccessAt is the time of the last successful upstream answer.
   */
  state(): SourceState;

  /**
   * Forwards one allowed upstream route with its allowed query parameters (see proxy-routes.ts), through
   * the same limiter, rate-limit lock, timeouts and API key as the other calls, as a user-driven call (the
   * users' share of the quota; spent: 429). Ids not on the coin list and contract addresses or chains
   * upstream lately did not know are dropped first (none left: upstream's empty answer, no call), and
   * search is answered from the coin list (coingecko-proxy.ts). Anything else gets 404 (unknown route)
   * or 400 (bad chain). The API exposes this as the cached, rate-limited /api/coingecko proxy.
   */
  proxy(path: ProxyPath | string, query: URLSearchParams): Promise<ProxyResponse>;
}
