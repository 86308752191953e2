/** Options of the CoinGecko adapter and their defaults (SPEC.md section 9 'Timing'). */
import {
  DEFAULT_COIN_LIST_REFRESH_MINUTES,
  DEFAULT_HISTORY_UPSTREAM_CALLS_PER_MINUTE,
  DEFAULT_USER_UPSTREAM_CALLS_PER_MINUTE,
} from '@coinpace/domain';
import { silentPriceLogger, type PriceLogger } from './logger.ts';
import type { PriceStore } from './port.ts';
import { createMemoryUpstreamBudget, type UpstreamBudget, type UserShare } from './user-budget.ts';

/**
 * The users' share of the quota when none is configured: 10 user-driven calls in any minute, a third of
 * CoinGecko's demo quota (30 a minute). The poll at its default minute needs one call per 50 tracked coins.
 */
export const DEFAULT_USER_SHARE: UserShare = { calls: DEFAULT_USER_UPSTREAM_CALLS_PER_MINUTE, perMs: 60_000 };
/**
 * The history backfill's share of the quota by default: a few calls a minute, small beside the poll's
 * and the users', so filling a long history takes longer rather than crowding anything out.
 */
export const DEFAULT_HISTORY_SHARE: UserShare = {
  calls: DEFAULT_HISTORY_UPSTREAM_CALLS_PER_MINUTE,
  perMs: 60_000,
};

/** How often the poller role reads CoinGecko's coin list again when none is configured: every 6 hours. */
export const DEFAULT_COIN_LIST_REFRESH_MS = DEFAULT_COIN_LIST_REFRESH_MINUTES * 60_000;

/** CoinGecko's public API; config COINGECKO_BASE_URL overrides it. */
export const DEFAULT_COINGECKO_BASE_URL = 'https://api.coingecko.com/api/v3';

/** Options of the CoinGecko adapter. Times in milliseconds. */
export interface CoinGeckoOptions {
  /** Base URL of the API, default DEFAULT_COINGECKO_BASE_URL. */
  baseUrl?: string;
  /** Sent as x-cg-pro-api-key on pro-api.coingecko.com, else as x-cg-demo-api-key. Default: none. */
  apiKey?: string;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** The clock, epoch ms. Default: Date.now. */
  now?: () => number;
  /** Waits the given ms. Default: a setTimeout promise. */
  sleep?: (ms: number) => Promise<void>;
  /** pino-compatible. Default: silent. */
  logger?: PriceLogger;
  /** Timeout of every call but simple/price. Default 10 000. */
  timeoutMs?: number;
  /** Timeout of simple/price calls. Default 8 000. */
  priceTimeoutMs?: number;
  /** Least gap between the starts of two upstream calls. Default 300. */
  minGapMs?: number;
  /** Most ordinary calls (all but the price poll) waiting for the limiter at once; more are refused. Default 20. */
  maxQueuedCalls?: number;
  /** Lock after a 429 (longer if the answer's Retry-After says so). Default 120 000. */
  lockMs?: number;
  /** Age under which a cached price is served without asking upstream (getPrices maxAgeMs default). Default 300 000. */
  cacheTtlMs?: number;
  /** Ids per simple/price call. Default 50. */
  priceBatchSize?: number;
  /** Ids per coins/markets call (its per_page maximum). Default 250. */
  marketsBatchSize?: number;
  /** Contract addresses per simple/token_price call. Default 10. */
  tokenBatchSize?: number;
  /** Wait between two simple/token_price calls. Default 2 000. */
  tokenBatchGapMs?: number;
  /**
   * Where the coin list (and the poller's latest prices) are read from, shared by every process. Without
   * one (tests, a process of its own) the adapter reads `/coins/list` itself. Default: none.
   */
  store?: PriceStore;
  /**
   * The users' share of the quota every user-driven call draws on (user-budget.ts). Default: a bucket
   * in this process holding DEFAULT_USER_SHARE.
   */
  userBudget?: UpstreamBudget;
  /**
   * The history backfill's share of the quota (getMarketHistory), apart from the poll's and the users'.
   * Only the leading poller reads history, so a bucket in its process is the whole share. Default: a
   * bucket holding DEFAULT_HISTORY_SHARE.
   */
  historyBudget?: UpstreamBudget;
  /**
   * Base URL of Binance's public market data, which answers daily history older than CoinGecko's year
   * (binance-klines.ts). Default DEFAULT_BINANCE_DATA_URL.
   */
  binanceBaseUrl?: string;
  /** Binance's own small budget of klines calls. Default: a bucket holding BINANCE_HISTORY_SHARE. */
  binanceBudget?: UpstreamBudget;
  /** Told of every user-driven call, allowed or refused for want of the users' share (metrics). */
  onUserCall?: (outcome: 'allowed' | 'refused') => void;
  /** Without a store: age at which the coin list is read again. Default DEFAULT_COIN_LIST_REFRESH_MS (6 h). */
  coinListRefreshMs?: number;
  /** Without a store: least time between two tries after a failed read of the coin list. Default 600 000. */
  coinListRetryMs?: number;
  /** With a store: how often the stored list's refresh time is checked for a newer list. Default 60 000. */
  coinListRecheckMs?: number;
  /** coins/markets pages of 250 read with the list for ranks and images (listCoins). Default 4. */
  coinListRankedPages?: number;
  /** Lifetime of a cached search. Default 600 000. */
  searchCacheTtlMs?: number;
  /** Lifetime of an empty answer of the upstream search fallback (negative cache). Default 3 600 000. */
  searchMissTtlMs?: number;
  /** Searches kept; the oldest is evicted. Default 100. */
  searchCacheSize?: number;
  /**
   * Lifetime of a contract address upstream did not price, and of a chain it does not know (negative
   * cache per chain). Default 3 600 000.
   */
  tokenMissTtlMs?: number;
}

/** Every option with its default applied. */
export type CoinGeckoSettings = Required<
  Omit<CoinGeckoOptions, 'apiKey' | 'store' | 'binanceBaseUrl' | 'binanceBudget'>
> & {
  binanceBaseUrl?: string;
  binanceBudget?: UpstreamBudget;
  apiKey?: string;
  store?: PriceStore;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Applies the defaults. */
export function resolveCoinGeckoOptions(options: CoinGeckoOptions): CoinGeckoSettings {
  const now = options.now ?? Date.now;
  return {
    baseUrl: options.baseUrl ?? DEFAULT_COINGECKO_BASE_URL,
    apiKey: options.apiKey,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    now,
    sleep: options.sleep ?? realSleep,
    logger: options.logger ?? silentPriceLogger,
    timeoutMs: options.timeoutMs ?? 10_000,
    priceTimeoutMs: options.priceTimeoutMs ?? 8_000,
    minGapMs: options.minGapMs ?? 300,
    lockMs: options.lockMs ?? 120_000,
    maxQueuedCalls: options.maxQueuedCalls ?? 20,
    cacheTtlMs: options.cacheTtlMs ?? 300_000,
    priceBatchSize: options.priceBatchSize ?? 50,
    marketsBatchSize: options.marketsBatchSize ?? 250,
    tokenBatchSize: options.tokenBatchSize ?? 10,
    tokenBatchGapMs: options.tokenBatchGapMs ?? 2_000,
    store: options.store,
    userBudget: options.userBudget ?? createMemoryUpstreamBudget(DEFAULT_USER_SHARE, now),
    historyBudget: options.historyBudget ?? createMemoryUpstreamBudget(DEFAULT_HISTORY_SHARE, now),
    binanceBaseUrl: options.binanceBaseUrl,
    binanceBudget: options.binanceBudget,
    onUserCall: options.onUserCall ?? (() => {}),
    coinListRefreshMs: options.coinListRefreshMs ?? DEFAULT_COIN_LIST_REFRESH_MS,
    coinListRetryMs: options.coinListRetryMs ?? 600_000,
    coinListRecheckMs: options.coinListRecheckMs ?? 60_000,
    coinListRankedPages: options.coinListRankedPages ?? 4,
    searchCacheTtlMs: options.searchCacheTtlMs ?? 600_000,
    searchMissTtlMs: options.searchMissTtlMs ?? 3_600_000,
    searchCacheSize: options.searchCacheSize ?? 100,
    tokenMissTtlMs: options.tokenMissTtlMs ?? 3_600_000,
  };
}
