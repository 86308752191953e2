export type {
  DailyRate,
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
  ProxyPath,
  PriceStore,
  ProxyResponse,
  SearchAnswer,
  SourceState,
} from './port.ts';
export type { PriceLogger } from './logger.ts';
export { silentPriceLogger } from './logger.ts';
export { createCoinGeckoPriceSource } from './coingecko.ts';
export {
  BINANCE_HISTORY_SHARE,
  DEFAULT_BINANCE_DATA_URL,
  createBinanceKlines,
  type BinanceKlines,
  type BinanceKlinesOptions,
} from './binance-klines.ts';
export { COINGECKO_DAILY_REACH_DAYS, coinGeckoDailyReachStart } from './coingecko-market-history.ts';
export {
  DEFAULT_COINGECKO_BASE_URL,
  DEFAULT_COIN_LIST_REFRESH_MS,
  DEFAULT_HISTORY_SHARE,
  DEFAULT_USER_SHARE,
  type CoinGeckoOptions,
} from './coingecko-options.ts';
export {
  UNLIMITED_BUDGET,
  bucketShape,
  createMemoryUpstreamBudget,
  createRedisUpstreamBudget,
  type BudgetAnswer,
  type RedisBudgetOptions,
  type UpstreamBudget,
  type UserShare,
} from './user-budget.ts';
export { createSimulatedPriceSource, SIMULATED_LABEL, type SimulatedOptions } from './simulated.ts';
export { createPriceSource, type PriceSourceDeps } from './create.ts';
export { apiKeyHeaderFor } from './upstream.ts';
export { BUILT_IN_COIN_IDS } from './coin-list.ts';
export { matchProxyRoute, type ProxyMatch, type ProxyRoute } from './proxy-routes.ts';
export { MAX_SEARCH_RESULTS, MIN_SEARCH_QUERY } from './coingecko-search.ts';
