import { TICKER_COIN_IDS } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { createCoinGeckoPriceSource } from './coingecko.ts';
import { SHAPE_FIAT_RATES } from './coingecko-shapes.ts';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();

describe('getPrices: batching', () => {
  it('asks simple/price for at most 50 ids per call, with usd, 24h change and last-updated time', async () => {
    // Coins listed before the adapter loads CoinGecko's coin list.
    const { fake, source } = await start({}, {}, false);
    const ids = Array.from({ length: 120 }, (_, i) => `coin-${i}`);
    ids.forEach((id, i) => fake.addCoin({ id, symbol: `C${i}`, name: `Coin ${i}`, usd: i + 1 }));

    const { prices, origin } = await source.getPrices(ids);

    const calls = fake.requestsTo('simple/price');
    expect(calls.map((c) => c.query.get('ids')!.split(',').length)).toEqual([50, 50, 20]);
    expect(calls.flatMap((c) => c.query.get('ids')!.split(','))).toEqual(ids);
    for (const call of calls) {
      expect(call.query.get('vs_currencies')).toBe('usd');
      expect(call.query.get('include_24hr_change')).toBe('true');
      expect(call.query.get('include_last_updated_at')).toBe('true');
    }
    expect(Object.keys(prices)).toHaveLength(120);
    expect(prices['coin-119']!.usd).toBe(120);
    expect(new Set(Object.values(origin))).toEqual(new Set(['live']));
  });

  it('reads display-currency rates in the same call as the prices, one call per batch', async () => {
    const { fake, source } = await start({ priceBatchSize: 4 });
    fake.setPrice('bitcoin', 100_000, 0);
    const { prices, rates } = await source.getPrices(TICKER_COIN_IDS, {
      maxAgeMs: 0,
      currencies: ['eur', 'jpy', 'btc'],
    });
    const calls = fake.requestsTo('simple/price');
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(call.query.get('vs_currencies')).toBe('usd,eur,jpy,btc');
    expect(prices.bitcoin!.usd).toBe(100_000);
    expect(rates!.eur).toBeCloseTo(SHAPE_FIAT_RATES.eur!, 12);
    expect(rates!.jpy).toBeCloseTo(SHAPE_FIAT_RATES.jpy!, 9);
    expect(rates!.btc).toBeCloseTo(1 / 100_000, 15);
    // Without currencies asked, only dollars and no rates.
    const plain = await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(plain.rates).toBeUndefined();
    expect(fake.requestsTo('simple/price').at(-1)!.query.get('vs_currencies')).toBe('usd');
  });

  it('honours a smaller batch size option', async () => {
    const { fake, source } = await start({ priceBatchSize: 4 });
    await source.getPrices(TICKER_COIN_IDS);
    expect(fake.requestsTo('simple/price').map((c) => c.query.get('ids')!.split(',').length)).toEqual([
      4, 4, 2,
    ]);
  });

  it('reads CoinGecko values and times: usd, usd_24h_change, last_updated_at', async () => {
    const { fake, clock, source } = await start();
    fake.setPrice('bitcoin', 97000.1, -1.23);
    const { prices } = await source.getPrices(['bitcoin']);
    expect(prices.bitcoin).toEqual({
      usd: 97000.1,
      usd_24h_change: -1.23,
      last_updated: Math.floor(clock.now() / 1000),
    });
  });

  it('leaves out ids CoinGecko does not know, and stays live', async () => {
    const { source } = await start();
    const { prices, state } = await source.getPrices(['bitcoin', 'no-such-coin']);
    expect(Object.keys(prices)).toEqual(['bitcoin']);
    expect(state.status).toBe('live');
    expect(state.lastSuccessAt).toBeTypeOf('number');
  });
});

describe('limiter', () => {
  it('spaces upstream calls 300 ms apart, measured from the previous start', async () => {
    const { clock, source } = await start({ priceBatchSize: 5 });
    await source.getPrices(TICKER_COIN_IDS); // two calls back to back
    expect(clock.sleeps).toEqual([300]);
    clock.advance(100);
    await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(clock.sleeps).toEqual([300, 200]);
    clock.advance(300);
    await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(clock.sleeps).toEqual([300, 200]);
  });

  it('serialises concurrent calls of different kinds through one limiter', async () => {
    const { fake, clock, source } = await start();
    await Promise.all([
      source.getPrices(['bitcoin']),
      source.getMarkets(['ethereum']),
      source.search('solana'),
      source.getTokenPrices('ethereum', ['0xdac17f958d2ee523a2206206994597c13d831ec7']),
    ]);
    // four upstream calls (search finds solana on the coin list and only prices it), each waiting
    // 300 ms after the one before
    expect(fake.requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([300, 300, 300]);
    const times = fake.requests.map((r) => r.at);
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([300, 300, 300]);
  });
});

describe('cache freshness', () => {
  it('serves prices younger than 5 minutes without asking upstream', async () => {
    const { fake, clock, source } = await start();
    await source.getPrices(['bitcoin']);
    clock.advance(299_999);
    const cached = await source.getPrices(['bitcoin']);
    expect(cached.origin.bitcoin).toBe('cached');
    expect(fake.requestsTo('simple/price')).toHaveLength(1);
    clock.advance(1);
    const fresh = await source.getPrices(['bitcoin']);
    expect(fresh.origin.bitcoin).toBe('live');
    expect(fake.requestsTo('simple/price')).toHaveLength(2);
  });

  it('asks only for the ids it has no fresh price for', async () => {
    const { fake, source } = await start();
    await source.getPrices(['bitcoin']);
    await source.getPrices(['bitcoin', 'ethereum']);
    expect(fake.requestsTo('simple/price')[1]!.query.get('ids')).toBe('ethereum');
  });

  it('always asks with maxAgeMs 0', async () => {
    const { fake, source } = await start();
    await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(fake.requestsTo('simple/price')).toHaveLength(2);
  });
});

describe('getMarkets', () => {
  it('asks coins/markets with the ticker parameters and reads the rows', async () => {
    const { fake, source } = await start();
    fake.setPrice('ethereum', 3500, 2.5);
    const { coins, state } = await source.getMarkets(TICKER_COIN_IDS);
    const [call] = fake.requestsTo('coins/markets');
    expect(Object.fromEntries(call!.query)).toEqual({
      vs_currency: 'usd',
      ids: TICKER_COIN_IDS.join(','),
      order: 'market_cap_desc',
      per_page: '10',
      page: '1',
      sparkline: 'false',
      price_change_percentage: '24h',
    });
    expect(state.status).toBe('live');
    expect(coins[0]!.id).toBe('bitcoin');
    const eth = coins.find((c) => c.id === 'ethereum')!;
    expect(eth).toMatchObject({
      symbol: 'ETH',
      name: 'Ethereum',
      current_price: 3500,
      price_change_percentage_24h: 2.5,
    });
    expect(eth.price_change_24h).toBeCloseTo(3500 - 3500 / 1.025, 6);
    expect(eth.image).toMatch(/^https:\/\//);
  });

  it('serves fresh cached rows without asking, and last good rows on failure', async () => {
    const { fake, clock, source } = await start();
    await source.getMarkets(['bitcoin', 'ethereum']);
    await source.getMarkets(['ethereum']);
    expect(fake.requestsTo('coins/markets')).toHaveLength(1);
    clock.advance(300_000);
    fake.fail('coins/markets', 500);
    const { coins, state } = await source.getMarkets(['bitcoin', 'ethereum', 'tether']);
    expect(fake.requestsTo('coins/markets')).toHaveLength(2);
    expect(state.status).toBe('unavailable');
    expect(coins.map((c) => c.id)).toEqual(['bitcoin', 'ethereum']); // tether: nothing cached, no built-in price
  });

  it('feeds the price cache', async () => {
    const { fake, source } = await start();
    fake.setPrice('cardano', 1.01, 3);
    await source.getMarkets(['cardano']);
    const { prices, origin } = await source.getPrices(['cardano']);
    expect(prices.cardano).toMatchObject({ usd: 1.01, usd_24h_change: 3 });
    expect(origin.cardano).toBe('cached');
    expect(fake.requestsTo('simple/price')).toHaveLength(0);
  });
});

describe('API key', () => {
  it('sends x-cg-demo-api-key to the public API host', async () => {
    const { fake, source } = await start({ apiKey: 'CG-demo-key' });
    await source.getPrices(['bitcoin']);
    // A query the coin list has nothing for, so the proxy asks upstream.
    await source.proxy('/search', new URLSearchParams({ query: 'unlisted' }));
    for (const request of fake.requests) {
      expect(request.headers['x-cg-demo-api-key']).toBe('CG-demo-key');
      expect(request.headers['x-cg-pro-api-key']).toBeUndefined();
    }
    expect(fake.requests).toHaveLength(2);
  });

  it('sends x-cg-pro-api-key when the base URL is pro-api.coingecko.com', async () => {
    const { url, fake } = await start();
    const pro = 'https://pro-api.coingecko.com/api/v3';
    const source = createCoinGeckoPriceSource({
      baseUrl: pro,
      apiKey: 'CG-pro-key',
      // Reach the fake instead of the internet; the headers are what is under test.
      fetch: (input, init) => fetch(String(input).replace(pro, url), init),
    });
    await source.getPrices(['bitcoin']);
    expect(fake.requests[0]!.headers['x-cg-pro-api-key']).toBe('CG-pro-key');
    expect(fake.requests[0]!.headers['x-cg-demo-api-key']).toBeUndefined();
  });

  it('sends no key header without a key', async () => {
    const { fake, source } = await start();
    await source.getPrices(['bitcoin']);
    expect(Object.keys(fake.requests[0]!.headers).filter((h) => h.startsWith('x-cg-'))).toEqual([]);
  });
});
