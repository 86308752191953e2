import { latestPrices } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { MAX_BULK_ITEMS } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { HOLDING_IMPORTS_PER_HOUR } from './routes.ts';

const btc = { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'btc', quantity: 0.5, purchasePrice: 30000 };

describe.each(testEngines(process.env.DATABASE_URL))('portfolio API on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('adds, lists, edits and deletes a holding', async () => {
    const { token } = await api.signUp();
    expect((await api.call('GET', '/api/portfolio', { token })).body).toEqual([]);

    const added = await api.call('POST', '/api/portfolio', { token, body: btc });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      coinId: 'bitcoin',
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      quantity: '0.5',
      purchasePrice: '30000',
      address: null,
    });
    // Priced in the request that added it (the test's simulated source), not a poll later.
    expect(added.body.currentPrice).toBeGreaterThan(0);

    const listed = await api.call('GET', '/api/portfolio', { token });
    expect(listed.body.map((h: { id: string }) => h.id)).toEqual([added.body.id]);

    const edited = await api.call('PUT', `/api/portfolio/${added.body.id}`, {
      token,
      body: { purchasePrice: '31000.25' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.purchasePrice).toBe('31000.25');

    const deleted = await api.call('DELETE', `/api/portfolio/${added.body.id}`, { token });
    expect(deleted.status).toBe(204);
    expect((await api.call('GET', '/api/portfolio', { token })).body).toEqual([]);
  });

  it('prices holdings from the latest known price', async () => {
    const { token } = await api.signUp();
    await api.database.db
      .insert(latestPrices)
      .values({
        coingeckoId: 'cardano',
        usd: '0.5',
        change24h: -3.25,
        lastUpdated: new Date(),
        source: 'coingecko',
      })
      .onConflictDoUpdate({ target: latestPrices.coingeckoId, set: { usd: '0.5', change24h: -3.25 } });
    await api.call('POST', '/api/portfolio', {
      token,
      body: {
        coingeckoId: 'cardano',
        name: 'Cardano',
        symbol: 'ADA',
        quantity: '1,000'.replace(',', ''),
        purchasePrice: 0.4,
      },
    });
    const [row] = (await api.call('GET', '/api/portfolio', { token })).body;
    expect(row.currentPrice).toBeCloseTo(0.5, 10);
    expect(row.change24h).toBeCloseTo(-3.25, 10);
    expect(row.gainLoss).toBeCloseTo(100, 6);
  });

  it.each([
    ['negative quantity', { ...btc, quantity: -1 }, /Quantity must not be negative/],
    ['zero quantity', { ...btc, quantity: 0 }, /Quantity must be greater than 0/],
    ['non-numeric quantity', { ...btc, quantity: 'lots' }, /Quantity must be a number/],
    ['exponent string', { ...btc, quantity: '1e5' }, /Quantity must be a number/],
    ['negative price', { ...btc, purchasePrice: '-5' }, /Purchase price must not be negative/],
    ['absurd price', { ...btc, purchasePrice: 20_000_000 }, /Purchase price must be at most 10,000,000/],
    [
      'missing quantity',
      { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', purchasePrice: 1 },
      /Quantity is required/,
    ],
    [
      'missing coin id',
      { name: 'Bitcoin', symbol: 'BTC', quantity: 1, purchasePrice: 1 },
      /coingeckoId is required/,
    ],
    ['unknown field', { ...btc, userId: 'someone-else' }, /Unknown field: userId/],
    ['bad address', { ...btc, address: '0x0000000000000000000000000000000000000000' }, /Contract address/],
    ['http image', { ...btc, image: 'http://example.test/x.png' }, /https/],
  ])('rejects %s with 400 and a message', async (_label, body, message) => {
    const { token } = await api.signUp();
    const response = await api.call('POST', '/api/portfolio', { token, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    expect((await api.call('GET', '/api/portfolio', { token })).body).toEqual([]);
  });

  it('rejects a bad purchase-price edit and an unknown field in it', async () => {
    const { token } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: btc });
    for (const body of [
      { purchasePrice: 'abc' },
      { purchasePrice: -1 },
      {},
      { purchasePrice: 1, symbol: 'ETH' },
    ]) {
      const response = await api.call('PUT', `/api/portfolio/${holding.id}`, { token, body });
      expect(response.status).toBe(400);
    }
    expect((await api.call('GET', '/api/portfolio', { token })).body[0].purchasePrice).toBe('30000');
  });

  it("answers 404 for another user's holding on every route, and changes nothing", async () => {
    const owner = await api.signUp();
    const intruder = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token: owner.token, body: btc });
    const put = await api.call('PUT', `/api/portfolio/${holding.id}`, {
      token: intruder.token,
      body: { purchasePrice: 1 },
    });
    const del = await api.call('DELETE', `/api/portfolio/${holding.id}`, { token: intruder.token });
    expect([put.status, del.status]).toEqual([404, 404]);
    expect((await api.call('GET', '/api/portfolio', { token: intruder.token })).body).toEqual([]);
    const [still] = (await api.call('GET', '/api/portfolio', { token: owner.token })).body;
    expect(still.purchasePrice).toBe('30000');
  });

  it('answers 404 for ids that are not ids', async () => {
    const { token } = await api.signUp();
    const response = await api.call('DELETE', '/api/portfolio/not-a-uuid', { token });
    expect(response.status).toBe(404);
  });

  it('adds no second row for a symbol already held, in any case, and records the buy on it', async () => {
    const { token } = await api.signUp();
    await api.call('POST', '/api/portfolio', { token, body: { ...btc, symbol: 'BTC' } });
    const again = await api.call('POST', '/api/portfolio', {
      token,
      body: { ...btc, symbol: 'Btc', quantity: 2, purchasePrice: 40000 },
    });
    expect(again.status).toBe(200);
    // 0.5 at 30,000 and 2 at 40,000: 95,000 for 2.5 coins, 38,000 each.
    expect(again.body).toMatchObject({
      quantity: '2.5',
      purchasePrice: '38000',
      autoAlerts: [],
      recordedBuy: {
        quantity: '2.5',
        averageCost: '38000',
        transaction: { type: 'buy', quantity: '2', pricePerCoin: '40000', fee: '0' },
      },
    });
    const rows = (await api.call('GET', '/api/portfolio', { token })).body;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ quantity: '2.5', purchasePrice: '38000' });
    const history = await api.call('GET', `/api/portfolio/${rows[0].id}/transactions`, { token });
    expect(history.body.transactions.map((t: { type: string }) => t.type)).toEqual(['buy', 'buy']);
  });

  it('records no buy on a held symbol that is another coin (found by the payload fuzzing)', async () => {
    const { token } = await api.signUp();
    const held = await api.call('POST', '/api/portfolio', { token, body: { ...btc, symbol: 'BTC' } });
    for (const coingeckoId of ['12abc', 'bitcoin-bep2']) {
      const other = await api.call('POST', '/api/portfolio', {
        token,
        body: { ...btc, coingeckoId, symbol: 'BTC', quantity: 2 },
      });
      expect(other.status, coingeckoId).toBe(409);
      expect(other.body.error).toBe('This coin is already in your portfolio.');
    }
    const history = await api.call('GET', `/api/portfolio/${held.body.id}/transactions`, { token });
    expect(history.body.transactions).toHaveLength(1);
    const rows = (await api.call('GET', '/api/portfolio', { token })).body;
    expect(rows).toMatchObject([{ coingeckoId: 'bitcoin', quantity: '0.5' }]);
  });

  it('bulk-adds good rows and reports duplicates and bad rows with reasons', async () => {
    const { token } = await api.signUp();
    await api.call('POST', '/api/portfolio', { token, body: btc });
    const response = await api.call('POST', '/api/portfolio/bulk', {
      token,
      body: {
        portfolioItems: [
          { coingeckoId: 'ethereum', name: 'Ethereum', symbol: 'ETH', quantity: 2, purchasePrice: 2500 },
          { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'bTc', quantity: 1, purchasePrice: 0 },
          { name: 'Solana', symbol: 'sol', quantity: '10.5', purchasePrice: '0' },
          { coingeckoId: 'dogecoin', name: 'Dogecoin', symbol: 'DOGE', quantity: 0, purchasePrice: 0 },
          { coingeckoId: 'ethereum', name: 'Ethereum', symbol: 'eth', quantity: 3, purchasePrice: 0 },
          'not an object',
          {
            coingeckoId: 'mystery',
            name: 'Mystery',
            symbol: 'MYST',
            quantity: 5,
            purchasePrice: 1,
            extra: true,
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.successful).toBe(2);
    expect(response.body.failed).toBe(5);
    expect(response.body.errors).toEqual([
      { item: { symbol: 'BTC', index: 1 }, error: 'Already in your portfolio' },
      { item: { symbol: 'DOGE', index: 3 }, error: 'Quantity must be greater than 0' },
      { item: { symbol: 'ETH', index: 4 }, error: 'Already in your portfolio' },
      { item: { symbol: '', index: 5 }, error: expect.any(String) },
      { item: { symbol: 'MYST', index: 6 }, error: 'Unknown field: extra' },
    ]);
    const symbols = (await api.call('GET', '/api/portfolio', { token })).body.map(
      (h: { symbol: string }) => h.symbol,
    );
    expect(symbols.sort()).toEqual(['BTC', 'ETH', 'SOL']);
    const sol = response.body.added.find((h: { symbol: string }) => h.symbol === 'SOL');
    expect(sol.coingeckoId).toBe('solana');
  });

  it('rejects an empty or oversized bulk request', async () => {
    const { token } = await api.signUp();
    const empty = await api.call('POST', '/api/portfolio/bulk', { token, body: { portfolioItems: [] } });
    expect(empty.status).toBe(400);
    const many = Array.from({ length: MAX_BULK_ITEMS + 1 }, (_, i) => ({
      name: `C${i}`,
      symbol: `C${i}`,
      quantity: 1,
      purchasePrice: 0,
    }));
    const oversized = await api.call('POST', '/api/portfolio/bulk', {
      token,
      body: { portfolioItems: many },
    });
    expect(oversized.status).toBe(400);
    expect(oversized.body.error).toMatch(/at most 1000/);
  });

  it(`limits a user to ${HOLDING_IMPORTS_PER_HOUR} holdings imports an hour, bulk and balances together`, async () => {
    const { token } = await api.signUp();
    const bulk = (portfolioItems: unknown[]) =>
      api.call('POST', '/api/portfolio/bulk', { token, body: { portfolioItems } });
    // Refused requests count too: the limit is taken before the body is read.
    for (let i = 0; i < HOLDING_IMPORTS_PER_HOUR / 2; i++) expect((await bulk([])).status).toBe(400);
    for (let i = 0; i < HOLDING_IMPORTS_PER_HOUR / 2; i++) {
      const balances = await api.call('POST', '/api/portfolio/balances', { token, body: { balances: [] } });
      expect(balances.status).toBe(400);
    }
    const limited = await bulk([btc]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api.call('GET', '/api/portfolio', { token })).body).toEqual([]);
    // Another user is not held back.
    const other = await api.signUp();
    const theirs = await api.call('POST', '/api/portfolio/bulk', {
      token: other.token,
      body: { portfolioItems: [btc] },
    });
    expect(theirs.status).toBe(200);
  });

  it('requires a token on every route', async () => {
    for (const [method, path] of [
      ['GET', '/api/portfolio'],
      ['POST', '/api/portfolio'],
      ['POST', '/api/portfolio/bulk'],
      ['PUT', '/api/portfolio/00000000-0000-0000-0000-000000000000'],
      ['DELETE', '/api/portfolio/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const response = await api.call(method, path, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(response.status).toBe(401);
    }
  });
});
