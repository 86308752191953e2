import { describe, expect, it } from 'vitest';
import { createCoinGeckoPriceSource } from './coingecko.ts';
import { createMemoryUpstreamBudget } from './user-budget.ts';
import { createMemoryPriceStore, listedCoin } from './testing/memory-store.ts';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();
const HOUR = 3_600_000;

describe('search', () => {
  it('answers from the coin list, with no /search call, and prices the hits in one simple/price call', async () => {
    const { fake, source } = await start();
    fake.setPrice('bitcoin', 97000.1, -1.23);
    const { coins, state } = await source.search(' Bitcoin ');
    expect(state.status).toBe('live');
    expect(fake.requestsTo('search')).toEqual([]);
    const [priceCall] = fake.requestsTo('simple/price');
    expect(priceCall!.query.get('ids')!.split(',')).toEqual(coins.map((r) => r.id));
    expect(priceCall!.query.get('vs_currencies')).toBe('usd');
    expect(coins[0]).toEqual({
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      // /coins/list has no images; the poller's stored list adds them for the top coins.
      image: null,
      current_price: 97000.1,
      price_change_percentage_24h: -1.23,
      contract_address: null,
    });
  });

  it('keeps only the top 10 hits', async () => {
    const { fake, source } = await start({}, {}, false);
    for (let i = 1; i <= 15; i++)
      fake.addCoin({ id: `zed-${i}`, symbol: `ZED${i}`, name: `Zed ${i}`, usd: i });
    const { coins } = await source.search('zed');
    expect(coins).toHaveLength(10);
    expect(fake.requestsTo('search')).toEqual([]);
    expect(fake.requestsTo('simple/price')[0]!.query.get('ids')!.split(',')).toHaveLength(10);
  });

  it('orders ranked exact matches first, then ranked prefix and word matches, then the rest', async () => {
    const { url, clock } = await start({}, {}, false);
    const store = createMemoryPriceStore(clock.now);
    store.saveCoinList(
      [
        listedCoin('bridged-ether', 'ETH', 'Bridged Ether'),
        listedCoin('ethena', 'ENA', 'Ethena', 30),
        listedCoin('ethereum', 'ETH', 'Ethereum', 2),
        listedCoin('staked-ether', 'STETH', 'Lido Staked Ether', 8),
        listedCoin('tether', 'USDT', 'Tether', 3),
      ],
      clock.now(),
    );
    const source = createCoinGeckoPriceSource({ baseUrl: url, now: clock.now, sleep: clock.sleep, store });
    const { coins } = await source.search('eth');
    expect(coins.map((c) => c.id)).toEqual(['ethereum', 'staked-ether', 'ethena', 'tether', 'bridged-ether']);
  });

  it('asks /search only when the list has no match, and caches its answer', async () => {
    const { fake, clock, source } = await start();
    fake.addCoin({ id: 'fresh-listing', symbol: 'FRSH', name: 'Fresh Listing', usd: 2 });
    const first = await source.search('Fresh');
    expect(first.coins.map((c) => c.id)).toEqual(['fresh-listing']);
    expect(first.coins[0]!.current_price).toBe(2);
    expect(fake.requestsTo('search').map((r) => r.query.get('query'))).toEqual(['fresh']);
    clock.advance(599_999);
    expect((await source.search('fresh')).coins).toEqual(first.coins);
    expect(fake.requestsTo('search')).toHaveLength(1);
  });

  it('caches an empty /search answer (a made-up query) for an hour', async () => {
    const { fake, clock, source } = await start();
    for (let i = 0; i < 20; i++) expect((await source.search('qqqqqq')).coins).toEqual([]);
    expect(fake.requestsTo('search')).toHaveLength(1);
    expect(fake.requestsTo('simple/price')).toHaveLength(0);
    clock.advance(HOUR - 1);
    await source.search('QQQQQQ');
    expect(fake.requestsTo('search')).toHaveLength(1);
    clock.advance(1);
    await source.search('qqqqqq');
    expect(fake.requestsTo('search')).toHaveLength(2);
  });

  it('gives [] and rate_limited on a 429 from the fallback search, and locks', async () => {
    const { fake, source } = await start();
    fake.fail('search', 429, 1);
    expect(await source.search('nothing-listed')).toMatchObject({
      coins: [],
      state: { status: 'rate_limited' },
    });
    expect(source.state().status).toBe('rate_limited');
    expect((await source.search('nothing-listed')).coins).toEqual([]);
    expect(fake.requestsTo('search')).toHaveLength(1);
  });

  it('gives the results with price 0 and rate_limited on a 429 from the pricing call', async () => {
    const { fake, source } = await start();
    fake.fail('simple/price', 429, 1);
    const { coins, state } = await source.search('ethereum');
    expect(coins.map((r) => r.id)).toContain('ethereum');
    for (const result of coins) {
      expect(result.current_price).toBe(0);
      expect(result.price_change_percentage_24h).toBeNull();
    }
    expect(state.status).toBe('rate_limited');
  });

  it('gives [] when the fallback search or the pricing fails otherwise', async () => {
    const { fake, source } = await start();
    fake.fail('search', 500, 1);
    expect((await source.search('nothing-listed')).coins).toEqual([]);
    fake.fail('simple/price', 500, 1);
    expect((await source.search('bitcoin')).coins).toEqual([]);
    expect(fake.requestsTo('search')).toHaveLength(1);
  });

  it('caches a priced query for 10 minutes, case-insensitively, and not an unpriced one', async () => {
    const { fake, clock, source } = await start({ cacheTtlMs: 60_000 });
    fake.fail('simple/price', 429, 1);
    await source.search('sol');
    clock.advance(120_000);
    const first = await source.search('sol');
    expect(first.coins[0]!.current_price).toBeGreaterThan(0);
    clock.advance(599_999);
    expect(await source.search('SOL')).toEqual(first);
    expect(fake.requestsTo('simple/price')).toHaveLength(2);
    clock.advance(1);
    await source.search('sol');
    expect(fake.requestsTo('simple/price')).toHaveLength(3);
  });

  it('evicts the oldest fallback answer beyond the cache size', async () => {
    const { fake, source } = await start({ searchCacheSize: 2 });
    await source.search('made-up-1');
    await source.search('made-up-2');
    await source.search('made-up-3');
    await source.search('made-up-2');
    expect(fake.requestsTo('search')).toHaveLength(3);
    await source.search('made-up-1');
    expect(fake.requestsTo('search')).toHaveLength(4);
  });

  it('makes no call for fewer than 2 characters', async () => {
    const { fake, source } = await start();
    expect((await source.search(' b ')).coins).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('prices a hit at 0 when its price fails the sanity rules', async () => {
    const { fake, source } = await start();
    fake.setPrice('cardano', 20_000_000);
    const { coins } = await source.search('cardano');
    expect(coins.find((r) => r.id === 'cardano')!.current_price).toBe(0);
  });
});

describe("search within the users' share of the quota", () => {
  it('prices hits from the stored prices and the cache first, and asks only for the rest', async () => {
    const { fake, url, clock } = await start({}, {}, false);
    const store = createMemoryPriceStore(clock.now);
    store.saveCoinList(
      [listedCoin('bitcoin', 'btc', 'Bitcoin', 1), listedCoin('bitcoin-cash', 'bch', 'Bitcoin Cash', 20)],
      clock.now(),
    );
    store.savePrice('bitcoin', { usd: 96_000, usd_24h_change: 1, last_updated: 1 }, clock.now());
    const source = createCoinGeckoPriceSource({ baseUrl: url, now: clock.now, sleep: clock.sleep, store });
    const { coins } = await source.search('bitcoin');
    expect(coins.map((c) => [c.id, c.current_price > 0])).toEqual([
      ['bitcoin', true],
      ['bitcoin-cash', true],
    ]);
    expect(coins[0]!.current_price).toBe(96_000);
    expect(fake.requestsTo('simple/price').map((r) => r.query.get('ids'))).toEqual(['bitcoin-cash']);
    expect(fake.requestsTo('coins/list')).toEqual([]);
  });

  it('answers rate_limited without a call when the share is spent, and leaves the source live', async () => {
    const { fake, clock, source } = await start({
      userBudget: createMemoryUpstreamBudget({ calls: 1, perMs: 60_000 }, () => clock.now()),
    });
    expect((await source.search('made-up-1')).state.status).toBe('live');
    const refused = await source.search('made-up-2');
    expect(refused).toMatchObject({ coins: [], state: { status: 'rate_limited' } });
    const unpriced = await source.search('solana');
    expect(unpriced.state.status).toBe('rate_limited');
    expect(unpriced.coins.find((c) => c.id === 'solana')!.current_price).toBe(0);
    expect(fake.requests.map((r) => r.route)).toEqual(['search']);
    expect(source.state().status).toBe('live');
  });
});
