/** Options of the CoinGecko adapter and their defaults (SPEC.md section 9 'Timing'). */
import { silentPriceLogger, type PriceLogger } from './logger.ts';

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
  /** Age at which CoinGecko's coin list (the ids it knows) is loaded again. Default 86 400 000 (a day). */
  coinListRefreshMs?: number;
  /** Least time between two loads of the coin list for an id not on it (a new listing). Default 600 000. */
  coinListMissRefreshMs?: number;
  /** Lifetime of a cached search. Default 600 000. */
  searchCacheTtlMs?: number;
  /** Searches kept; the oldest is evicted. Default 100. */
  searchCacheSize?: number;
}

/** Every option with its default applied. */
export type CoinGeckoSettings = Required<Omit<CoinGeckoOptions, 'apiKey'>> & { apiKey?: string };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Applies the defaults. */
export function resolveCoinGeckoOptions(options: CoinGeckoOptions): CoinGeckoSettings {
  return {
    baseUrl: options.baseUrl ?? DEFAULT_COINGECKO_BASE_URL,
    apiKey: options.apiKey,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    now: options.now ?? Date.now,
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
    coinListRefreshMs: options.coinListRefreshMs ?? 86_400_000,
    coinListMissRefreshMs: options.coinListMissRefreshMs ?? 600_000,
    searchCacheTtlMs: options.searchCacheTtlMs ?? 600_000,
    searchCacheSize: options.searchCacheSize ?? 100,
  };
}
