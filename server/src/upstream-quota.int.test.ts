/**
 * No anonymous flood can silence prices: a CoinGecko peer that enforces its quota (429 past N calls in
 * any window, as CoinGecko does), an API process and a poller process each with its own price source
 * (as ROLE=api and ROLE=poller run), and a flood of made-up ids, queries and contract addresses through
 * every public route that used to reach upstream. The poller's ticks keep coming every poll, it never
 * meets a 429, and the flood gets at most the users' share of the quota. Time is scaled down: a poll
 * every second, a quota of 24 calls in any 10 s, a users' share of 4 in any 10 s.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { closeRedis, connectRedis, noopLogger, type RedisClient } from '@coinpace/adapters';
import {
  createFakeCoinGecko,
  createTestBus,
  waitFor,
  type FakeCoinGecko,
  type TestBus,
} from '@coinpace/adapters/testing';
import { roomyLimiters, startTestApi, type TestApi } from '@coinpace/api/testing';
import { loadCoinListState } from '@coinpace/db';
import { parseConfig, BUS_TOPICS, type PriceTick } from '@coinpace/domain';
import { createPricePoller, type PricePoller } from '@coinpace/realtime';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppPriceSource } from './price-source.ts';

const POLL_MS = 1_000;
const WINDOW_MS = 10_000;
const QUOTA = { calls: 24, perMs: WINDOW_MS };
const USER_SHARE = 4; // in any WINDOW_MS: a burst of 1, then 3 per window
const FLOOD_MS = 12_000;
const API_KEY = 'api-process';
const POLLER_KEY = 'poller-process';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
// On the embedded defaults always; as a cluster (Postgres, the share in Redis) when CI gives both.
const cases = [
  ['pglite', 'memory'] as const,
  ...(databaseUrl && redisUrl ? [['postgres', 'redis'] as const] : []),
];

const madeUp = () => `made-up-${randomBytes(5).toString('hex')}`;
const address = () => `0x${randomBytes(20).toString('hex')}`;

/** One request of the flood, by kind; each asks for something no cache has seen. */
const FLOOD: ((i: number) => string)[] = [
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

describe.each(cases)('a flood of made-up look-ups on %s with the share in %s', (engine, shareIn) => {
  let fake: FakeCoinGecko;
  let bus: TestBus;
  let api: TestApi;
  let poller: PricePoller;
  let redis: RedisClient | undefined;
  let priceTimer: NodeJS.Timeout;
  const metrics = new Registry();
  const ticks: { at: number; tick: PriceTick }[] = [];

  beforeAll(async () => {
    fake = createFakeCoinGecko({ quota: QUOTA });
    const { url } = await fake.start();
    // A new bitcoin price every 200 ms, so every poll has a change to publish.
    let step = 0;
    priceTimer = setInterval(() => fake.setPrice('bitcoin', 97_000 + ++step, 1), 200);
    bus = await createTestBus(shareIn === 'redis' ? 'redis' : 'memory', { redisUrl });
    redis = shareIn === 'redis' ? await connectRedis(redisUrl!, noopLogger, 'test') : undefined;
    const prefix = `test:${randomUUID()}:`;
    const configFor = (key: string) =>
      parseConfig({
        COINGECKO_BASE_URL: url,
        COINGECKO_API_KEY: key,
        COINGECKO_USER_CALLS_PER_MINUTE: String(USER_SHARE),
        REDIS_PREFIX: prefix,
      });
    const source = (key: string) => (db: Parameters<typeof createAppPriceSource>[1]['db']) =>
      createAppPriceSource(configFor(key), {
        db,
        redis,
        metrics: key === API_KEY ? metrics : new Registry(),
        logger: noopLogger,
        shareWindowMs: WINDOW_MS,
      });
    api = await startTestApi(engine, {}, { bus, limiters: roomyLimiters, prices: source(API_KEY) });
    poller = createPricePoller({
      db: api.database.db,
      bus,
      prices: source(POLLER_KEY)(api.database.db),
      pollMs: POLL_MS,
      logger: noopLogger,
    });
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
  });
  afterAll(async () => {
    clearInterval(priceTimer);
    await poller?.stop();
    await api?.close();
    await bus?.close();
    if (redis) await closeRedis(redis);
    await fake?.close();
  });

  it('keeps every poll on time, with no 429, and gives the flood at most its share', async () => {
    const floodStart = Date.now();
    const statuses = new Map<string, number>();
    let searchesRefused = 0;
    let sent = 0;
    // Four clients, each sending one request after another (a pause of 25 ms between), for FLOOD_MS.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() - floodStart < FLOOD_MS) {
          const i = sent++;
          const path = FLOOD[i % FLOOD.length]!(i);
          const response = await api.call('GET', path);
          const kind = `${path.split('?')[0]} ${response.status}`;
          statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
          if (path.startsWith('/api/search') && response.body?.source === 'rate_limited') searchesRefused++;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }),
    );
    const floodEnd = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_MS));

    // Every answer is what the route gives when CoinGecko is rate limited, or a plain answer: never a 5xx.
    const seen = [...statuses.keys()].map((kind) => Number(kind.split(' ')[1]));
    expect(new Set(seen.filter((status) => status !== 200 && status !== 429))).toEqual(new Set());
    expect(sent).toBeGreaterThan(100);
    expect(searchesRefused).toBeGreaterThan(0);

    // The peer never refused anyone: the poll and the flood together stayed inside the quota.
    const byKey = (key: string) => fake.requests.filter((r) => r.headers['x-cg-demo-api-key'] === key);
    expect(fake.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(byKey(POLLER_KEY).every((r) => r.status === 200)).toBe(true);

    // Every poll happened, on time, with fresh prices: no gap between ticks longer than a poll and a margin.
    const during = ticks.filter(({ at }) => at >= floodStart - 2 * POLL_MS && at <= floodEnd + 2 * POLL_MS);
    const gaps = during.slice(1).map(({ at }, i) => at - during[i]!.at);
    expect(during.length).toBeGreaterThanOrEqual(Math.floor(FLOOD_MS / POLL_MS));
    expect(Math.max(...gaps)).toBeLessThan(3 * POLL_MS);
    expect(during.every(({ tick }) => tick.source.status === 'live')).toBe(true);
    const polls = byKey(POLLER_KEY).filter(
      (r) => r.route === 'simple/price' && r.at >= floodStart && r.at <= floodEnd,
    );
    expect(polls.length).toBeGreaterThanOrEqual(Math.floor(FLOOD_MS / POLL_MS) - 1);

    // The flood's upstream calls: at most the share's burst and its refill over the flood, and some used.
    const userCalls = byKey(API_KEY).filter((r) => r.at >= floodStart && r.at <= floodEnd + POLL_MS);
    const bound = 1 + Math.floor((3 * (floodEnd - floodStart + POLL_MS)) / WINDOW_MS);
    expect(userCalls.length).toBeGreaterThan(0);
    expect(userCalls.length).toBeLessThanOrEqual(bound);
    const counted = await metrics.getSingleMetric('coinpace_coingecko_user_calls_total')!.get();
    const refused = counted.values.find((v) => v.labels.outcome === 'refused')?.value ?? 0;
    expect(refused).toBeGreaterThan(0);
  }, 90_000);
});
