/**
 * No anonymous flood can silence prices: a CoinGecko peer that enforces its quota (429 past N calls in
 * any window, as CoinGecko does), an API process and a poller process each with its own price source
 * (as ROLE=api and ROLE=poller run), and a flood of made-up ids, queries and contract addresses through
 * every public route that used to reach upstream. The poller's ticks keep coming every poll, it never
 * meets a 429, and the flood gets at most the users' share of the quota. Time is scaled down: a poll
 * every second, a quota of 24 calls in any 10 s, a users' share of 4 in any 10 s.
 */
import { createTestBus, type TestBus } from '@coinpace/adapters/testing';
import { roomyLimiters } from '@coinpace/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY,
  POLLER_KEY,
  POLL_MS,
  WINDOW_MS,
  runLookupFlood,
  shareRefusals,
  startQuotaPricedApi,
  ticksDuring,
  unexpectedStatuses,
  type QuotaPricedApi,
} from './testing/quota-flood.ts';

const FLOOD_MS = 12_000;

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
// On the embedded defaults always; as a cluster (Postgres, the share in Redis) when CI gives both.
const cases = [
  ['pglite', 'memory'] as const,
  ...(databaseUrl && redisUrl ? [['postgres', 'redis'] as const] : []),
];

describe.each(cases)('a flood of made-up look-ups on %s with the share in %s', (engine, shareIn) => {
  let bus: TestBus;
  let priced: QuotaPricedApi;

  beforeAll(async () => {
    bus = await createTestBus(shareIn === 'redis' ? 'redis' : 'memory', { redisUrl });
    priced = await startQuotaPricedApi({
      engine,
      bus,
      shareIn,
      redisUrl,
      apiOptions: { limiters: roomyLimiters },
    });
  });
  afterAll(async () => {
    await priced?.close();
    await bus?.close();
  });

  it('keeps every poll on time, with no 429, and gives the flood at most its share', async () => {
    const { api, fake, metrics, ticks } = priced;
    const floodStart = Date.now();
    // Four clients, each sending one request after another, for FLOOD_MS.
    const flood = await runLookupFlood(api, { ms: FLOOD_MS });
    const floodEnd = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_MS));

    // Every answer is what the route gives when CoinGecko is rate limited, or a plain answer: never a 5xx.
    expect(unexpectedStatuses(flood)).toEqual(new Set());
    expect(flood.sent).toBeGreaterThan(100);
    expect(flood.searchesRefused).toBeGreaterThan(0);

    // The peer never refused anyone: the poll and the flood together stayed inside the quota.
    const byKey = priced.requestsOf;
    expect(fake.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(byKey(POLLER_KEY).every((r) => r.status === 200)).toBe(true);

    // Every poll happened, on time, with fresh prices: no gap between ticks longer than a poll and a margin.
    const { during, longestGap } = ticksDuring(ticks, floodStart, floodEnd);
    expect(during.length).toBeGreaterThanOrEqual(Math.floor(FLOOD_MS / POLL_MS));
    expect(longestGap).toBeLessThan(3 * POLL_MS);
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
    expect(await shareRefusals(metrics)).toBeGreaterThan(0);
  }, 90_000);
});
