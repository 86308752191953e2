/**
 * A coin added by hand or by an import is priced in the same request (one look-up for the new coins that
 * have no recent stored price), instead of showing 'No price data' until the poller's next round.
 */
import { createCoinGeckoPriceSource } from '@coinpace/adapters';
import { createFakeCoinGecko, type FakeCoinGecko } from '@coinpace/adapters/testing';
import { saveLatestPrices } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const coin = (id: string, symbol: string) => ({
  coingeckoId: id,
  name: id,
  symbol,
  quantity: '2',
  purchasePrice: '1',
});

describe.each(testEngines(process.env.DATABASE_URL))('new coins priced when added, on %s', (engine) => {
  let api: TestApi;
  let fake: FakeCoinGecko;

  beforeAll(async () => {
    fake = createFakeCoinGecko({ empty: true });
    const { url } = await fake.start();
    fake.addCoin({ id: 'new-alpha', symbol: 'NALP', name: 'New Alpha', usd: 12.5, change: 3 });
    fake.addCoin({ id: 'new-beta', symbol: 'NBET', name: 'New Beta', usd: 0.75 });
    fake.addCoin({ id: 'new-gamma', symbol: 'NGAM', name: 'New Gamma', usd: 210 });
    fake.addCoin({ id: 'stored-coin', symbol: 'STOR', name: 'Stored', usd: 99 });
    fake.addCoin({ id: 'refused-coin', symbol: 'REFU', name: 'Refused', usd: 5 });
    api = await startTestApi(
      engine,
      {},
      { prices: createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0 }) },
    );
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });
  beforeEach(() => fake.clearRequests());

  it('a coin added by hand comes back with its price, and keeps it in the portfolio', async () => {
    const { token } = await api.signUp();
    const added = await api.call('POST', '/api/portfolio', { token, body: coin('new-alpha', 'NALP') });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ symbol: 'NALP', currentPrice: 12.5, change24h: 3 });
    const [listed] = (await api.call('GET', '/api/portfolio', { token })).body;
    expect(listed).toMatchObject({ symbol: 'NALP', currentPrice: 12.5 });
    expect(fake.requestsTo('simple/price').map((r) => r.query.get('ids'))).toEqual(['new-alpha']);
  });

  it('an import prices all its new coins in one look-up', async () => {
    const { token } = await api.signUp();
    const imported = await api.call('POST', '/api/portfolio/bulk', {
      token,
      body: { portfolioItems: [coin('new-beta', 'NBET'), coin('new-gamma', 'NGAM')] },
    });
    expect(imported.body.successful).toBe(2);
    expect(
      imported.body.added.map((h: { symbol: string; currentPrice: number }) => [h.symbol, h.currentPrice]),
    ).toEqual([
      ['NBET', 0.75],
      ['NGAM', 210],
    ]);
    const asked = fake.requestsTo('simple/price').map((r) => r.query.get('ids')!.split(',').sort());
    expect(asked).toEqual([['new-beta', 'new-gamma']]);
  });

  it('does not ask for a coin whose stored price is recent', async () => {
    await saveLatestPrices(
      api.database.db,
      { 'stored-coin': { usd: 98, usd_24h_change: 0, last_updated: Math.floor(Date.now() / 1000) } },
      'coingecko',
      new Date(),
    );
    const { token } = await api.signUp();
    const added = await api.call('POST', '/api/portfolio', { token, body: coin('stored-coin', 'STOR') });
    expect(added.body.currentPrice).toBe(98);
    expect(fake.requestsTo('simple/price')).toEqual([]);
  });

  it('adds the coin all the same when the price source refuses (429); the poll prices it later', async () => {
    fake.fail('simple/price', 429, 1);
    const { token } = await api.signUp();
    const added = await api.call('POST', '/api/portfolio', { token, body: coin('refused-coin', 'REFU') });
    expect(added.status).toBe(201);
    expect(added.body.currentPrice).toBe(0);
    fake.clearFailures();
  });
});
