/**
 * No one can make CoinGecko calls by naming coins. Public reads are served from what
 * is stored, only coins on CoinGecko's list may be tracked or held, /track is limited per user, and a
 * portfolio holds at most MAX_HOLDINGS_PER_USER coins.
 */
import { createCoinGeckoPriceSource } from '@coinpace/adapters';
import { createFakeCoinGecko, type FakeCoinGecko } from '@coinpace/adapters/testing';
import { listTrackedCoins } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import {
  ERROR_CATALOGUE,
  MAX_BULK_ITEMS,
  MAX_HOLDINGS_PER_USER,
  TRACKS_PER_USER_PER_DAY,
} from '@coinpace/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { PORTFOLIO_FULL_REASON } from '../portfolio/service.ts';
import { UNKNOWN_COIN_REASON } from './known-coins.ts';

const randomIds = (n: number) =>
  Array.from({ length: n }, () => `rnd-${Math.random().toString(36).slice(2, 12)}`);
const listed = (i: number) => `listed-coin-${i}`;

describe.each(testEngines(process.env.DATABASE_URL))('upstream amplification on %s', (engine) => {
  let api: TestApi;
  let fake: FakeCoinGecko;

  beforeAll(async () => {
    fake = createFakeCoinGecko();
    const { url } = await fake.start();
    // Real coins, on CoinGecko's list before the API first loads it.
    for (let i = 0; i < MAX_HOLDINGS_PER_USER + 1; i++)
      fake.addCoin({ id: listed(i), symbol: `L${i}`, name: `Listed ${i}`, usd: 1 + i });
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

  it('answers 20 anonymous reads of 500 random ids with no upstream call', async () => {
    for (let i = 0; i < 20; i++) {
      const response = await api.call('GET', `/api/prices?ids=${randomIds(500).join(',')}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({});
    }
    expect(fake.requests).toEqual([]);
  });

  it('refuses 1,500 made-up ids on /track (unknown, then over the day’s tracks) and tracks none', async () => {
    const { token } = await api.signUp();
    const statuses = new Map<number, number>();
    let unknownAnswer: { error?: string; code?: string } | undefined;
    // 25 at a time, as an attacker would send them (and so the walk fits the test's time on a busy machine).
    const ids = randomIds(1_500);
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        for (let id = ids.pop(); id !== undefined; id = ids.pop()) {
          const response = await api.call('POST', '/api/prices/track', {
            token,
            body: { coingeckoId: id, name: 'Made Up', symbol: 'MU', address: '' },
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 400) unknownAnswer = response.body;
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({
      400: TRACKS_PER_USER_PER_DAY,
      429: 1_500 - TRACKS_PER_USER_PER_DAY,
    });
    expect(unknownAnswer).toMatchObject({
      code: 'UNKNOWN_COIN',
      error: ERROR_CATALOGUE.UNKNOWN_COIN.message,
    });
    expect((await listTrackedCoins(api.database.db)).filter((c) => c.coingeckoId.startsWith('rnd-'))).toEqual(
      [],
    );
    expect(fake.requestsTo('simple/price')).toEqual([]);

    const { token: other } = await api.signUp();
    const real = await api.call('POST', '/api/prices/track', {
      token: other,
      body: { coingeckoId: listed(0), name: 'Listed 0', symbol: 'L0', address: '' },
    });
    expect(real.status).toBe(201);
    // 1,500 requests: a hang guard sized for a machine busy with other suites.
  }, 120_000);

  it('refuses a holding of an unknown coin, alone or in an import', async () => {
    const { token } = await api.signUp();
    const holding = { name: 'Made Up', symbol: 'MU', quantity: '1', purchasePrice: '1' };
    const single = await api.call('POST', '/api/portfolio', {
      token,
      body: { ...holding, coingeckoId: 'made-up-coin' },
    });
    expect(single.status).toBe(400);
    expect(single.body).toMatchObject({ code: 'UNKNOWN_COIN', error: ERROR_CATALOGUE.UNKNOWN_COIN.message });
    const bulk = await api.call('POST', '/api/portfolio/bulk', {
      token,
      body: {
        portfolioItems: [
          { ...holding, coingeckoId: 'made-up-coin' },
          { ...holding, symbol: 'L1', name: 'Listed 1', coingeckoId: listed(1) },
        ],
      },
    });
    expect(bulk.body).toMatchObject({
      successful: 1,
      failed: 1,
      errors: [{ item: { symbol: 'MU', index: 0 }, error: UNKNOWN_COIN_REASON }],
    });
  });

  it(`holds at most ${MAX_HOLDINGS_PER_USER} coins per portfolio`, async () => {
    const { token } = await api.signUp();
    const item = (i: number) => ({
      coingeckoId: listed(i),
      name: `Listed ${i}`,
      symbol: `L${i}`,
      quantity: '1',
      purchasePrice: '1',
    });
    const first = Array.from({ length: MAX_BULK_ITEMS - 1 }, (_, i) => item(i));
    expect(
      (await api.call('POST', '/api/portfolio/bulk', { token, body: { portfolioItems: first } })).body,
    ).toMatchObject({
      successful: MAX_BULK_ITEMS - 1,
    });
    const more = await api.call('POST', '/api/portfolio/bulk', {
      token,
      body: { portfolioItems: [item(MAX_BULK_ITEMS - 1), item(MAX_BULK_ITEMS)] },
    });
    expect(more.body).toMatchObject({
      successful: 1,
      errors: [{ item: { index: 1 }, error: PORTFOLIO_FULL_REASON }],
    });
    const single = await api.call('POST', '/api/portfolio', { token, body: { ...item(0), symbol: 'NEW' } });
    expect(single.status).toBe(409);
    expect(single.body).toMatchObject({ code: 'HOLDING_LIMIT_REACHED' });
  });
});
