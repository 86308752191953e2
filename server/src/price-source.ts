/**
 * The price source of one process as `npm start` builds it (DESIGN.md section 3, prices row): reading the
 * coin list and the poller's latest prices from Postgres, and drawing every user-driven CoinGecko call
 * from the users' share of the quota, one bucket in Redis for every process when REDIS_URL is set.
 */
import {
  createMemoryUpstreamBudget,
  createPriceSource,
  createRedisUpstreamBudget,
  type PriceLogger,
  type PriceSource,
  type RedisClient,
} from '@coinpace/adapters';
import { countUserUpstreamCalls } from '@coinpace/api';
import { createDbPriceStore, type AppDb } from '@coinpace/db';
import type { Config } from '@coinpace/domain';
import type { Registry } from 'prom-client';

export interface AppPriceSourceDeps {
  db: AppDb;
  /** The shared Redis of the cluster, for the users' share; none: the share is counted in this process. */
  redis?: RedisClient;
  metrics: Registry;
  logger: PriceLogger;
  /** The window the users' share is counted over, ms. Default a minute; tests scale time down. */
  shareWindowMs?: number;
}

/** Builds the process's one price source; see the file comment. */
export function createAppPriceSource(
  config: Pick<Config, 'prices' | 'redis'>,
  deps: AppPriceSourceDeps,
): PriceSource {
  const share = { calls: config.prices.userCallsPerMinute, perMs: deps.shareWindowMs ?? 60_000 };
  const userBudget = deps.redis
    ? createRedisUpstreamBudget({
        client: deps.redis,
        key: `${config.redis.prefix}upstream:user-share`,
        share,
        logger: deps.logger,
      })
    : createMemoryUpstreamBudget(share);
  // Only the leading poller reads history, so its process's bucket is the whole history share.
  const historyBudget = createMemoryUpstreamBudget({
    calls: config.prices.historyCallsPerMinute,
    perMs: deps.shareWindowMs ?? 60_000,
  });
  return createPriceSource(config.prices, {
    logger: deps.logger,
    store: createDbPriceStore(deps.db),
    userBudget,
    historyBudget,
    onUserCall: countUserUpstreamCalls(deps.metrics),
  });
}
