/**
 * Process entry of `npm start`: loads config once, builds the adapters, and wires the roles of
 * ROLE onto one HTTP server (DESIGN.md section 1).
 */
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  closeRedis,
  connectRedis,
  createBullmqQueue,
  createBus,
  createIdentity,
  createMailer,
  createTelegramBot,
  createPaymentProvider,
  createSmsSender,
  loadSecretBox,
  loadVapidKeys,
  createBitcoinReader,
  createEvmReaders,
  createSolanaReader,
  withDemoChain,
  withDemoExchange,
  createCcxtConnector,
  createMemoryRequestLimiter,
  createRedisRequestLimiter,
} from '@coinpace/adapters';
import {
  createApp,
  createLogger,
  createMetricsApp,
  createOpsApp,
  memoryLimiters,
  onePerName,
  redisLimiters,
  EXCHANGE_SYNC_CONCURRENCY,
  EXCHANGE_SYNC_QUEUE,
  exchangeSyncWorker,
  localExchangeSyncQueue,
  startSyncSchedule,
  startWalletSchedule,
  type ExchangeSyncQueue,
  TRADE_IMPORT_CONCURRENCY,
  TRADE_IMPORT_QUEUE,
  tradeImportWorker,
  type Logger,
  type TradeImportQueue,
} from '@coinpace/api';
import { connect, createDbLocalPaymentStore } from '@coinpace/db';
import { ConfigError, SITE_PASSWORD_GUESS_LIMIT, describeConfig, type Config } from '@coinpace/domain';
import {
  COINGECKO_QUOTA_WINDOW_MS,
  createPricePoller,
  startAlertWorker,
  startGateway,
  startLifecycleJobs,
  type AlertWorker,
} from '@coinpace/realtime';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { loadConfig } from './config.ts';
import { createHttpServer } from './http-server.ts';
import { createAppPriceSource } from './price-source.ts';
import { MIGRATIONS_FOLDER, WEB_DIST } from './paths.ts';
import { planRoles } from './roles.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config.logLevel, { role: config.role });
  const roles = planRoles(config.role);
  logger.info({ config: describeConfig(config) }, 'starting Coinpace');

  const database = await connect({
    databaseUrl: config.database.url,
    dataDir: config.dataDir,
    migrationsFolder: MIGRATIONS_FOLDER,
  });
  const identity = await createIdentity(config);
  const bus = await createBus({
    redisUrl: config.redis.url,
    prefix: config.redis.prefix,
    logger: logger.child({ part: 'bus' }),
  });
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });

  // Only ROLE=all and ROLE=api serve the API and the web app; the other roles answer health, readiness
  // and metrics on their port, and the gateway its Socket.IO (DESIGN.md section 1).
  const limiterRedis =
    (roles.api || roles.gateway || roles.worker) && config.redis.url
      ? await connectRedis(config.redis.url, logger.child({ part: 'rate-limits' }), 'rate-limits')
      : undefined;
  // Rate limits shared by every process when Redis is there (DESIGN.md section 1), and within this
  // process by every part that names the same limiter: the gateway counts wrong site passwords into
  // the API's `check-password` limiter.
  const limiters = onePerName(
    limiterRedis ? redisLimiters(limiterRedis, `${config.redis.prefix}rl:`) : memoryLimiters(),
  );
  // The users' share of the CoinGecko quota is kept beside the rate limits: one bucket for every API process.
  const prices = createAppPriceSource(config, {
    db: database.db,
    redis: limiterRedis,
    metrics,
    logger: logger.child({ part: 'prices' }),
  });
  // Trade imports are jobs on Redis in a deployment: any API process adds them and the worker role runs
  // them, one at a time across the cluster. Without Redis the API runs them in its own process.
  const jobsLogger = logger.child({ part: 'jobs' });
  const imports: TradeImportQueue | undefined =
    config.redis.url && (roles.api || roles.worker)
      ? createBullmqQueue(TRADE_IMPORT_QUEUE, {
          redisUrl: config.redis.url,
          prefix: `${config.redis.prefix}jobs`,
          onError: (error) => jobsLogger.warn({ err: error }, 'job queue: Redis connection error'),
        })
      : undefined;
  if (imports && roles.worker) {
    await imports.work(tradeImportWorker({ db: database.db, bus, logger }), {
      concurrency: TRADE_IMPORT_CONCURRENCY,
    });
  }
  // Exchange accounts: the demo exchange and every exchange ccxt reads, their keys sealed with SECRETS_KEY
  // (or the key kept in DATA_DIR). Syncs are jobs like imports: on Redis in a deployment, run and
  // scheduled every 15 minutes by the worker role; in process otherwise. Every request to an exchange (the
  // API trying a key, a worker syncing) waits its turn on one schedule per exchange, shared through Redis
  // in a deployment: all workers together stay within the exchange's request weight.
  const exchangePace = limiterRedis
    ? createRedisRequestLimiter({
        client: limiterRedis,
        prefix: `${config.redis.prefix}exchange-pace:`,
        onError: (error) => jobsLogger.warn({ err: error }, 'exchange pace: Redis could not answer'),
      })
    : createMemoryRequestLimiter();
  const exchanges = withDemoExchange(
    createCcxtConnector({
      urls: { ...config.exchangeUrls },
      throttle: (exchange, cost) => exchangePace.throttle(exchange, cost),
    }),
  );
  const secrets = await loadSecretBox({
    key: config.secrets.key,
    previous: config.secrets.previous,
    dataDir: config.dataDir,
  });
  // Browser push: VAPID_* when set, otherwise a pair generated once into DATA_DIR.
  const vapid = await loadVapidKeys({ ...config.channels.vapid, dataDir: config.dataDir });
  // Wallets: one chain reader per chain (a registry: wiring a reader is one entry), the demo chain always;
  // each EVM chain on its EVM_RPC_URL_<CHAIN>, Bitcoin on ESPLORA_URL, Solana on SOLANA_RPC_URL. Their refreshes ride the exchange-sync queue and its worker.
  const chains = withDemoChain({
    ...createEvmReaders(config.evmRpcUrls),
    bitcoin: createBitcoinReader({ esploraUrl: config.esploraUrl }),
    solana: createSolanaReader({ rpcUrl: config.solanaRpcUrl }),
  });
  const syncDeps = { db: database.db, bus, logger, exchanges, secrets, chains };
  const exchangeSyncs: ExchangeSyncQueue | undefined =
    config.redis.url && (roles.api || roles.worker)
      ? createBullmqQueue(EXCHANGE_SYNC_QUEUE, {
          redisUrl: config.redis.url,
          prefix: `${config.redis.prefix}jobs`,
          onError: (error) => jobsLogger.warn({ err: error }, 'job queue: Redis connection error'),
        })
      : roles.api
        ? localExchangeSyncQueue(syncDeps)
        : undefined;
  if (config.redis.url && exchangeSyncs && roles.worker) {
    await exchangeSyncs.work(exchangeSyncWorker(syncDeps), { concurrency: EXCHANGE_SYNC_CONCURRENCY });
  }
  const app = roles.api
    ? createApp({
        config,
        db: database.db,
        identity,
        bus,
        prices,
        payments: createPaymentProvider(config.payments, {
          localStore: createDbLocalPaymentStore(database.db),
        }),
        logger,
        metrics,
        webDist: findWebDist(logger),
        limiters,
        imports,
        exchanges,
        secrets,
        vapid,
        exchangeSyncs,
        chains,
      })
    : createOpsApp({ config, db: database.db, metrics, logger });
  const server = createHttpServer(app.callback());
  const gateway = roles.gateway
    ? await startGateway({
        httpServer: server,
        bus,
        db: database.db,
        verifier: identity.verifier,
        sitePassword: config.sitePassword,
        sitePasswordGuesses: limiters('check-password', SITE_PASSWORD_GUESS_LIMIT),
        redisUrl: config.redis.url,
        redisPrefix: config.redis.prefix,
        maxSocketsPerAddress: config.connections.socketsPerAddress,
        watchLimits: config.connections.watchedCoins,
        maxCoinSets: config.connections.coinSets,
        signedInSetReserve: config.connections.signedInSetReserve,
        anonymousSetsPerAddress: config.connections.coinSetsPerAddress,
        trustedProxyHops: config.trustedProxyHops,
        logger: logger.child({ part: 'gateway' }),
      })
    : undefined;
  if (gateway) {
    new Gauge({
      name: 'coinpace_gateway_connections',
      help: 'Socket.IO connections open on this gateway node',
      registers: [metrics],
      collect() {
        this.set(gateway.connections());
      },
    });
  }
  // /metrics on a port of its own, kept off the proxy.
  const metricsServer =
    config.metrics.port === undefined
      ? undefined
      : createHttpServer(createMetricsApp({ config, db: database.db, metrics, logger }).callback());
  if (metricsServer) {
    await listen(metricsServer, config.metrics.port!);
    logger.info({ metricsPort: (metricsServer.address() as AddressInfo).port }, 'metrics served');
  }
  await listen(server, config.port);
  const { port } = server.address() as AddressInfo;
  logger.info({ port, url: `http://localhost:${port}` }, `Coinpace is running at http://localhost:${port}`);

  let alertWorker: AlertWorker | undefined;
  if (roles.worker) {
    const workerLogger = logger.child({ part: 'alerts' });
    alertWorker = startAlertWorker({
      db: database.db,
      bus,
      mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger: workerLogger }),
      sms: createSmsSender(
        'accountSid' in config.sms ? { ...config.sms, logger: workerLogger } : { logger: workerLogger },
      ),
      logger: workerLogger,
      secrets,
      vapid,
      telegram: createTelegramBot(config.channels.telegram),
      // Without DATABASE_URL the data is in PGlite, one connection: a long poll held in the poller's
      // transaction would stall every other query, so it asks and returns at once instead.
      telegramLongPollSeconds: config.database.url ? 25 : 0,
      allowLoopbackWebhooks: config.channels.allowLoopbackWebhooks,
      pollMs: config.prices.pollMs,
      publicUrl: config.publicUrl,
      consumerName: `${hostname()}-${process.pid}`,
    });
  }

  const poller = roles.poller
    ? createPricePoller({
        db: database.db,
        bus,
        prices,
        pollMs: config.prices.pollMs,
        coinListRefreshMs: config.prices.coinListRefreshMs,
        // CoinGecko counts calls per minute; the embedded feeds count none, so their history starts at once.
        quotaWindowMs: config.prices.source === 'coingecko' ? COINGECKO_QUOTA_WINDOW_MS : 0,
        logger: logger.child({ part: 'poller' }),
      })
    : undefined;
  poller?.start();
  // The worker role asks every active account's sync every 15 minutes (one process without Redis runs
  // every role, on its in-process queue).
  const syncSchedule =
    roles.worker && exchangeSyncs
      ? startSyncSchedule({
          db: database.db,
          queue: exchangeSyncs,
          logger: logger.child({ part: 'exchange-sync' }),
        })
      : undefined;
  // And every wallet's refresh every 10 minutes, on the same queue.
  const walletSchedule =
    roles.worker && exchangeSyncs
      ? startWalletSchedule({
          db: database.db,
          queue: exchangeSyncs,
          logger: logger.child({ part: 'wallet-refresh' }),
        })
      : undefined;
  const lifecycle = roles.worker
    ? startLifecycleJobs({
        db: database.db,
        publicUrl: config.publicUrl,
        identityAdmin: identity.admin,
        logger: logger.child({ part: 'lifecycle' }),
      })
    : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await poller?.stop();
    await gateway?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    metricsServer?.closeAllConnections();
    await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
    await alertWorker?.stop();
    await lifecycle?.stop();
    syncSchedule?.stop();
    walletSchedule?.stop();
    await imports?.close();
    await exchangeSyncs?.close();
    if (limiterRedis) await closeRedis(limiterRedis);
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
}

/** The built web app, when there is one to serve. */
function findWebDist(logger: Logger): string | undefined {
  if (existsSync(path.join(WEB_DIST, 'index.html'))) return WEB_DIST;
  logger.warn({ path: WEB_DIST }, 'web app not built: run `npm run build` to serve it');
  return undefined;
}

main().catch((error: unknown) => {
  console.error('Coinpace failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
