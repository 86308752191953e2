import { describe, expect, it } from 'vitest';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();

describe('search', () => {
  it('searches, then prices the hits in one simple/price call', async () => {
    const { fake, source } = await start();
    fake.setPrice('bitcoin', 97000.1, -1.23);
    const results = await source.search(' Bitcoin ');
    const [searchCall] = fake.requestsTo('search');
    expect(searchCall!.query.get('query')).toBe('Bitcoin');
    const [priceCall] = fake.requestsTo('simple/price');
    expect(priceCall!.query.get('ids')!.split(',')).toEqual(results.map((r) => r.id));
    expect(priceCall!.query.get('vs_currencies')).toBe('usd');
    expect(results[0]).toEqual({
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      image: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png',
      current_price: 97000.1,
      price_change_percentage_24h: -1.23,
      contract_address: null,
    });
  });

  it('keeps only the top 10 hits', async () => {
    const { fake, source } = await start();
    for (let i = 1; i <= 15; i++)
      fake.addCoin({ id: `zed-${i}`, symbol: `ZED${i}`, name: `Zed ${i}`, usd: i });
    const results = await source.search('zed');
    expect(results).toHaveLength(10);
    expect(fake.requestsTo('simple/price')[0]!.query.get('ids')!.split(',')).toHaveLength(10);
  });

  it('gives [] on a 429 from search, and locks', async () => {
    const { fake, source } = await start();
    fake.fail('search', 429, 1);
    expect(await source.search('bitcoin')).toEqual([]);
    expect(source.state().status).toBe('rate_limited');
    expect(fake.requestsTo('simple/price')).toHaveLength(0);
    expect(await source.search('bitcoin')).toEqual([]);
    expect(fake.requestsTo('search')).toHaveLength(1);
  });

  it('gives the results with price 0 on a 429 from the pricing call', async () => {
    const { fake, source } = await start();
    fake.fail('simple/price', 429, 1);
    const results = await source.search('ethereum');
    expect(results.map((r) => r.id)).toContain('ethereum');
    for (const result of results) {
      expect(result.current_price).toBe(0);
      expect(result.price_change_percentage_24h).toBeNull();
    }
    expect(source.state().status).toBe('rate_limited');
  });

  it('gives [] when the search or the pricing fails otherwise', async () => {
    const { fake, source } = await start();
    fake.fail('search', 500, 1);
    expect(await source.search('bitcoin')).toEqual([]);
    fake.fail('simple/price', 500, 1);
    expect(await source.search('bitcoin')).toEqual([]);
    expect(fake.requestsTo('search')).toHaveLength(2);
  });

  it('caches a query for 10 minutes, case-insensitively, and not a failed one', async () => {
    const { fake, clock, source } = await start();
    fake.fail('simple/price', 429, 1);
    await source.search('sol');
    clock.advance(120_000);
    const first = await source.search('sol');
    expect(first[0]!.current_price).toBeGreaterThan(0);
    clock.advance(599_999);
    expect(await source.search('SOL')).toEqual(first);
    expect(fake.requestsTo('search')).toHaveLength(2);
    clock.advance(1);
    await source.search('sol');
    expect(fake.requestsTo('search')).toHaveLength(3);
  });

  it('evicts the oldest query beyond the cache size', async () => {
    const { fake, source } = await start({ searchCacheSize: 2 });
    await source.search('bitcoin');
    await source.search('ethereum');
    await source.search('solana');
    await source.search('ethereum');
    expect(fake.requestsTo('search')).toHaveLength(3);
    await source.search('bitcoin');
    expect(fake.requestsTo('search')).toHaveLength(4);
  });

  it('makes no call for fewer than 2 characters', async () => {
    const { fake, source } = await start();
    expect(await source.search(' b ')).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('gives an empty list, without pricing, when nothing matches', async () => {
    const { fake, source } = await start();
    expect(await source.search('qqqqqq')).toEqual([]);
    expect(fake.requestsTo('simple/price')).toHaveLength(0);
  });

  it('prices a hit at 0 when its price fails the sanity rules', async () => {
    const { fake, source } = await start();
    fake.setPrice('cardano', 20_000_000);
    const results = await source.search('cardano');
    expect(results.find((r) => r.id === 'cardano')!.current_price).toBe(0);
  });
});
