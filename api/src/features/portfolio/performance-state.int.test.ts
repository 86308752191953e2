/**
 * The kept performance walk (performance-state.ts): answers continued from a kept state are the answers
 * of the whole walk, after a write of a transaction, of a holding and of price history, and on a later day.
 */
import { eq } from 'drizzle-orm';
import {
  holdingTransactions,
  latestPrices,
  portfolioItems,
  saveMarketHistory,
  type AppDb,
  type MarketHistoryBatch,
} from '@coinpace/db';
import type { PerformanceQuery } from '@coinpace/domain';
import { createTestHolding, testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { portfolioPerformance } from './performance.ts';
import { forgetKeptWalks } from './performance-state.ts';

const H = 3_600_000;
const D = 24 * H;

describe.each(testEngines(process.env.DATABASE_URL))('kept performance walk on %s', (engine) => {
  let api: TestApi;
  let db: AppDb;
  const suffix = Math.random().toString(36).slice(2, 8);
  const coins = [`kept-a-${suffix}`, `kept-b-${suffix}`];
  const today = Math.floor(Date.now() / D) * D;
  const now = today + 10 * H;
  const closes = (coingeckoId: string, days: number, priceOf: (d: number) => number): MarketHistoryBatch => ({
    coingeckoId,
    currency: 'usd',
    granularity: 'daily',
    source: 'simulated',
    span: { from: today - days * D, to: today + D },
    points: Array.from({ length: days + 1 }, (_, k) => ({ at: today - (days - k) * D, price: priceOf(k) })),
  });

  beforeAll(async () => {
    api = await startTestApi(engine);
    db = api.database.db;
    await saveMarketHistory(
      db,
      closes(coins[0]!, 60, (k) => 100 + (k % 7) * 3),
    );
    await saveMarketHistory(
      db,
      closes(coins[1]!, 60, (k) => 20 + (k % 5)),
    );
    await saveMarketHistory(
      db,
      closes('bitcoin', 60, (k) => 40_000 + k * 10),
    );
    await db
      .insert(latestPrices)
      .values(
        [...coins, 'bitcoin'].map((coingeckoId, i) => ({
          coingeckoId,
          usd: String([110, 22, 41_000][i]),
          change24h: 0,
          lastUpdated: new Date(now),
          source: 'coingecko',
        })),
      )
      .onConflictDoNothing();
  });
  afterAll(() => api?.close());

  /** The answer without any kept state, the kept states left as they were before. */
  async function uncached(userId: string, query: PerformanceQuery, at: number) {
    const other = Object.create(db) as AppDb;
    // A copy of the handle has no kept state of its own: the whole history is walked.
    forgetKeptWalks(other);
    return portfolioPerformance(other, { id: userId, displayCurrency: 'usd' }, query, at);
  }

  it('answers the same as the whole walk after writes and on a later day', async () => {
    const { user } = await api.signUp();
    const a = await createTestHolding(db, user.id, { coingeckoId: coins[0]!, symbol: 'KA', quantity: '3' });
    const b = await createTestHolding(db, user.id, { coingeckoId: coins[1]!, symbol: 'KB', quantity: '5' });
    await db.delete(holdingTransactions).where(eq(holdingTransactions.userId, user.id));
    const tx = (holdingId: string, kind: string, daysAgo: number, quantity: string, price: string) => ({
      holdingId,
      userId: user.id,
      kind,
      at: new Date(today - daysAgo * D + 2 * H),
      quantity,
      pricePerCoin: price,
    });
    await db
      .insert(holdingTransactions)
      .values([
        tx(a.id, 'buy', 50, '2', '101'),
        tx(b.id, 'buy', 45, '10', '21'),
        tx(a.id, 'sell', 30, '1', '110'),
        tx(b.id, 'income', 20, '0.5', '0'),
      ]);
    const me = { id: user.id, displayCurrency: 'usd' };
    const queries: PerformanceQuery[] = [{ range: 'ALL', benchmark: 'bitcoin' }, { range: '1Y' }];
    const beforeWrite = await portfolioPerformance(db, me, queries[0]!, now);
    for (const query of queries) {
      const first = await portfolioPerformance(db, me, query, now);
      expect(first.points.length).toBeGreaterThan(10);
      // The second answer continues from the state the first kept.
      expect(await portfolioPerformance(db, me, query, now)).toEqual(first);
      expect(first).toEqual(await uncached(user.id, query, now));
    }

    // A transaction well before the kept step, a holding's change and new history of a coin.
    await db.insert(holdingTransactions).values(tx(a.id, 'buy', 40, '4', '95'));
    const afterBuy = await portfolioPerformance(db, me, queries[0]!, now);
    expect(afterBuy.summary.netFlows).not.toBe(beforeWrite.summary.netFlows);
    expect(afterBuy).toEqual(await uncached(user.id, queries[0]!, now));
    await db.update(portfolioItems).set({ name: 'Kept B' }).where(eq(portfolioItems.id, b.id));
    for (const query of queries) {
      expect(await portfolioPerformance(db, me, query, now)).toEqual(await uncached(user.id, query, now));
    }
    await saveMarketHistory(
      db,
      closes(coins[1]!, 60, (k) => 30 + (k % 4)),
    );
    for (const query of queries) {
      expect(await portfolioPerformance(db, me, query, now)).toEqual(await uncached(user.id, query, now));
    }

    // Later the same day, and three days on: the kept state is continued with the steps since.
    for (const later of [now + 3 * H, now + 3 * D]) {
      for (const query of queries) {
        const answer = await portfolioPerformance(db, me, query, later);
        expect(answer.to).toBe(later);
        expect(answer).toEqual(await uncached(user.id, query, later));
      }
    }
  });
});
