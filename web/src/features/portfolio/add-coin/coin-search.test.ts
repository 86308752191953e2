import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, networkDown, type FakeApi } from '../../../testing/fake-api.ts';
import { refreshPrices } from '../price-refresh.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { MAX_RESULTS, SEARCH_CACHE_SIZE, SEARCH_CACHE_TTL_MS, searchCoins } from './coin-search.ts';

const result = (i: number) => ({
  id: `coin-${i}`,
  name: `Coin ${i}`,
  symbol: `C${i}`,
  image: null,
  current_price: i,
  price_change_percentage_24h: null,
  contract_address: null,
});

describe('searchCoins', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi().on('GET', '/api/search', {
      body: { coins: Array.from({ length: 25 }, (_, i) => result(i)) },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('needs 2+ characters', async () => {
    expect((await searchCoins(' b ')).results).toEqual([]);
    expect(api.calls).toHaveLength(0);
  });

  it('keeps the top 10 and caches per query (trimmed, any case)', async () => {
    const first = await searchCoins('Bit');
    expect(first.results).toHaveLength(MAX_RESULTS);
    expect(api.calls[0]!.query.get('query')).toBe('bit');
    expect(await searchCoins(' bIT ')).toBe(first);
    expect(api.calls).toHaveLength(1);
  });

  it('reuses a query for 10 minutes, then asks again', async () => {
    const first = await searchCoins('eth', undefined, 1_000);
    expect(await searchCoins('eth', undefined, 1_000 + SEARCH_CACHE_TTL_MS - 1)).toBe(first);
    expect(api.calls).toHaveLength(1);
    const fresh = await searchCoins('eth', undefined, 1_000 + SEARCH_CACHE_TTL_MS);
    expect(api.calls).toHaveLength(2);
    expect(fresh).not.toBe(first);
    expect(await searchCoins('eth', undefined, 1_000 + SEARCH_CACHE_TTL_MS + 1)).toBe(fresh);
    expect(api.calls).toHaveLength(2);
  });

  it('evicts the oldest query past the cache size and is emptied by a manual refresh', async () => {
    for (let i = 0; i <= SEARCH_CACHE_SIZE; i++) await searchCoins(`q${i}`);
    expect(api.calls).toHaveLength(SEARCH_CACHE_SIZE + 1);
    await searchCoins('q1');
    await searchCoins('q0');
    expect(api.calls).toHaveLength(SEARCH_CACHE_SIZE + 2);
    await refreshPrices({ manual: true });
    await searchCoins('q1');
    expect(api.calls).toHaveLength(SEARCH_CACHE_SIZE + 3);
  });

  it('gives an empty list marked unreachable when the search fails or is rate limited, and does not cache that', async () => {
    const unreachable = { results: [], unreachable: true, unpriced: false };
    api.on('GET', '/api/search', { status: 429, body: { error: 'slow down' } });
    expect(await searchCoins('eth')).toEqual(unreachable);
    api.on('GET', '/api/search', networkDown);
    expect(await searchCoins('eth')).toEqual(unreachable);
    // The server answered, but its price source was rate limited: not 'no coins found' either.
    api.on('GET', '/api/search', { body: { coins: [], source: 'rate_limited' } });
    expect(await searchCoins('eth')).toEqual(unreachable);
    expect(api.calls).toHaveLength(3);
    // A real empty answer is no failure.
    api.on('GET', '/api/search', { body: { coins: [], source: 'live' } });
    expect(await searchCoins('eth')).toEqual({ results: [], unreachable: false, unpriced: false });
  });

  it('marks results the price service could not price', async () => {
    api.on('GET', '/api/search', {
      body: { coins: [{ ...result(1), current_price: 0 }], source: 'rate_limited' },
    });
    expect(await searchCoins('c1')).toMatchObject({ unreachable: false, unpriced: true });
  });
});
