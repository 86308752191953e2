/** GET /api/portfolio/performance over the real API and database, with stored market history. */
import { eq } from 'drizzle-orm';
import {
  holdingTransactions,
  latestPrices,
  saveFxRates,
  saveMarketHistory,
  type MarketHistoryBatch,
} from '@coinpace/db';
import { createTestHolding, testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const H = 3_600_000;
const D = 24 * H;

describe.each(testEngines(process.env.DATABASE_URL))('GET /api/portfolio/performance on %s', (engine) => {
  let api: TestApi;
  const coin = `perf-${Math.random().toString(36).slice(2, 8)}`;
  let today = 0;
  const series = (
    coingeckoId: string,
    granularity: 'daily' | 'hourly',
    points: [number, number][],
  ): MarketHistoryBatch => ({
    coingeckoId,
    currency: 'usd',
    granularity,
    source: 'simulated',
    span: { from: points[0]![0], to: points.at(-1)![0] + H },
    points: points.map(([at, price]) => ({ at, price })),
  });

  beforeAll(async () => {
    api = await startTestApi(engine);
    today = Math.floor(Date.now() / D) * D;
    const { db } = api.database;
    // The coin costs 100 forty days ago, 50 five days ago, 100 now; bitcoin 10,000, 5,000, 20,000.
    await saveMarketHistory(
      db,
      series(coin, 'daily', [
        [today - 40 * D, 100],
        [today - 5 * D, 50],
      ]),
    );
    await saveMarketHistory(db, series(coin, 'hourly', [[today - 5 * D + H, 50]]));
    await saveMarketHistory(
      db,
      series('bitcoin', 'daily', [
        [today - 40 * D, 10_000],
        [today - 5 * D, 5_000],
      ]),
    );
    const now = new Date();
    await db.insert(latestPrices).values([
      { coingeckoId: coin, usd: '100', change24h: 0, lastUpdated: now, source: 'coingecko' },
      { coingeckoId: 'bitcoin', usd: '20000', change24h: 0, lastUpdated: now, source: 'coingecko' },
    ]);
  });
  afterAll(() => api?.close());

  /** A user who bought 2 coins at 100 forty days ago and 1 at 50 five days ago (no other transaction). */
  async function investor() {
    const { token, user } = await api.signUp();
    const { db } = api.database;
    const holding = await createTestHolding(db, user.id, { coingeckoId: coin, symbol: 'PRF', quantity: '3' });
    await db.delete(holdingTransactions).where(eq(holdingTransactions.holdingId, holding.id));
    const buy = (at: number, quantity: string, pricePerCoin: string) => ({
      holdingId: holding.id,
      userId: user.id,
      kind: 'buy',
      at: new Date(at),
      quantity,
      pricePerCoin,
    });
    await db
      .insert(holdingTransactions)
      .values([buy(today - 40 * D + 2 * H, '2', '100'), buy(today - 5 * D + 2 * H, '1', '50')]);
    return token;
  }

  it('answers value, net invested and returns over a month, from the hourly history and the latest price', async () => {
    const token = await investor();
    const { status, body } = await api.call('GET', '/api/portfolio/performance?range=1M', { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      range: '1M',
      currency: 'usd',
      stepMs: 6 * H,
      unpriced: [],
      excludedHoldings: 0,
    });
    expect(body.summary).toMatchObject({ startValue: '200', endValue: '300', netFlows: '50', gain: '50' });
    // The price halved and came back: the investments alone made nothing, the money added at 50 did.
    expect(body.summary.twr).toBeCloseTo(0, 8);
    expect(body.summary.mwr).toBeGreaterThan(0.2);
    expect(body.summary).not.toHaveProperty('benchmark');
    const first = body.points[0];
    const last = body.points.at(-1);
    expect(first).toEqual({ t: body.from, value: '200', invested: '200' });
    expect(last).toMatchObject({ t: body.to, value: '300', invested: '250' });
    // Steps: 50 a coin from the dip's bucket on; the buy two hours into it shows from the next point.
    const at = (t: number) => body.points.find((p: { t: number }) => p.t === t);
    expect(at(today - 5 * D)).toEqual({ t: today - 5 * D, value: '100', invested: '200' });
    expect(at(today - 5 * D + 6 * H)).toEqual({ t: today - 5 * D + 6 * H, value: '150', invested: '250' });
  });

  it('starts ALL at the first transaction and compares with the same money in bitcoin', async () => {
    const token = await investor();
    const { body } = await api.call('GET', '/api/portfolio/performance?range=ALL&benchmark=bitcoin', {
      token,
    });
    expect(body.from).toBeLessThan(today - 40 * D + 2 * H);
    expect(body.summary).toMatchObject({ startValue: '0', endValue: '300', netFlows: '250', gain: '50' });
    // 200 bought 0.02 BTC, 50 bought 0.01: 0.03 BTC at 20,000.
    expect(body.summary.benchmark).toMatchObject({ coin: 'bitcoin', endValue: '600', gain: '350', twr: 1 });
    expect(body.points.at(-1)).toMatchObject({ value: '300', invested: '250', benchmark: '600' });
  });

  it('answers in the display currency, each amount at the rate of its day', async () => {
    const token = await investor();
    await saveFxRates(api.database.db, { chf: 0.8 }, new Date(today - 41 * D));
    await api.call('PATCH', '/api/users/me', { token, body: { displayCurrency: 'chf' } });
    const { body } = await api.call('GET', '/api/portfolio/performance?range=ALL', { token });
    expect(body.currency).toBe('chf');
    expect(body.summary).toMatchObject({ endValue: '240', netFlows: '200', gain: '40' });
  });

  it('counts a trade made in another currency in dollars at the rate of its day', async () => {
    const { token, user } = await api.signUp();
    const { db } = api.database;
    await saveFxRates(db, { chf: 0.8 }, new Date(today - 42 * D));
    const holding = await createTestHolding(db, user.id, { coingeckoId: coin, symbol: 'PRF', quantity: '2' });
    await db.delete(holdingTransactions).where(eq(holdingTransactions.holdingId, holding.id));
    // 2 coins at 80 francs each: 100 dollars each at that day's 0.8 francs to the dollar.
    await db.insert(holdingTransactions).values({
      holdingId: holding.id,
      userId: user.id,
      kind: 'buy',
      at: new Date(today - 40 * D + 2 * H),
      quantity: '2',
      pricePerCoin: '80',
      currency: 'chf',
    });
    const { body } = await api.call('GET', '/api/portfolio/performance?range=ALL', { token });
    expect(body.currency).toBe('usd');
    expect(body.summary).toMatchObject({ endValue: '200', netFlows: '200', gain: '0' });
  });

  it('answers an empty performance to a user with no transactions', async () => {
    const { token } = await api.signUp();
    const { status, body } = await api.call('GET', '/api/portfolio/performance?range=1Y', { token });
    expect(status).toBe(200);
    expect(body.points).toEqual([]);
    expect(body.summary).toMatchObject({ startValue: '0', endValue: '0', gain: '0', mwr: null, twr: null });
  });

  it('refuses a bad range, benchmark or parameter with a clear 400', async () => {
    const { token } = await api.signUp();
    const ask = (query: string) => api.call('GET', `/api/portfolio/performance?${query}`, { token });
    const range = await ask('range=5Y');
    expect(range.status).toBe(400);
    expect(range.body.error).toBe('range must be one of 1D, 1W, 1M, YTD, 1Y, ALL');
    const benchmark = await ask('range=1W&benchmark=dogecoin');
    expect(benchmark.status).toBe(400);
    expect(benchmark.body.error).toBe('benchmark must be one of bitcoin, ethereum');
    expect((await ask('from=2020-01-01')).status).toBe(400);
  });
});
