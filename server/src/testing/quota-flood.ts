/**
 * Test support for floods against the CoinGecko quota: a CoinGecko peer that enforces its quota (429 past
 * N calls in any window, as CoinGecko does), the API and a poller each with its own price source (as
 * ROLE=api and ROLE=poller run), a flood of made-up ids, queries and contract addresses through every
 * public route that used to reach upstream, and the checks on the poller's ticks. Time is scaled down:
 * a poll every second, a quota of 24 calls in any 10 s, a users' share of 4 in any 10 s. Not used in
 * production.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { closeRedis, connectRedis, noopLogger, type Bus, type RedisClient } from '@coinpace/adapters';
import { createFakeCoinGecko, waitFor, type FakeCoinGecko } from '@coinpace/adapters/testing';
import { startTestApi, type TestApi, type TestApiOptions } from '@coinpace/api/testing';
import { loadCoinListState, type AppDb } from '@coinpace/db';
import type { Engine } from '@coinpace/db/testing';
import { parseConfig, BUS_TOPICS, type PriceTick } from '@coinpace/domain';
import { createPricePoller, type PricePoller } from '@coinpace/realtime';
import { Registry } from 'prom-client';
import { createAppPriceSource } from '../price-source.ts';

export const POLL_MS = 1_000;
export const WINDOW_MS = 10_000;
export const QUOTA = { calls: 24, perMs: WINDOW_MS };
/** In any WINDOW_MS: a burst of 1, then 3 per window. */
export const USER_SHARE = 4;
export const API_KEY = 'api-process';
export const POLLER_KEY = 'poller-process';

const madeUp = () => `made-up-${randomBytes(5).toString('hex')}`;
const address = () => `0x${randomBytes(20).toString('hex')}`;

/** One request of the flood, by kind; each asks for something no cache has seen. */
export const LOOKUP_FLOOD: ((i: number) => string)[] = [
  () => `/api/coingecko/simple/price?ids=${madeUp()},${madeUp()}&vs_currencies=usd`,
  () => `/api/coingecko/coins/markets?vs_currency=usd&ids=${madeUp()}`,
  () => `/api/search?query=${madeUp()}`,
  () => `/api/coingecko/search?query=${madeUp()}`,
  () => `/api/prices/by-address?addresses=${address()},${address()}`,
  () => `/api/coingecko/simple/token_price/ethereum?contract_addresses=${address()}&vs_currencies=usd`,
  // A real coin with parameters no cache has seen: only the users' share can stop these.
  (i) =>
    `/api/coingecko/simple/price?ids=bitcoin&vs_currencies=usd&precision=${i % 19}&include_market_cap=${i}`,
];

export interface QuotaPricedApi {
  api: TestApi;
  fake: FakeCoinGecko;
  /** The API process's metrics (the users' share counts its calls there). */
  metrics: Registry;
  /** Every price tick on the bus, with when it arrived. */
  ticks: { at: number; tick: PriceTick }[];
  /** The peer's requests made with `key` (API_KEY or POLLER_KEY). */
  requestsOf(key: string): FakeCoinGecko['requests'];
  close(): Promise<void>;
}

export interface QuotaPricedApiOptions {
  engine: Engine;
  bus: Bus;
  /** Where the users' share is kept: in Redis (one bucket for every API process) or in the process. */
  shareIn: 'redis' | 'memory';
  redisUrl?: string;
  /** Config for the API beside the CoinGecko settings. */
  env?: Record<string, string>;
  /** The API's other options (limiters, jobs, logger); the price source is this setup's. */
  apiOptions?: Omit<TestApiOptions, 'bus' | 'prices'>;
}

/**
 * Starts the peer, the API and the poller, and resolves once the poller has stored the coin list and
 * ticked three times.
 */
export async function startQuotaPricedApi(options: QuotaPricedApiOptions): Promise<QuotaPricedApi> {
  const { bus } = options;
  const fake = createFakeCoinGecko({ quota: QUOTA });
  const { url } = await fake.start();
  // A new bitcoin price every 200 ms, so every poll has a change to publish.
  let step = 0;
  const priceTimer = setInterval(() => fake.setPrice('bitcoin', 97_000 + ++step, 1), 200);
  const redis: RedisClient | undefined =
    options.shareIn === 'redis' ? await connectRedis(options.redisUrl!, noopLogger, 'test') : undefined;
  const prefix = `test:${randomUUID()}:`;
  const metrics = new Registry();
  const configFor = (key: string) =>
    parseConfig({
      COINGECKO_BASE_URL: url,
      // Older-than-a-year history would ask Binance: point it at the local peer so nothing leaves the machine.
      BINANCE_DATA_URL: url,
      COINGECKO_API_KEY: key,
      COINGECKO_USER_CALLS_PER_MINUTE: String(USER_SHARE),
      REDIS_PREFIX: prefix,
    });
  const source = (key: string) => (db: AppDb) =>
    createAppPriceSource(configFor(key), {
      db,
      redis,
      metrics: key === API_KEY ? metrics : new Registry(),
      logger: noopLogger,
      shareWindowMs: WINDOW_MS,
    });
  const api = await startTestApi(options.engine, options.env ?? {}, {
    ...options.apiOptions,
    bus,
    prices: source(API_KEY),
  });
  const poller: PricePoller = createPricePoller({
    db: api.database.db,
    bus,
    prices: source(POLLER_KEY)(api.database.db),
    pollMs: POLL_MS,
    logger: noopLogger,
  });
  const ticks: QuotaPricedApi['ticks'] = [];
  await bus.subscribe(BUS_TOPICS.priceTick, (payload) =>
    ticks.push({ at: Date.now(), tick: payload as PriceTick }),
  );
  poller.start();
  // The poller stores the coin list after its first poll, then ticks every second.
  await waitFor(async () => (await loadCoinListState(api.database.db)) !== null, {
    timeoutMs: 30_000,
    intervalMs: 200,
  });
  await waitFor(() => ticks.length >= 3, { timeoutMs: 15_000 });
  return {
    api,
    fake,
    metrics,
    ticks,
    requestsOf: (key) => fake.requests.filter((r) => r.headers['x-cg-demo-api-key'] === key),
    async close() {
      clearInterval(priceTimer);
      await poller.stop();
      await api.close();
      if (redis) await closeRedis(redis);
      await fake.close();
    },
  };
}

export interface LookupFloodResult {
  sent: number;
  /** Answers by `path status`. */
  statuses: Map<string, number>;
  /** Searches answered as rate limited by the users' share. */
  searchesRefused: number;
}

export interface LookupFloodOptions {
  /** How long the flood lasts, ms; or `until`. */
  ms?: number;
  /** The flood lasts until this is true (checked before each request). */
  until?: () => boolean;
  /** Clients sending at once; default 4. */
  clients?: number;
  /** The i-th request's headers (its address, say). */
  headersFor?: (i: number) => Record<string, string>;
}

/**
 * `clients` clients, each sending one look-up of LOOKUP_FLOOD after another (a pause of 25 ms between),
 * for `ms` or until `until()`.
 */
export async function runLookupFlood(
  api: Pick<TestApi, 'call'>,
  { ms = 0, until, clients = 4, headersFor }: LookupFloodOptions,
): Promise<LookupFloodResult> {
  const started = Date.now();
  const over = until ?? (() => Date.now() - started >= ms);
  const statuses = new Map<string, number>();
  let searchesRefused = 0;
  let sent = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!over()) {
        const i = sent++;
        const path = LOOKUP_FLOOD[i % LOOKUP_FLOOD.length]!(i);
        const response = await api.call('GET', path, { headers: headersFor?.(i) });
        const kind = `${path.split('?')[0]} ${response.status}`;
        statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
        if (path.startsWith('/api/search') && response.body?.source === 'rate_limited') searchesRefused++;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }),
  );
  return { sent, statuses, searchesRefused };
}

/** The statuses of a flood's answers other than 200 and 429 (what a rate-limited route gives). */
export const unexpectedStatuses = (result: LookupFloodResult): Set<number> =>
  new Set(
    [...result.statuses.keys()]
      .map((kind) => Number(kind.split(' ')[1]))
      .filter((status) => status !== 200 && status !== 429),
  );

/** The ticks between `from` and `to` (a poll's margin either side) and the gaps between them, ms. */
export function ticksDuring(ticks: QuotaPricedApi['ticks'], from: number, to: number) {
  const during = ticks.filter(({ at }) => at >= from - 2 * POLL_MS && at <= to + 2 * POLL_MS);
  const gaps = during.slice(1).map(({ at }, i) => at - during[i]!.at);
  return { during, gaps, longestGap: Math.max(...gaps) };
}

/** The users' calls the share refused, as the API's metrics count them. */
export async function shareRefusals(metrics: Registry): Promise<number> {
  const counted = await metrics.getSingleMetric('coinpace_coingecko_user_calls_total')!.get();
  return counted.values.find((v) => v.labels.outcome === 'refused')?.value ?? 0;
}
