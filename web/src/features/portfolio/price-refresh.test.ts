import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { mergePrices, usePrices } from '../prices/prices-store.ts';
import { setHoldings } from './portfolio-store.ts';
import {
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
});
