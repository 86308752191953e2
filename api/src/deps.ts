import type {
  Bus,
  ChainReaders,
  ExchangeConnector,
  Identity,
  PaymentProvider,
  PriceSource,
  SecretBox,
  VapidKeys,
} from '@coinpace/adapters';
import type { AppDb } from '@coinpace/db';
import type { Config } from '@coinpace/domain';
import type { Registry } from 'prom-client';
import type { ExchangeSyncQueue } from './features/exchange-accounts/sync.ts';
import type { TradeImportQueue } from './features/portfolio/import-jobs.ts';
import type { Logger } from './logger.ts';
import type { LimiterFactory } from './middleware/limiters.ts';

/** Everything the API is built from; main.ts and tests pass these in (STYLE.md, Wiring). */
export interface ApiDeps {
  config: Config;
  db: AppDb;
  identity: Identity;
  /** Pub/sub and streams; the API publishes per-user events (`publishUserEvent`) through it. */
  bus: Bus;
  /** The one price source of this process (search, /api/prices, the /api/coingecko proxy). */
  prices: PriceSource;
  /** The payment provider of payments.mode: Stripe, or the local checkout (billing routes). */
  payments: PaymentProvider;
  logger: Logger;
  /** Registry the API's metrics are kept in; /metrics serves it. */
  metrics: Registry;
  /**
   * Rate limiters shared by the API processes (Redis-backed when REDIS_URL is set); default: counted
   * in this process.
   */
  limiters?: LimiterFactory;
  /**
   * The trade-import jobs: BullMQ in a deployment with Redis (the worker role runs them); default an
   * in-process queue with its worker started by the portfolio routes.
   */
  imports?: TradeImportQueue;
  /**
   * Every exchange that can be connected: the demo exchange and the real ones (withDemoExchange); default
   * the demo exchange alone.
   */
  exchanges?: ExchangeConnector;
  /** Seals exchange API keys at rest (SECRETS_KEY); main.ts always passes it. */
  secrets?: SecretBox;
  /** Signs browser push messages (VAPID_* or kept under DATA_DIR); main.ts always passes them. */
  vapid?: VapidKeys;
  /**
   * The exchange-sync jobs (and wallet refreshes, on the same queue): BullMQ in a deployment with Redis
   * (the worker role runs them and their schedules); default an in-process queue with its worker started
   * by the routes (one per app, shared by exchange accounts and wallets).
   */
  exchangeSyncs?: ExchangeSyncQueue;
  /** The chain readers wallets are read with (a registry by chain); default the demo chain alone. */
  chains?: ChainReaders;
  /** How long an import request waits for its job before answering 202 with it; default 2 s. */
  importAnswerWaitMs?: number;
  /** Directory of the built web app to serve, when this process serves it. */
  webDist?: string;
  /** The clock billing reads (periods, read-back times); default the real one. Tests pass their own. */
  now?: () => Date;
}
