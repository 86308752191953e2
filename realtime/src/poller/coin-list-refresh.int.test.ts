/**
 * The leading poller keeps CoinGecko's coin list stored for every process: read when none is stored or
 * the stored one is older than the refresh interval, never more often, and a much shorter list is not
 * taken for the whole one.
 */
import { createCoinGeckoPriceSource, createSimulatedPriceSource, noopLogger } from '@coinpace/adapters';
import {
  createFakeCoinGecko,
  createTestBus,
  type FakeCoinGecko,
  type TestBus,
} from '@coinpace/adapters/testing';
import { createDbPriceStore, loadCoinList, loadCoinListState, replaceCoinList } from '@coinpace/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COIN_LIST_RETRY_MS, CoinListRefresh } from './coin-list-refresh.ts';
import { PricePoll } from './price-poll.ts';

const HOUR = 3_600_000;
const serverUrl = process.env.DATABASE_URL;

describe.each(testEngines(serverUrl))('the stored coin list on %s', (engine) => {
  let database: TestDatabase;
  let bus: TestBus;
  let fake: FakeCoinGecko;
  let url: string;
  let now = Date.parse('2026-11-28T00:00:00Z');
  const clock = () => now;

  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
    bus = await createTestBus('memory');
    fake = createFakeCoinGecko();
    ({ url } = await fake.start());
  });
  afterAll(async () => {
    await fake?.close();
    await bus?.close();
    await database?.close();
  });

  it('is stored by the poll when none is, and read again only after the refresh interval', async () => {
    const { db } = database;
    const prices = createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0, coinListRankedPages: 1 });
    const poll = new PricePoll({
      db,
      bus,
      prices,
      logger: noopLogger,
      now: clock,
      manualTrackTtlMs: 7 * 86_400_000,
      coinListRefreshMs: 6 * HOUR,
    });
    poll.startTerm();
    await poll.run(() => true);
    await poll.idle();
    const state = await loadCoinListState(db);
    expect(state?.refreshedAt.getTime()).toBe(now);
    const stored = await loadCoinList(db);
    expect(stored.find((c) => c.id === 'bitcoin')).toMatchObject({ name: 'Bitcoin', marketCapRank: 1 });
    expect(fake.requestsTo('coins/list')).toHaveLength(2); // the adapter's own first read, then the poller's

    // Every poll for six hours: not one more read of the list.
    fake.clearRequests();
    for (let i = 0; i < 20; i++) {
      now += 15 * 60_000;
      await poll.run(() => true);
      await poll.idle();
    }
    expect(fake.requestsTo('coins/list')).toHaveLength(0);
    fake.addCoin({ id: 'listed-since', symbol: 'NEW', name: 'Listed Since', usd: 1 });
    now += 1 * HOUR;
    await poll.run(() => true);
    await poll.idle();
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
    expect((await loadCoinList(db)).some((c) => c.id === 'listed-since')).toBe(true);

    // Another process reading the store knows it, without asking CoinGecko.
    fake.clearRequests();
    const api = createCoinGeckoPriceSource({ baseUrl: url, store: createDbPriceStore(db) });
    await expect(api.knownIds(['listed-since', 'made-up'])).resolves.toEqual(['listed-since']);
    expect((await api.search('listed since')).coins.map((c) => c.id)).toEqual(['listed-since']);
    expect(fake.requestsTo('coins/list')).toHaveLength(0);
    expect(fake.requestsTo('search')).toHaveLength(0);
  });

  it('keeps the stored list when the one read is much shorter, and retries later', async () => {
    const { db } = database;
    const many = Array.from({ length: 500 }, (_, i) => ({
      id: `stored-${i}`,
      symbol: `S${i}`,
      name: `Stored ${i}`,
      marketCapRank: null,
      image: null,
    }));
    await replaceCoinList(db, many, new Date(now - 7 * HOUR));
    const refresh = new CoinListRefresh({
      db,
      prices: createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0, coinListRankedPages: 0 }),
      logger: noopLogger,
      now: clock,
      refreshMs: 6 * HOUR,
    });
    fake.clearRequests();
    refresh.start(() => true);
    await refresh.idle();
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
    expect(await loadCoinList(db)).toHaveLength(500);
    refresh.start(() => true);
    await refresh.idle();
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
    now += COIN_LIST_RETRY_MS;
    refresh.start(() => true);
    await refresh.idle();
    expect(fake.requestsTo('coins/list')).toHaveLength(2);
  });

  it('leaves the stored list alone for the simulated feed, which has none to read', async () => {
    const { db } = database;
    const before = await loadCoinListState(db);
    const refresh = new CoinListRefresh({
      db,
      prices: createSimulatedPriceSource({ seed: 1 }),
      logger: noopLogger,
      now: () => now + 100 * HOUR,
      refreshMs: 6 * HOUR,
    });
    refresh.start(() => true);
    await refresh.idle();
    expect(await loadCoinListState(db)).toEqual(before);
  });
});
