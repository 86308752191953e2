import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { usePrices } from '../prices/prices-store.ts';
import { setHoldings } from './portfolio-store.ts';
import {
  AUTO_REFRESH_MS,
  IDS_PER_REQUEST,
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

  it('after a 429 uses only cached prices for 120 s and shows the texts on manual refresh', async () => {
    api.on('GET', '/api/prices', { status: 429, body: { error: 'Too many requests' } });
    expect(await refreshPrices({ now: 0, manual: true })).toBe(false);
    expect(usePriceRefresh.getState()).toMatchObject({
      rateLimitedUntil: RATE_LIMIT_LOCK_MS,
      error: PORTFOLIO_TEXTS.refreshRateLimited,
    });
    api.on('GET', '/api/prices', { body: { bitcoin: quote(1) } });
    await refreshPrices({ now: RATE_LIMIT_LOCK_MS - 1, manual: true });
    await refreshPrices({ now: RATE_LIMIT_LOCK_MS - 1 });
    expect(api.callsTo('GET', '/api/prices')).toHaveLength(1);
    expect(await refreshPrices({ now: RATE_LIMIT_LOCK_MS })).toBe(true);
    expect(api.callsTo('GET', '/api/prices')).toHaveLength(2);
  });

  it('reports other failures only on manual refresh', async () => {
    api.on('GET', '/api/prices', { status: 503, body: { error: 'down' } });
    await refreshPrices();
    expect(usePriceRefresh.getState().error).toBeNull();
    await refreshPrices({ manual: true });
    expect(usePriceRefresh.getState().error).toBe(PORTFOLIO_TEXTS.refreshFailed);
    expect(usePriceRefresh.getState().rateLimitedUntil).toBeNull();
  });

  it('clears the registered caches first on manual refresh only', async () => {
    api.on('GET', '/api/prices', { body: {} });
    let cleared = 0;
    const unregister = registerPriceCache(() => (cleared += 1));
    await refreshPrices();
    expect(cleared).toBe(0);
    await refreshPrices({ manual: true });
    expect(cleared).toBe(1);
    unregister();
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
