import { latestPrices, priceHistory, saveFxRates, saveMarketHistory } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { HISTORY_RANGES, utcDay } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const H = 3_600_000;

describe.each(testEngines(process.env.DATABASE_URL))('GET /api/portfolio/history on %s', (engine) => {
  let api: TestApi;
  // Coin ids unique to this run, so the shared price tables hold only this test's history.
  const tag = Math.random().toString(36).slice(2, 8);
  const alpha = `alpha-${tag}`;
  const beta = `beta-${tag}`;
  let hourStart = 0;

  beforeAll(async () => {
    api = await startTestApi(engine);
    hourStart = Math.floor(Date.now() / H) * H;
    const rows = [
      // Before the 7-day window: the starting price of alpha.
      { coingeckoId: alpha, bucketAt: new Date(hourStart - 8 * 24 * H), usd: '10' },
      // Two records in one hour: the later one counts.
      { coingeckoId: alpha, bucketAt: new Date(hourStart - 48 * H + 60_000), usd: '11' },
      { coingeckoId: alpha, bucketAt: new Date(hourStart - 48 * H + 120_000), usd: '12' },
      { coingeckoId: beta, bucketAt: new Date(hourStart - 24 * H), usd: '100' },
      // 20 days ago: only in the 30-day range.
      { coingeckoId: beta, bucketAt: new Date(hourStart - 20 * 24 * H), usd: '90' },
    ];
    await api.database.db.insert(priceHistory).values(rows);
    await api.database.db.insert(latestPrices).values([
      { coingeckoId: alpha, usd: '13', change24h: 1, lastUpdated: new Date(), source: 'coingecko' },
      // Beta's latest price is its last recorded one: stored, so adding it asks the source for none.
      { coingeckoId: beta, usd: '100', change24h: 0, lastUpdated: new Date(), source: 'coingecko' },
    ]);
  });
  afterAll(() => api?.close());

  async function seedHoldings(token: string) {
    for (const [coingeckoId, symbol, quantity] of [
      [alpha, `A${tag}`, '2'],
      [beta, `B${tag}`, '0.5'],
    ] as const) {
      const added = await api.call('POST', '/api/portfolio', {
        token,
        body: { coingeckoId, name: symbol, symbol, quantity, purchasePrice: '1' },
      });
      expect(added.status).toBe(201);
    }
  }

  it('sends the daily rates of a display currency other than the dollar, and none for dollars', async () => {
    const { token } = await api.signUp();
    await seedHoldings(token);
    const dollars = await api.call('GET', '/api/portfolio/history?range=7d', { token });
    expect(dollars.body).not.toHaveProperty('fx');
    const day = (daysAgo: number) => new Date(hourStart - daysAgo * 24 * H);
    // Only the Swiss franc's rates, so rates other tests store cannot change what this one reads.
    await saveFxRates(api.database.db, { chf: 0.8 }, day(30));
    await saveFxRates(api.database.db, { chf: 0.85 }, day(3));
    await saveFxRates(api.database.db, { chf: 0.87 }, day(0));
    await api.call('PATCH', '/api/users/me', { token, body: { displayCurrency: 'chf' } });
    const francs = await api.call('GET', '/api/portfolio/history?range=7d', { token });
    expect(francs.status).toBe(200);
    expect(francs.body.fx).toEqual({
      currency: 'chf',
      days: [
        { day: utcDay(day(3)), rate: 0.85 },
        { day: utcDay(day(0)), rate: 0.87 },
      ],
    });
    // The values themselves stay in dollars.
    const values = (body: { points: { value: number }[] }) => body.points.map((p) => p.value);
    expect(values(francs.body)).toEqual(values(dollars.body));
  });

  it('values the current holdings hour by hour over 7 days, ending at the latest prices', async () => {
    const { token } = await api.signUp();
    await seedHoldings(token);
    const response = await api.call('GET', '/api/portfolio/history?range=7d', { token });
    expect(response.status).toBe(200);
    const history = response.body;
    expect(history).toMatchObject({ range: '7d', stepMs: HISTORY_RANGES['7d'].stepMs, holdings: 2 });
    expect(history.to - history.from).toBeGreaterThanOrEqual(7 * 24 * H);
    expect(history.to - history.from).toBeLessThan(7 * 24 * H + H);

    const points: { t: number; value: number; priced: number }[] = history.points;
    // Every bucket of the window has a point: both coins have a price from before the window
    // (alpha 10 from 8 days ago, beta 90 from 20 days ago).
    expect(points.length).toBe(Math.ceil((history.to - history.from) / H) + 1);
    expect(points[0]).toMatchObject({ t: history.from, value: 20 + 45, priced: 2 });
    const at = (t: number) => points.filter((p) => p.t <= t).at(-1)!;
    expect(at(hourStart - 49 * H).value).toBe(20 + 45);
    // Two prices in that hour: the later one (12) counts.
    expect(at(hourStart - 48 * H).value).toBe(24 + 45);
    expect(at(hourStart - 24 * H)).toMatchObject({ value: 24 + 50, priced: 2 });
    const last = points.at(-1)!;
    expect(last.t).toBe(history.to);
    expect(last).toMatchObject({ value: 26 + 50, priced: 2 });
    expect(points.every((p, i) => i === 0 || p.t > points[i - 1]!.t)).toBe(true);
  });

  it('uses 4-hour buckets over 30 days and sees the older history', async () => {
    const { token } = await api.signUp();
    await seedHoldings(token);
    const { status, body } = await api.call('GET', '/api/portfolio/history?range=30d', { token });
    expect(status).toBe(200);
    expect(body.stepMs).toBe(4 * H);
    const points: { t: number; value: number; priced: number }[] = body.points;
    const near = (t: number, target: number) => Math.abs(t - target) < 4 * H + 60_000;
    // Nothing is priced before beta's first price, 20 days ago; alpha joins 8 days ago.
    expect(near(points[0]!.t, Date.now() - 20 * 24 * H)).toBe(true);
    expect(points[0]).toMatchObject({ value: 45, priced: 1 });
    const both = points.find((p) => p.priced === 2)!;
    expect(near(both.t, Date.now() - 8 * 24 * H)).toBe(true);
    expect(both.value).toBe(20 + 45);
    expect(points.at(-1)).toMatchObject({ value: 26 + 50, priced: 2 });
  });

  it('gives an empty series for an empty portfolio and defaults to 7d', async () => {
    const { token } = await api.signUp();
    const { status, body } = await api.call('GET', '/api/portfolio/history', { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ range: '7d', holdings: 0, points: [] });
  });

  it("never shows another user's holdings", async () => {
    const owner = await api.signUp();
    await seedHoldings(owner.token);
    const other = await api.signUp();
    const { body } = await api.call('GET', '/api/portfolio/history?range=7d', { token: other.token });
    expect(body.points).toEqual([]);
  });

  it('rejects an unknown range with 400 and needs a token', async () => {
    const { token } = await api.signUp();
    const bad = await api.call('GET', '/api/portfolio/history?range=5y', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('range must be 7d, 30d, 90d or 1y');
    expect((await api.call('GET', '/api/portfolio/history')).status).toBe(401);
  });

  it("GET /api/portfolio/{id}/price-history gives the holding's coin price, and 404 for another user", async () => {
    const { token } = await api.signUp();
    await seedHoldings(token);
    const holdings = (await api.call('GET', '/api/portfolio', { token })).body as {
      id: string;
      coingeckoId: string;
    }[];
    const alphaHolding = holdings.find((h) => h.coingeckoId === alpha)!;
    const { status, body } = await api.call('GET', `/api/portfolio/${alphaHolding.id}/price-history`, {
      token,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ range: '7d', stepMs: H, holdings: 1 });
    const points: { t: number; value: number }[] = body.points;
    // Prices per coin, not the holding's value (2 coins): 10 before the window, 12, then the latest 13.
    expect(points[0]).toMatchObject({ t: body.from, value: 10 });
    expect(points.filter((p) => p.t <= hourStart - 48 * H).at(-1)!.value).toBe(12);
    expect(points.at(-1)).toMatchObject({ t: body.to, value: 13 });

    const other = await api.signUp();
    const foreign = await api.call('GET', `/api/portfolio/${alphaHolding.id}/price-history`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    const bad = await api.call('GET', `/api/portfolio/${alphaHolding.id}/price-history?range=5y`, { token });
    expect(bad.status).toBe(400);
  });

  it('GET /api/portfolio/{id}/price-history sends the display currency’s daily rates as the value history does', async () => {
    const { token } = await api.signUp();
    await seedHoldings(token);
    const holdings = (await api.call('GET', '/api/portfolio', { token })).body as {
      id: string;
      coingeckoId: string;
    }[];
    const path = `/api/portfolio/${holdings.find((h) => h.coingeckoId === alpha)!.id}/price-history?range=7d`;
    const dollars = await api.call('GET', path, { token });
    expect(dollars.status).toBe(200);
    expect(dollars.body).not.toHaveProperty('fx');
    const day = (daysAgo: number) => new Date(hourStart - daysAgo * 24 * H);
    // The Swiss franc's rates only, as in the value history's test (the same rates, so either may run first).
    await saveFxRates(api.database.db, { chf: 0.8 }, day(30));
    await saveFxRates(api.database.db, { chf: 0.85 }, day(3));
    await saveFxRates(api.database.db, { chf: 0.87 }, day(0));
    await api.call('PATCH', '/api/users/me', { token, body: { displayCurrency: 'chf' } });
    const francs = await api.call('GET', path, { token });
    expect(francs.status).toBe(200);
    expect(francs.body.fx).toEqual({
      currency: 'chf',
      days: [
        { day: utcDay(day(3)), rate: 0.85 },
        { day: utcDay(day(0)), rate: 0.87 },
      ],
    });
    const history = await api.call('GET', '/api/portfolio/history?range=7d', { token });
    expect(francs.body.fx).toEqual(history.body.fx);
    // The prices themselves stay in dollars.
    const values = (body: { points: { value: number }[] }) => body.points.map((p) => p.value);
    expect(values(francs.body)).toEqual(values(dollars.body));
  });

  it('fills a holding chart from the stored market history where the poll recorded nothing, recorded prices first', async () => {
    const { db } = api.database;
    const gamma = `gamma-${tag}`;
    const day = 24 * H;
    // The poll has recorded gamma for two hours only (a coin first held today, traded since 2021).
    await db.insert(priceHistory).values([
      { coingeckoId: gamma, bucketAt: new Date(hourStart - 2 * H), usd: '50' },
      { coingeckoId: gamma, bucketAt: new Date(hourStart - H), usd: '51' },
    ]);
    await db
      .insert(latestPrices)
      .values({ coingeckoId: gamma, usd: '52', change24h: 0, lastUpdated: new Date(), source: 'coingecko' });
    // The backfill stored 40 days of hours; its price in the hour the poll recorded is not used.
    const from = hourStart - 40 * day;
    await saveMarketHistory(db, {
      coingeckoId: gamma,
      currency: 'usd',
      granularity: 'hourly',
      source: 'coingecko',
      span: { from, to: hourStart },
      points: Array.from({ length: 40 * 24 }, (_, i) => ({ at: from + i * H, price: 40 + (i % 7) })),
    });
    const { token } = await api.signUp();
    const added = await api.call('POST', '/api/portfolio', {
      token,
      body: { coingeckoId: gamma, name: 'Gamma', symbol: `G${tag}`, quantity: '1', purchasePrice: '1' },
    });
    expect(added.status).toBe(201);
    const { status, body } = await api.call(
      'GET',
      `/api/portfolio/${added.body.id}/price-history?range=30d`,
      {
        token,
      },
    );
    expect(status).toBe(200);
    const points: { t: number; value: number }[] = body.points;
    // Every 4-hour bucket of the 30 days has a price, from the first one on.
    const step = 4 * H;
    expect(points.slice(0, -1).map((p) => p.t)).toEqual(
      Array.from({ length: Math.ceil((body.to - body.from) / step) }, (_, i) => body.from + i * step),
    );
    const lastBucket = Math.floor((hourStart - H) / (4 * H)) * 4 * H;
    expect(points.find((p) => p.t === lastBucket)!.value).toBe(51);
    expect(points.at(-1)).toMatchObject({ t: body.to, value: 52 });
    // Over 90 days, 12-hourly points from the first stored hour on.
    const quarter = await api.call('GET', `/api/portfolio/${added.body.id}/price-history?range=90d`, {
      token,
    });
    expect(quarter.body).toMatchObject({ range: '90d', stepMs: 12 * H });
    expect(quarter.body.points[0].t).toBe(Math.floor(from / (12 * H)) * 12 * H);
    const portfolio = await api.call('GET', '/api/portfolio/history?range=30d', { token });
    expect(portfolio.body.points.map((p: { value: number }) => p.value)).toEqual(points.map((p) => p.value));
  });

  it('GET /api/portfolio/{id}/price-history?range=all starts at the first trade and draws the days Binance gave', async () => {
    const { db } = api.database;
    const day = 24 * H;
    const delta = `delta-${tag}`;
    const today = Math.floor(Date.now() / day) * day;
    const firstTrade = today - 500 * day + 10 * H;
    // Days older than a year from Binance, the year from CoinGecko, as the backfill stores them.
    for (const [source, from, to] of [
      ['binance', today - 500 * day, today - 364 * day],
      ['coingecko', today - 364 * day, today],
    ] as const)
      await saveMarketHistory(db, {
        coingeckoId: delta,
        currency: 'usd',
        granularity: 'daily',
        source,
        span: { from, to },
        points: Array.from({ length: (to - from) / day }, (_, i) => ({
          at: from + i * day,
          price: source === 'binance' ? 5 : 7,
        })),
      });
    const { token } = await api.signUp();
    const added = await api.call('POST', '/api/portfolio', {
      token,
      body: { coingeckoId: delta, name: 'Delta', symbol: `D${tag}`, quantity: '1', purchasePrice: '1' },
    });
    expect(added.status).toBe(201);
    const bought = await api.call('POST', `/api/portfolio/${added.body.id}/transactions`, {
      token,
      body: { type: 'buy', at: new Date(firstTrade).toISOString(), quantity: '1', pricePerCoin: '5' },
    });
    expect(bought.status).toBe(201);
    const { status, body } = await api.call(
      'GET',
      `/api/portfolio/${added.body.id}/price-history?range=all`,
      {
        token,
      },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ range: 'all', stepMs: day, from: today - 500 * day });
    const points: { t: number; value: number }[] = body.points;
    expect(points[0]).toMatchObject({ t: today - 500 * day, value: 5 });
    expect(points.find((p) => p.t === today - 365 * day)!.value).toBe(5);
    expect(points.find((p) => p.t === today - 364 * day)!.value).toBe(7);
    const ytd = await api.call('GET', `/api/portfolio/${added.body.id}/price-history?range=ytd`, { token });
    expect(ytd.body.from).toBe(Date.UTC(new Date().getUTCFullYear(), 0, 1));
  });
});
