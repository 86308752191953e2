import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, priceHistory } from '../schema/index.ts';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from '../testing.ts';
import {
  listTrackedCoins,
  listTrackedIds,
  loadLatestPrices,
  loadPriceHistory,
  prunePriceHistory,
  recordPriceHistory,
  saveLatestPrices,
  trackCoin,
} from './prices.ts';

const serverUrl = process.env.DATABASE_URL;
const HOUR = 3_600_000;

describe.each(testEngines(serverUrl))('price queries on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('tracks the fixed ids, held coins, alert coins and recent manual tracks, nothing else', async () => {
    const { db } = database;
    const user = await createTestUser(db);
    await createTestHolding(db, user.id, { coingeckoId: 'held-coin', symbol: 'HELD', name: 'Held' });
    await createTestHolding(db, user.id, { coingeckoId: null, symbol: 'ODD', name: 'Unknown' });
    await db.insert(alerts).values({
      userId: user.id,
      type: 'WatchlistPrice',
      coingeckoId: 'watched-coin',
      thresholdType: 'Above',
      thresholdValue: '10',
      notificationMethod: 'Email',
    });
    const now = new Date('2030-01-10T00:00:00Z');
    await trackCoin(db, { coingeckoId: 'manual-new', name: 'New', symbol: 'NEW' }, 'manual', now);
    await trackCoin(
      db,
      { coingeckoId: 'manual-old', name: 'Old', symbol: 'OLD' },
      'manual',
      new Date(now.getTime() - 30 * 24 * HOUR),
    );

    const ids = await listTrackedIds(db, {
      fixedIds: ['bitcoin', 'ethereum'],
      requestedSince: new Date(now.getTime() - 7 * 24 * HOUR),
    });
    expect(ids).toEqual(
      expect.arrayContaining(['bitcoin', 'ethereum', 'held-coin', 'watched-coin', 'manual-new']),
    );
    expect(ids).not.toContain('manual-old');
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tracking again refreshes the request time and keeps a known address', async () => {
    const { db } = database;
    const first = new Date('2030-02-01T00:00:00Z');
    const later = new Date('2030-02-02T00:00:00Z');
    await trackCoin(
      db,
      { coingeckoId: 'addr-coin', name: 'A', symbol: 'A', address: '0xabc' },
      'manual',
      first,
    );
    await trackCoin(db, { coingeckoId: 'addr-coin', name: 'A', symbol: 'A' }, 'manual', later);
    const row = (await listTrackedCoins(db)).find((c) => c.coingeckoId === 'addr-coin');
    expect(row?.address).toBe('0xabc');
    expect(row?.lastRequestedAt.toISOString()).toBe(later.toISOString());
  });

  it('stores latest prices and replaces them, keeping tiny and large prices exact enough', async () => {
    const { db } = database;
    const t1 = new Date('2030-03-01T00:00:00Z');
    const t2 = new Date('2030-03-01T00:01:00Z');
    await saveLatestPrices(
      db,
      {
        'lp-a': { usd: 97123.45, usd_24h_change: -1.5, last_updated: 1_900_000_000 },
        'lp-b': { usd: 1.2e-7, usd_24h_change: null, last_updated: 1_900_000_000 },
      },
      'coingecko',
      t1,
    );
    await saveLatestPrices(
      db,
      { 'lp-a': { usd: 97000, usd_24h_change: 2, last_updated: 1_900_000_060 } },
      'simulated',
      t2,
    );
    const stored = await loadLatestPrices(db, ['lp-a', 'lp-b', 'lp-missing']);
    expect(Object.keys(stored).sort()).toEqual(['lp-a', 'lp-b']);
    expect(stored['lp-a']).toEqual({
      quote: { usd: 97000, usd_24h_change: 2, last_updated: 1_900_000_060 },
      source: 'simulated',
      receivedAt: t2,
    });
    expect(stored['lp-b']!.quote.usd).toBeCloseTo(1.2e-7, 15);
    expect(stored['lp-b']!.quote.usd_24h_change).toBeNull();
    await expect(loadLatestPrices(db, [])).resolves.toEqual({});
  });

  it('keeps one history row per coin and bucket, and downsamples old buckets to the hour', async () => {
    const { db } = database;
    const hour = new Date('2030-04-01T10:00:00Z');
    const fiveAfter = new Date(hour.getTime() + 5 * 60_000);
    const quote = (usd: number) => ({ usd, usd_24h_change: 0, last_updated: 0 });
    await recordPriceHistory(db, { 'hist-coin': quote(1) }, hour);
    await recordPriceHistory(db, { 'hist-coin': quote(2) }, hour);
    await recordPriceHistory(db, { 'hist-coin': quote(3) }, fiveAfter);
    let rows = await loadPriceHistory(db, 'hist-coin', new Date(0), new Date('2031-01-01'));
    expect(rows).toEqual([
      { at: hour, usd: 2 },
      { at: fiveAfter, usd: 3 },
    ]);

    const deleted = await prunePriceHistory(db, new Date('2030-04-02T00:00:00Z'), HOUR);
    expect(deleted).toBeGreaterThanOrEqual(1);
    rows = await loadPriceHistory(db, 'hist-coin', new Date(0), new Date('2031-01-01'));
    expect(rows).toEqual([{ at: hour, usd: 2 }]);
    const all = await db.select().from(priceHistory);
    expect(all.every((r) => r.bucketAt.getTime() % HOUR === 0 || r.bucketAt >= new Date('2030-04-02'))).toBe(
      true,
    );
  });
});
