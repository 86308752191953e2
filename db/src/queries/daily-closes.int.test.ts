import { scaledPrice18 } from '@coinpace/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing.ts';
import { cachedDailyCloseBuckets } from './daily-closes.ts';
import { findDailyCloseBuckets, saveMarketHistory } from './market-history.ts';

const serverUrl = process.env.DATABASE_URL;
const D = 86_400_000;
const day0 = Date.parse('2026-11-01T00:00:00Z');

describe.each(testEngines(serverUrl))('cached daily closes on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  const save = (coingeckoId: string, from: number, prices: number[]) =>
    saveMarketHistory(database.db, {
      coingeckoId,
      currency: 'usd',
      granularity: 'daily',
      source: 'simulated',
      span: { from, to: from + prices.length * D },
      points: prices.map((price, i) => ({ at: from + i * D, price })),
    });

  it('answers the buckets the database query answers, for any step and window', async () => {
    const { db } = database;
    await save('cdc-a', day0, [1, 2.5, 3, 4, 5.125, 6, 7, 8, 9, 10]);
    await save('cdc-b', day0 + 3 * D, [20, 21, 22]);
    const ids = ['cdc-a', 'cdc-b', 'cdc-none'];
    for (const range of [
      { from: day0, to: day0 + 10 * D, stepMs: D },
      { from: day0 - D, to: day0 + 7 * D + 5, stepMs: 3 * D },
      { from: day0 + 2 * D, to: day0 + 4 * D, stepMs: 2 * D },
    ]) {
      const cached = await cachedDailyCloseBuckets(db, ids, range);
      expect(cached.map(({ usd18: _usd18, ...b }) => b)).toEqual(await findDailyCloseBuckets(db, ids, range));
      // Each close also comes scaled by 10^18, as the performance walk takes it.
      expect(cached.map((b) => b.usd18)).toEqual(cached.map((b) => scaledPrice18(b.usd)));
    }
  });

  it('reads a coin again after its history is stored, here or by another process', async () => {
    const { db } = database;
    const range = { from: day0, to: day0 + 20 * D, stepMs: D };
    await save('cdc-c', day0, [1, 2]);
    expect((await cachedDailyCloseBuckets(db, ['cdc-c'], range)).map((b) => b.usd)).toEqual([1, 2]);
    // Through this handle: forgotten at once.
    await save('cdc-c', day0 + 2 * D, [3]);
    expect((await cachedDailyCloseBuckets(db, ['cdc-c'], range)).map((b) => b.usd)).toEqual([1, 2, 3]);
    // As another process would: rows and coverage written without this handle's knowledge.
    await db.execute(sql`insert into market_history (coingecko_id, currency, granularity, at, price, source)
      values ('cdc-c', 'usd', 'daily', ${new Date(day0 + 3 * D).toISOString()}::timestamptz, 4, 'simulated')`);
    await db.execute(sql`insert into market_history_coverage (coingecko_id, currency, granularity, from_at, to_at, source)
      values ('cdc-c', 'usd', 'daily', ${new Date(day0 + 3 * D).toISOString()}::timestamptz,
        ${new Date(day0 + 4 * D).toISOString()}::timestamptz, 'simulated')`);
    expect((await cachedDailyCloseBuckets(db, ['cdc-c'], range)).map((b) => b.usd)).toEqual([1, 2, 3, 4]);
  });
});
