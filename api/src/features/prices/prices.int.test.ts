import { UNLIMITED_BUDGET, createCoinGeckoPriceSource, createMemoryUpstreamBudget } from '@coinpace/adapters';
import { createFakeCoinGecko, type FakeCoinGecko } from '@coinpace/adapters/testing';
import { saveFxRates, saveLatestPrices } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { CONTRACT_ADDRESSES, FORCE_UPDATE_RATE_LIMITED } from '@coinpace/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

describe.each(testEngines(process.env.DATABASE_URL))('price routes on %s', (engine) => {
  let api: TestApi;
  let fake: FakeCoinGecko;

  beforeAll(async () => {
    fake = createFakeCoinGecko();
    const { url } = await fake.start();
    fake.addCoin({ id: 'route-coin', symbol: 'RTC', name: 'Route Coin', usd: 4.5, change: -2 });
    // These tests are about the routes; the users' share of the quota has its own tests below.
    api = await startTestApi(
      engine,
      {},
      { prices: createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0, userBudget: UNLIMITED_BUDGET }) },
    );
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.clearFailures();
    fake.clearRequests();
  });

  describe('GET /api/prices/rates (public)', () => {
    it('serves the stored rates with the dollar at 1, and never asks upstream', async () => {
      await saveFxRates(api.database.db, { eur: 0.9, jpy: 151 }, new Date('2026-11-27T10:00:00Z'));
      await saveFxRates(api.database.db, { eur: 0.93 }, new Date('2026-11-28T10:00:00Z'));
      const response = await api.call('GET', '/api/prices/rates');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        rates: { eur: 0.93, jpy: 151, usd: 1 },
        updatedAt: '2026-11-27T10:00:00.000Z',
      });
      expect(fake.requests).toEqual([]);
    });
  });

  describe('GET /api/prices (public)', () => {
    it('serves stored prices and what the source has cached, and never asks upstream', async () => {
      const quote = { usd: 12345.5, usd_24h_change: 1.25, last_updated: 1_700_000_000 };
      await saveLatestPrices(api.database.db, { 'stored-coin': quote }, 'coingecko', new Date());
      const response = await api.call('GET', '/api/prices?ids=stored-coin,route-coin,unknown-coin');
      expect(response.status).toBe(200);
      expect(response.body['stored-coin']).toEqual(quote);
      // Neither stored nor asked of the source before: no price rather than an upstream call.
      expect(response.body).not.toHaveProperty('route-coin');
      expect(response.body).not.toHaveProperty('unknown-coin');
      expect(response.headers.get('x-price-source')).toBe('live');
      expect(fake.requestsTo('simple/price')).toEqual([]);
    });

    it('serves a stale stored price rather than asking upstream', async () => {
      const old = new Date(Date.now() - 3_600_000);
      await saveLatestPrices(
        api.database.db,
        { 'stale-coin': { usd: 1, usd_24h_change: 0, last_updated: 1 } },
        'coingecko',
        old,
      );
      const response = await api.call('GET', '/api/prices?ids=stale-coin');
      expect(response.body['stale-coin'].usd).toBe(1);
      expect(fake.requestsTo('simple/price')).toEqual([]);
    });

    it.each([
      ['/api/prices', 'ids is required, e.g. ?ids=bitcoin,ethereum'],
      ['/api/prices?ids=', 'ids is required, e.g. ?ids=bitcoin,ethereum'],
      ['/api/prices?ids=bitcoin,Bad%20Id', 'CoinGecko id may hold only a-z, 0-9, dot, dash and underscore'],
      [
        `/api/prices?ids=${Array.from({ length: 501 }, (_, i) => `c${i}`).join(',')}`,
        'Ask for at most 500 coins at a time',
      ],
    ])('%s -> 400', async (path, message) => {
      const response = await api.call('GET', path);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(message);
    });
  });

  describe('GET /api/prices/by-address (public)', () => {
    it('prices known token addresses on their chain, lower-cased', async () => {
      const [address, entry] = Object.entries(CONTRACT_ADDRESSES).find(([, e]) => e.chain === 'ethereum')!;
      const response = await api.call(
        'GET',
        `/api/prices/by-address?addresses=${address.toUpperCase().replace('0X', '0x')}`,
      );
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual([address]);
      expect(response.body[address].usd).toBeGreaterThan(0);
      expect(fake.requestsTo('simple/token_price')[0]?.path).toBe(`/simple/token_price/${entry.chain}`);
    });

    it('prices a token the static table does not know, on ethereum, keyed by its lower-cased address', async () => {
      const token = `0x${'9a'.repeat(20)}`;
      const unpriced = `0x${'9b'.repeat(20)}`;
      fake.setTokenPrice('ethereum', token, 0.042, 5);
      const mixed = `0x${'9A'.repeat(20)}`;
      const response = await api.call(
        'GET',
        `/api/prices/by-address?addresses=${mixed},${token},${unpriced}`,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ [token]: expect.objectContaining({ usd: 0.042, usd_24h_change: 5 }) });
      const asked = fake.requestsTo('simple/token_price');
      expect(asked.map((r) => r.path)).toEqual(['/simple/token_price/ethereum']);
      expect(asked[0]!.query.get('contract_addresses')!.split(',').sort()).toEqual([token, unpriced]);
    });

    it.each([
      [`0x${'0'.repeat(40)}`, 'the zero address'],
      [`0x${'1'.repeat(41)}`, '43 characters'],
      [`1x${'1'.repeat(40)}`, 'no 0x'],
    ])('refuses %s (%s) with a 400 and asks nothing upstream', async (address) => {
      const response = await api.call('GET', `/api/prices/by-address?addresses=${address}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(
        'Each address must be 0x followed by 40 hex digits, not the zero address',
      );
      expect(fake.requestsTo('simple/token_price')).toHaveLength(0);
    });

    it('refuses more than 100 addresses at a time', async () => {
      const list = Array.from({ length: 101 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
      const response = await api.call('GET', `/api/prices/by-address?addresses=${list.join(',')}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Ask for at most 100 addresses at a time');
    });

    it('refuses a missing or malformed address', async () => {
      expect((await api.call('GET', '/api/prices/by-address')).body.error).toBe('addresses is required');
      const bad = await api.call('GET', '/api/prices/by-address?addresses=0x1234');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/0x followed by 40 hex digits/);
    });
  });

  describe('tracking (signed in)', () => {
    it('needs a token', async () => {
      expect((await api.call('POST', '/api/prices/track', { body: {} })).status).toBe(401);
      expect((await api.call('GET', '/api/prices/tracked')).status).toBe(401);
      expect((await api.call('POST', '/api/prices/update', { body: {} })).status).toBe(401);
    });

    it('tracks a coin and lists it with the ticker coins', async () => {
      const { token } = await api.signUp();
      const body = { coingeckoId: 'route-coin', name: 'Route Coin', symbol: 'rtc', address: '' };
      const created = await api.call('POST', '/api/prices/track', { token, body });
      expect(created.status).toBe(201);
      expect(created.body.coin).toEqual({
        coingeckoId: 'route-coin',
        name: 'Route Coin',
        symbol: 'RTC',
        address: null,
      });
      const listed = await api.call('GET', '/api/prices/tracked', { token });
      expect(listed.body).toEqual(
        expect.arrayContaining([
          { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', address: null },
          { coingeckoId: 'route-coin', name: 'Route Coin', symbol: 'RTC', address: null },
        ]),
      );
      const bad = await api.call('POST', '/api/prices/track', { token, body: { ...body, coingeckoId: '' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Unable to identify coin. Please try searching again.');
    });

    it('forces a fresh price, and answers 429 with the Force Price Update text during a rate limit', async () => {
      const { token } = await api.signUp();
      fake.setPrice('route-coin', 5.5, 1);
      const fresh = await api.call('POST', '/api/prices/update', { token, body: { ids: ['route-coin'] } });
      expect(fresh.status).toBe(200);
      expect(fresh.body.prices['route-coin']).toMatchObject({ usd: 5.5, usd_24h_change: 1 });

      fake.fail('simple/price', 429, 1);
      const limited = await api.call('POST', '/api/prices/update', { token, body: { ids: ['route-coin'] } });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe(FORCE_UPDATE_RATE_LIMITED);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    });
  });
});

describe('search and the CoinGecko proxy', () => {
  let api: TestApi;
  let fake: FakeCoinGecko;

  beforeAll(async () => {
    fake = createFakeCoinGecko();
    const { url } = await fake.start();
    api = await startTestApi(
      'pglite',
      {},
      { prices: createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0, userBudget: UNLIMITED_BUDGET }) },
    );
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.clearFailures();
    fake.clearRequests();
  });

  it('searches publicly from the coin list, caching each query', async () => {
    const first = await api.call('GET', '/api/search?query=bitc');
    expect(first.status).toBe(200);
    expect(first.body.coins.map((c: { id: string }) => c.id)).toContain('bitcoin');
    expect(first.body.coins.length).toBeLessThanOrEqual(10);
    const again = await api.call('GET', '/api/search?query=bitc');
    expect(again.body).toEqual(first.body);
    expect(fake.requestsTo('search')).toHaveLength(0);
    expect(fake.requestsTo('simple/price')).toHaveLength(1);
    expect(first.body.source).toBe('live');
    expect((await api.call('GET', '/api/search?query=b')).body).toEqual({ coins: [], source: 'live' });
    const long = await api.call('GET', `/api/search?query=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
  });

  it('forwards an allowed route once and serves repeats from its cache', async () => {
    const path =
      '/api/coingecko/coins/markets?vs_currency=usd&ids=bitcoin,ethereum&order=market_cap_desc&api_key=stolen';
    const first = await api.call('GET', path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.body.map((c: { id: string }) => c.id).sort()).toEqual(['bitcoin', 'ethereum']);
    const second = await api.call('GET', path);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toEqual(first.body);
    const forwarded = fake.requestsTo('coins/markets');
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]!.query.has('api_key')).toBe(false);
  });

  it('refuses routes outside the list and bad chains, and passes a rate limit on with Retry-After', async () => {
    const other = await api.call('GET', '/api/coingecko/coins/bitcoin/market_chart');
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('This CoinGecko route is not available through the proxy');
    const chain = await api.call(
      'GET',
      '/api/coingecko/simple/token_price/Not%20A%20Chain?contract_addresses=0x1',
    );
    expect(chain.status).toBe(400);
    expect(fake.requests).toHaveLength(0);

    fake.fail('simple/price', 429, 1);
    const limited = await api.call('GET', '/api/coingecko/simple/price?ids=solana&vs_currencies=usd');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error).toMatch(/rate limit/i);
  });

  it("says a search could not reach the price source, so 'no coins found' is not claimed", async () => {
    fake.fail('search', 429);
    // Not on the coin list, so upstream /search is asked, and answers 429.
    const answer = await api.call('GET', '/api/search?query=unlisted-coin');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ coins: [], source: 'rate_limited' });
  });
});

describe("the users' share of the CoinGecko quota", () => {
  let api: TestApi;
  let fake: FakeCoinGecko;

  beforeAll(async () => {
    fake = createFakeCoinGecko();
    const { url } = await fake.start();
    // One user-driven call, then none for 30 s.
    const userBudget = createMemoryUpstreamBudget({ calls: 2, perMs: 60_000 });
    const prices = createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0, userBudget });
    await prices.knownIds([]); // the coin list read, as it is before any user comes
    api = await startTestApi('pglite', {}, { prices });
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });

  it('answers each route as it answers a CoinGecko rate limit once the share is spent, with no call', async () => {
    const first = await api.call('GET', `/api/prices/by-address?addresses=0x${'1'.repeat(40)}`);
    expect(first.headers.get('x-price-source')).toBe('live');
    fake.clearRequests();

    const tokens = await api.call('GET', `/api/prices/by-address?addresses=0x${'2'.repeat(40)}`);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual({});
    expect(tokens.headers.get('x-price-source')).toBe('rate_limited');

    expect((await api.call('GET', '/api/search?query=unlisted-coin')).body).toEqual({
      coins: [],
      source: 'rate_limited',
    });
    const proxied = await api.call('GET', '/api/coingecko/simple/price?ids=bitcoin&vs_currencies=usd');
    expect(proxied.status).toBe(429);
    expect(Number(proxied.headers.get('retry-after'))).toBeGreaterThan(0);

    const { token } = await api.signUp();
    const forced = await api.call('POST', '/api/prices/update', { token, body: { ids: ['bitcoin'] } });
    expect(forced.status).toBe(429);
    expect(forced.body.error).toBe(FORCE_UPDATE_RATE_LIMITED);
    expect(fake.requests).toEqual([]);
  });
});

describe('the proxy rate limit', () => {
  it('answers 429 with Retry-After once one address has used its requests', async () => {
    const api = await startTestApi('pglite');
    try {
      const path = '/api/coingecko/simple/price?ids=bitcoin&vs_currencies=usd';
      const answers = [];
      for (let i = 0; i < 121; i++) answers.push(await api.call('GET', path));
      expect(answers.slice(0, 120).map((a) => a.status)).toEqual(Array(120).fill(200));
      const last = answers.at(-1)!;
      expect(last.status).toBe(429);
      expect(last.body.error).toBe('Too many requests. Please wait a moment and try again.');
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await api.close();
    }
  });
});
