import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { mergePrices, usePrices } from '../prices/prices-store.ts';
import { setHoldings } from './portfolio-store.ts';
import {
  ADDRESSES_PER_REQUEST,
  AUTO_REFRESH_MS,
  IDS_PER_REQUEST,
  pricesFor,
  RATE_LIMIT_LOCK_MS,
  refreshPrices,
  registerPriceCache,
  startAutoRefresh,
  usePriceRefresh,
  type Timers,
} from './price-refresh.ts';
import { resetPortfolioFeature } from './testing.ts';

const quote = (usd: number) => ({ usd, usd_24h_change: 1, last_updated: 1 });

describe('refreshPrices', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi();
    setHoldings([
      holding({ coingeckoId: 'bitcoin' }),
      holding({ coingeckoId: 'ethereum', symbol: 'ETH' }),
      holding({ coingeckoId: null, symbol: 'MYST' }),
    ]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the held coins into the prices store', async () => {
    api.on('GET', '/api/prices', { body: { bitcoin: quote(50000), ethereum: quote(3000) } });
    expect(await refreshPrices({ now: 1000 })).toBe(true);
    expect(api.calls[0]!.query.get('ids')).toBe('bitcoin,ethereum');
    expect(usePrices.getState().prices.bitcoin!.usd).toBe(50000);
    expect(usePriceRefresh.getState()).toMatchObject({ refreshing: false, lastRefreshAt: 1000, error: null });
  });

  it(`asks in batches of ${IDS_PER_REQUEST} ids`, async () => {
    setHoldings(
      Array.from({ length: IDS_PER_REQUEST + 1 }, (_, i) =>
        holding({ coingeckoId: `c${i}`, symbol: `C${i}` }),
      ),
    );
    api.on('GET', '/api/prices', { body: {} });
    await refreshPrices();
    expect(api.callsTo('GET', '/api/prices').map((c) => c.query.get('ids')!.split(',').length)).toEqual([
      IDS_PER_REQUEST,
      1,
    ]);
  });

  it('has the server fetch fresh prices on manual refresh', async () => {
    api.on('POST', '/api/prices/update', { body: { prices: { bitcoin: quote(51000) }, updatedAt: 1 } });
    expect(await refreshPrices({ manual: true })).toBe(true);
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/prices/update', { ids: ['bitcoin', 'ethereum'] }],
    ]);
    expect(usePrices.getState().prices.bitcoin!.usd).toBe(51000);
  });

  it('after a 429 uses only cached prices for 120 s and shows the texts on manual refresh', async () => {
    api.on('POST', '/api/prices/update', { status: 429, body: { error: 'Too many requests' } });
    expect(await refreshPrices({ now: 0, manual: true })).toBe(false);
    expect(usePriceRefresh.getState()).toMatchObject({
      rateLimitedUntil: RATE_LIMIT_LOCK_MS,
      error: PORTFOLIO_TEXTS.refreshRateLimited,
    });
    api.on('GET', '/api/prices', { body: { bitcoin: quote(1) } });
    await refreshPrices({ now: RATE_LIMIT_LOCK_MS - 1, manual: true });
    await refreshPrices({ now: RATE_LIMIT_LOCK_MS - 1 });
    expect(api.calls).toHaveLength(1);
    expect(await refreshPrices({ now: RATE_LIMIT_LOCK_MS })).toBe(true);
    expect(api.calls).toHaveLength(2);
  });

  it('reports other failures only on manual refresh', async () => {
    api.on('GET', '/api/prices', { status: 503, body: { error: 'down' } });
    api.on('POST', '/api/prices/update', { status: 503, body: { error: 'down' } });
    await refreshPrices();
    expect(usePriceRefresh.getState().error).toBeNull();
    await refreshPrices({ manual: true });
    expect(usePriceRefresh.getState().error).toBe(PORTFOLIO_TEXTS.refreshFailed);
    expect(usePriceRefresh.getState().rateLimitedUntil).toBeNull();
  });

  it('clears the registered caches first on manual refresh only', async () => {
    api.on('GET', '/api/prices', { body: {} });
    api.on('POST', '/api/prices/update', { body: { prices: {}, updatedAt: 1 } });
    let cleared = 0;
    const unregister = registerPriceCache(() => (cleared += 1));
    await refreshPrices();
    expect(cleared).toBe(0);
    await refreshPrices({ manual: true });
    expect(cleared).toBe(1);
    unregister();
  });
});

describe('refreshPrices: tokens known only by contract address', () => {
  const tokenA = `0x${'a1'.repeat(20)}`;
  const tokenB = `0x${'b2'.repeat(20)}`;
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi()
      .on('GET', '/api/prices', { body: { bitcoin: quote(50000) } })
      .on('POST', '/api/prices/update', { body: { prices: { bitcoin: quote(51000) }, updatedAt: 1 } })
      .on('GET', '/api/prices/by-address', { body: { [tokenA]: quote(2), [tokenB]: quote(0.25) } });
    setHoldings([
      holding({ coingeckoId: 'bitcoin' }),
      holding({ coingeckoId: null, symbol: 'TKA', address: tokenA.toUpperCase().replace('0X', '0x') }),
      holding({ coingeckoId: null, symbol: 'TKB', address: tokenB }),
      holding({ coingeckoId: null, symbol: 'TKA2', address: tokenA }),
      // A coin with a CoinGecko id is asked by id even when it has an address.
      holding({ coingeckoId: 'pepe', symbol: 'PEPE', address: `0x${'c3'.repeat(20)}` }),
    ]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for all of them, lower-cased, in one by-address request and keys the quotes by address', async () => {
    expect(await refreshPrices({ now: 1000 })).toBe(true);
    expect(api.callsTo('GET', '/api/prices')[0]!.query.get('ids')).toBe('bitcoin,pepe');
    const byAddress = api.callsTo('GET', '/api/prices/by-address');
    expect(byAddress).toHaveLength(1);
    expect(byAddress[0]!.query.get('addresses')).toBe(`${tokenA},${tokenB}`);
    expect(usePrices.getState().prices[tokenA]!.usd).toBe(2);
    expect(usePrices.getState().prices[tokenB]!.usd).toBe(0.25);
    expect(usePriceRefresh.getState().lastRefreshAt).toBe(1000);
  });

  it('asks by address on manual refresh too, next to the forced update of the coins', async () => {
    expect(await refreshPrices({ manual: true })).toBe(true);
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/api/prices/update'],
      ['GET', '/api/prices/by-address'],
    ]);
    expect(usePrices.getState().prices[tokenA]!.usd).toBe(2);
  });

  it('asks by address when only such tokens are held, and not at all when none are', async () => {
    setHoldings([holding({ coingeckoId: null, symbol: 'TKB', address: tokenB })]);
    expect(await refreshPrices()).toBe(true);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/prices/by-address']);
    api.calls.length = 0;
    setHoldings([holding({ coingeckoId: 'bitcoin' }), holding({ coingeckoId: null, symbol: 'MYST' })]);
    await refreshPrices();
    await refreshPrices({ manual: true });
    expect(api.callsTo('GET', '/api/prices/by-address')).toHaveLength(0);
  });

  it('a 429 by address starts the 120 s lock, during which nothing is asked', async () => {
    api.on('GET', '/api/prices/by-address', { status: 429, body: { error: 'Too many requests' } });
    expect(await refreshPrices({ now: 0, manual: true })).toBe(false);
    expect(usePriceRefresh.getState()).toMatchObject({
      rateLimitedUntil: RATE_LIMIT_LOCK_MS,
      error: PORTFOLIO_TEXTS.refreshRateLimited,
    });
    const asked = api.calls.length;
    await refreshPrices({ now: RATE_LIMIT_LOCK_MS - 1 });
    await refreshPrices({ now: RATE_LIMIT_LOCK_MS - 1, manual: true });
    expect(api.calls).toHaveLength(asked);
    api.on('GET', '/api/prices/by-address', { body: { [tokenB]: quote(0.3) } });
    expect(await refreshPrices({ now: RATE_LIMIT_LOCK_MS })).toBe(true);
    expect(usePrices.getState().prices[tokenB]!.usd).toBe(0.3);
  });

  it(`splits more than ${ADDRESSES_PER_REQUEST} addresses over requests of at most that many`, async () => {
    const addresses = Array.from(
      { length: ADDRESSES_PER_REQUEST + 1 },
      (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`,
    );
    setHoldings(addresses.map((address, i) => holding({ coingeckoId: null, symbol: `T${i}`, address })));
    await refreshPrices();
    expect(
      api.callsTo('GET', '/api/prices/by-address').map((c) => c.query.get('addresses')!.split(',').length),
    ).toEqual([ADDRESSES_PER_REQUEST, 1]);
  });
});

describe('pricesFor', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches into the prices store, and uses only cached quotes for 120 s after a 429', async () => {
    api.on('GET', '/api/prices', { body: { bitcoin: quote(50000) } });
    expect(await pricesFor(['bitcoin'], 0)).toEqual({ bitcoin: quote(50000) });
    expect(usePrices.getState().prices.bitcoin!.usd).toBe(50000);

    api.on('GET', '/api/prices', { status: 429, body: { error: 'Too many requests' } });
    expect(await pricesFor(['bitcoin', 'ethereum'], 1_000)).toEqual({ bitcoin: quote(50000) });
    expect(usePriceRefresh.getState().rateLimitedUntil).toBe(1_000 + RATE_LIMIT_LOCK_MS);

    api.on('GET', '/api/prices', { body: { bitcoin: quote(1) } });
    expect(await pricesFor(['bitcoin'], 1_000 + RATE_LIMIT_LOCK_MS - 1)).toEqual({ bitcoin: quote(50000) });
    expect(api.callsTo('GET', '/api/prices')).toHaveLength(2);
    expect(await pricesFor(['bitcoin'], 1_000 + RATE_LIMIT_LOCK_MS)).toEqual({ bitcoin: quote(1) });
    expect(api.callsTo('GET', '/api/prices')).toHaveLength(3);
  });

  it('prices contract addresses by address, from the cache while the lock holds', async () => {
    const token = `0x${'d4'.repeat(20)}`;
    api.on('GET', '/api/prices', { body: { bitcoin: quote(50000) } });
    api.on('GET', '/api/prices/by-address', { body: { [token]: quote(3) } });
    expect(await pricesFor(['bitcoin', token], 0)).toEqual({ bitcoin: quote(50000), [token]: quote(3) });
    expect(api.callsTo('GET', '/api/prices/by-address')[0]!.query.get('addresses')).toBe(token);
    usePriceRefresh.setState({ rateLimitedUntil: 10 });
    expect(await pricesFor([token], 5)).toEqual({ [token]: quote(3) });
    expect(api.callsTo('GET', '/api/prices/by-address')).toHaveLength(1);
  });

  it('falls back to cached quotes on other failures without starting the lock', async () => {
    mergePrices({ ethereum: quote(3000) });
    api.on('GET', '/api/prices', { status: 503, body: { error: 'down' } });
    expect(await pricesFor(['ethereum', 'solana'])).toEqual({ ethereum: quote(3000) });
    expect(usePriceRefresh.getState().rateLimitedUntil).toBeNull();
    expect(await pricesFor([])).toEqual({});
    expect(api.calls).toHaveLength(1);
  });
});

describe('startAutoRefresh', () => {
  let api: FakeApi;
  let tick: () => void = () => {};
  const timers: Timers = {
    setInterval: (handler, ms) => {
      expect(ms).toBe(AUTO_REFRESH_MS);
      tick = handler;
      return 1;
    },
    clearInterval: () => {
      tick = () => {};
    },
  };
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi().on('GET', '/api/prices', { body: {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes every 5 minutes while the portfolio is non-empty and not rate limited', async () => {
    const stop = startAutoRefresh(timers, () => 10);
    tick();
    expect(api.calls).toHaveLength(0);
    setHoldings([holding({ coingeckoId: 'bitcoin' })]);
    tick();
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    usePriceRefresh.setState({ rateLimitedUntil: 11 });
    tick();
    expect(api.calls).toHaveLength(1);
    stop();
    usePriceRefresh.setState({ rateLimitedUntil: null });
    tick();
    expect(api.calls).toHaveLength(1);
  });

  it('asks by address every 5 minutes for a token held only by its contract address', async () => {
    const token = `0x${'e5'.repeat(20)}`;
    api.on('GET', '/api/prices/by-address', { body: { [token]: quote(7) } });
    setHoldings([holding({ coingeckoId: null, symbol: 'TKE', address: token })]);
    const stop = startAutoRefresh(timers, () => 10);
    tick();
    await vi.waitFor(() => expect(usePrices.getState().prices[token]?.usd).toBe(7));
    expect(api.calls.map((c) => c.path)).toEqual(['/api/prices/by-address']);
    stop();
  });
});
