export * from './app.ts';
export * from './deps.ts';
export * from './logger.ts';
export * from './context.ts';
export * from './middleware/limiters.ts';
export { priceStream, type PriceStreamOptions } from './features/prices/stream.ts';
export { TickRelay } from './features/prices/tick-relay.ts';
export { countUserUpstreamCalls } from './features/prices/upstream-metrics.ts';
export {
  TRADE_IMPORT_CONCURRENCY,
  TRADE_IMPORT_QUEUE,
  tradeImportWorker,
  type TradeImportQueue,
} from './features/portfolio/import-jobs.ts';
export {
  EXCHANGE_SYNC_CONCURRENCY,
  EXCHANGE_SYNC_QUEUE,
  exchangeSyncWorker,
  localExchangeSyncQueue,
  startSyncSchedule,
  type ExchangeSyncQueue,
} from './features/exchange-accounts/sync.ts';
export { resealed, sealCredentials } from './features/exchange-accounts/credentials.ts';
export {
  WALLET_REFRESH_EVERY_MS,
  refreshWallet,
  type WalletRefreshData,
} from './features/wallets/refresh.ts';
export { startWalletSchedule } from './features/wallets/schedule.ts';
export { rotateExchangeSecrets, type RotationReport } from './features/exchange-accounts/rotate.ts';
