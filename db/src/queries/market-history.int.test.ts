import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, holdingTransactions } from '../schema/index.ts';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from '../testing.ts';
import {
  findDailyCloseBuckets,
  findMarketBucketPrices,
  findMarketHistoryGaps,
  findMarketPricesBefore,
  listHistoryCoins,
  pruneHourlyMarketHistory,
  readMarketHistory,
  saveMarketHistory,
} from './market-history.ts';

const serverUrl = process.env.DATABASE_URL;
const H = 3_600_000;
const D = 86_400_000;
const day0 = Date.parse('2026-11-01T00:00:00Z');

describe.each(testEngines(serverUrl))('market history on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores points once per coin, currency, granularity and time, with their source', async () => {
    const { db } = database;
    const key = { coingeckoId: 'bitcoin', currency: 'usd', granularity: 'daily' as const };
    await saveMarketHistory(db, {
      ...key,
      source: 'coingecko',
      span: { from: day0, to: day0 + 3 * D },
      points: [
        { at: day0, price: 100 },
        { at: day0 + D, price: 101.5 },
        { at: day0 + 2 * D, price: Number.NaN },
      ],
    });
    // A second answer for a time already stored keeps the first price; a new time is added.
    await saveMarketHistory(db, {
      ...key,
      source: 'binance',
      span: { from: day0 + D, to: day0 + 4 * D },
      points: [
        { at: day0 + D, price: 999 },
        { at: day0 + 3 * D, price: 103 },
      ],
    });
    await saveMarketHistory(db, {
      ...key,
      currency: 'eur',
      source: 'coingecko',
      span: { from: day0, to: day0 + D },
      points: [{ at: day0, price: 92 }],
    });
    expect(await readMarketHistory(db, key, { from: day0, to: day0 + 10 * D })).toEqual([
      { at: day0, price: 100, source: 'coingecko' },
      { at: day0 + D, price: 101.5, source: 'coingecko' },
      { at: day0 + 3 * D, price: 103, source: 'binance' },
    ]);
    expect(await readMarketHistory(db, { ...key, granularity: 'hourly' }, { from: 0, to: day0 * 2 })).toEqual(
      [],
    );
  });

  it('records asked spans, even empty answers, so only what was never asked is missing', async () => {
    const { db } = database;
    const key = { coingeckoId: 'ethereum', currency: 'usd', granularity: 'hourly' as const };
    const wanted = { from: day0, to: day0 + 2 * D };
    expect(await findMarketHistoryGaps(db, key, wanted)).toEqual([wanted]);
    await saveMarketHistory(db, {
      ...key,
      source: 'coingecko',
      span: { from: day0 + 6 * H, to: day0 + 12 * H },
      points: [],
    });
    await saveMarketHistory(db, {
      ...key,
      source: 'coingecko',
      span: { from: day0 + D, to: day0 + D + H },
      points: [{ at: day0 + D, price: 3000 }],
    });
    expect(await findMarketHistoryGaps(db, key, wanted)).toEqual([
      { from: day0, to: day0 + 6 * H },
      { from: day0 + 12 * H, to: day0 + D },
      { from: day0 + D + H, to: day0 + 2 * D },
    ]);
    // The same start asked again with a longer span widens the covered span.
    await saveMarketHistory(db, {
      ...key,
      source: 'coingecko',
      span: { from: day0 + D, to: day0 + 2 * D },
      points: [],
    });
    expect(await findMarketHistoryGaps(db, key, wanted)).toEqual([
      { from: day0, to: day0 + 6 * H },
      { from: day0 + 12 * H, to: day0 + D },
    ]);
    // Another currency or granularity has its own coverage.
    expect(await findMarketHistoryGaps(db, { ...key, currency: 'eur' }, wanted)).toEqual([wanted]);
    expect(await findMarketHistoryGaps(db, { ...key, granularity: 'daily' }, wanted)).toEqual([wanted]);
  });

  it('buckets dollar prices for the charts, hourly before daily, and finds the last price before a time', async () => {
    const { db } = database;
    const coin = 'solana';
    await saveMarketHistory(db, {
      coingeckoId: coin,
      currency: 'usd',
      granularity: 'daily',
      source: 'coingecko',
      span: { from: day0, to: day0 + 3 * D },
      points: [
        { at: day0, price: 10 },
        { at: day0 + D, price: 11 },
        { at: day0 + 2 * D, price: 12 },
      ],
    });
    await saveMarketHistory(db, {
      coingeckoId: coin,
      currency: 'usd',
      granularity: 'hourly',
      source: 'coingecko',
      span: { from: day0 + D, to: day0 + D + 3 * H },
      points: [
        { at: day0 + D, price: 11.1 },
        { at: day0 + D + H, price: 11.2 },
        { at: day0 + D + 2 * H, price: 11.3 },
      ],
    });
    const daily = await findMarketBucketPrices(db, [coin, 'nothing'], {
      from: day0,
      to: day0 + 3 * D,
      stepMs: D,
    });
    expect(daily.sort((a, b) => a.t - b.t)).toEqual([
      { coingeckoId: coin, t: day0, usd: 10 },
      { coingeckoId: coin, t: day0 + D, usd: 11.3 },
      { coingeckoId: coin, t: day0 + 2 * D, usd: 12 },
    ]);
    const hourly = await findMarketBucketPrices(db, [coin], {
      from: day0 + D,
      to: day0 + D + 2 * H,
      stepMs: H,
    });
    expect(hourly.map((p) => p.usd).sort()).toEqual([11.1, 11.2, 11.3]);
    expect(await findMarketPricesBefore(db, [coin, 'nothing'], day0 + D + 90 * 60_000)).toEqual(
      new Map([[coin, 11.2]]),
    );
    expect(await findMarketBucketPrices(db, [], { from: 0, to: 1, stepMs: 1 })).toEqual([]);
  });

  it('keeps the last daily close of each bucket of several days, and nothing of the hourly series', async () => {
    const { db } = database;
    // Three-day buckets on the epoch: day0 (2026-11-01) is one day into its bucket, so the buckets hold
    // days 0-1, 2-4 and 5-7 of these closes.
    const bucketStart = day0 - D;
    const closes = [1, 2, 3, 4, 5, 6, 7].map((price, d) => ({ at: day0 + d * D, price }));
    // Day 5 is missing: the last bucket ends with day 6's close all the same.
    const stored = closes.filter((_, d) => d !== 5);
    await saveMarketHistory(db, {
      coingeckoId: 'dcb-coin',
      currency: 'usd',
      granularity: 'daily',
      source: 'simulated',
      span: { from: day0, to: day0 + 7 * D },
      points: stored,
    });
    await saveMarketHistory(db, {
      coingeckoId: 'dcb-coin',
      currency: 'usd',
      granularity: 'hourly',
      source: 'simulated',
      span: { from: day0, to: day0 + 7 * D },
      points: [{ at: day0 + 6 * D + H, price: 99 }],
    });
    const rows = await findDailyCloseBuckets(db, ['dcb-coin', 'no-such-coin'], {
      from: day0,
      to: day0 + 7 * D,
      stepMs: 3 * D,
    });
    expect(rows).toEqual([
      { coingeckoId: 'dcb-coin', t: bucketStart, usd: 2 },
      { coingeckoId: 'dcb-coin', t: bucketStart + 3 * D, usd: 5 },
      { coingeckoId: 'dcb-coin', t: bucketStart + 6 * D, usd: 7 },
    ]);
  });

  it('lists held coins with their first trade across users, and watched coins', async () => {
    const { db } = database;
    const [a, b] = [await createTestUser(db), await createTestUser(db)];
    const held = await createTestHolding(db, a.id, {
      coingeckoId: 'cardano',
      symbol: 'ADA',
      name: 'Cardano',
    });
    await createTestHolding(db, b.id, { coingeckoId: 'cardano', symbol: 'ADA', name: 'Cardano' });
    await db.insert(holdingTransactions).values({
      holdingId: held.id,
      userId: a.id,
      kind: 'buy',
      at: new Date('2021-03-04T05:06:07Z'),
      quantity: '2',
    });
    await createTestHolding(db, b.id, { coingeckoId: null, symbol: 'XYZ', name: 'Made up' });
    await db.insert(alerts).values({
      userId: b.id,
      type: 'WatchlistPrice',
      coingeckoId: 'dogecoin',
      thresholdType: 'Above',
      thresholdValue: '1',
      notificationMethod: 'Email',
    });
    const coins = await listHistoryCoins(db);
    expect(coins.find((c) => c.coingeckoId === 'cardano')).toEqual({
      coingeckoId: 'cardano',
      firstTradeAt: Date.parse('2021-03-04T05:06:07Z'),
    });
    expect(coins.find((c) => c.coingeckoId === 'dogecoin')).toEqual({
      coingeckoId: 'dogecoin',
      firstTradeAt: null,
    });
    expect(coins.map((c) => c.coingeckoId)).toEqual(['cardano', 'dogecoin']);
  });

  it('prunes hourly points and hourly spans older than the cut-off, keeping the daily series', async () => {
    const { db } = database;
    const coin = 'prune-coin';
    const hourly = { coingeckoId: coin, currency: 'usd', granularity: 'hourly' as const };
    const daily = { ...hourly, granularity: 'daily' as const };
    const hours = { from: day0, to: day0 + 2 * D };
    await saveMarketHistory(db, {
      ...hourly,
      source: 'coingecko',
      span: { from: day0, to: day0 + D },
      points: Array.from({ length: 24 }, (_, i) => ({ at: day0 + i * H, price: 1 + i })),
    });
    await saveMarketHistory(db, {
      ...hourly,
      source: 'coingecko',
      span: { from: day0 + D, to: day0 + 2 * D },
      points: Array.from({ length: 24 }, (_, i) => ({ at: day0 + D + i * H, price: 100 + i })),
    });
    await saveMarketHistory(db, {
      ...daily,
      source: 'binance',
      span: hours,
      points: [
        { at: day0, price: 1 },
        { at: day0 + D, price: 100 },
      ],
    });
    expect(await pruneHourlyMarketHistory(db, day0 + D)).toBe(24);
    expect((await readMarketHistory(db, hourly, hours)).map((p) => p.at)[0]).toBe(day0 + D);
    expect(await readMarketHistory(db, hourly, hours)).toHaveLength(24);
    expect(await readMarketHistory(db, daily, hours)).toHaveLength(2);
    // The pruned day's span is no longer covered; the kept day's still is; the daily spans stay.
    expect(await findMarketHistoryGaps(db, hourly, hours)).toEqual([{ from: day0, to: day0 + D }]);
    expect(await findMarketHistoryGaps(db, daily, hours)).toEqual([]);
    expect(await pruneHourlyMarketHistory(db, day0 + D)).toBe(0);
  });
});
