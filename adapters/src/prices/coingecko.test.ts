import { TICKER_COIN_IDS } from '@coinpace/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeCoinGecko } from './testing/fake-coingecko.ts';
import { startAdapterWithFake } from './testing/setup.ts';

const fakes: FakeCoinGecko[] = [];
async function start(...args: Parameters<typeof startAdapterWithFake>) {
  const started = await startAdapterWithFake(...args);
  fakes.push(started.fake);
  return started;
}
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

describe('getPrices: batching', () => {
  it('asks simple/price for at most 50 ids per call, with usd, 24h change and last-updated time', async () => {
    const { fake, source } = await start();
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
    // five upstream calls (search makes two), each waiting 300 ms after the one before
    expect(fake.requests).toHaveLength(5);
    expect(clock.sleeps).toEqual([300, 300, 300, 300]);
    const times = fake.requests.map((r) => r.at);
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([300, 300, 300, 300]);
  });
});

describe('rate limit (429)', () => {
  it('locks upstream for 120 s, serves cached prices, then recovers', async () => {
    const { fake, clock, source } = await start();
    fake.setPrice('bitcoin', 97000, 1);
    await source.getPrices(['bitcoin']);

    fake.setPrice('bitcoin', 98000, 2);
    fake.fail('simple/price', 429, 1);
    clock.advance(1000);
    const lockedAt = clock.now();
    const limited = await source.getPrices(['bitcoin', 'ethereum'], { maxAgeMs: 0 });
    expect(limited.state).toMatchObject({ status: 'rate_limited', lockedUntil: lockedAt + 120_000 });
    expect(limited.prices.bitcoin!.usd).toBe(97000);
    expect(limited.origin).toEqual({ bitcoin: 'cached', ethereum: 'fallback' });

    const before = fake.requests.length;
    clock.advance(119_999);
    const stillLocked = await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    await source.getMarkets(['bitcoin']);
    await source.getTokenPrices('ethereum', ['0xdac17f958d2ee523a2206206994597c13d831ec7']);
    expect(await source.search('solana')).toEqual([]);
    expect(fake.requests.length).toBe(before);
    expect(stillLocked.prices.bitcoin!.usd).toBe(97000);
    expect(source.state().status).toBe('rate_limited');

    clock.advance(1);
    const recovered = await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(fake.requests.length).toBe(before + 1);
    expect(recovered.prices.bitcoin).toMatchObject({ usd: 98000, usd_24h_change: 2 });
    expect(recovered.origin.bitcoin).toBe('live');
    expect(recovered.state.status).toBe('live');
  });

  it('stops the remaining batches after a 429', async () => {
    const { fake, source } = await start({ priceBatchSize: 2 });
    fake.fail('simple/price', 429);
    await source.getPrices(TICKER_COIN_IDS);
    expect(fake.requestsTo('simple/price')).toHaveLength(1);
  });

  it('locks longer when Retry-After asks for more than 120 s', async () => {
    const { fake, clock, source } = await start({}, { retryAfterSeconds: 300 });
    fake.fail('coins/markets', 429, 1);
    const { state } = await source.getMarkets(['bitcoin']);
    expect(state.lockedUntil).toBe(clock.now() + 300_000);
  });

  it('serves the built-in ticker rows when rate limited with nothing cached', async () => {
    const { fake, source } = await start();
    fake.fail('coins/markets', 429);
    const { coins, state } = await source.getMarkets(TICKER_COIN_IDS);
    expect(state.status).toBe('rate_limited');
    expect(coins.find((c) => c.id === 'bitcoin')).toMatchObject({ current_price: 97000, last_updated: 0 });
    expect(coins).toHaveLength(10);
  });
});

describe('failures', () => {
  it('times out a hanging simple/price call and serves fallback prices, state unavailable', async () => {
    const { fake, source } = await start({ priceTimeoutMs: 150 });
    fake.fail('simple/price', 'hang');
    const { prices, origin, state } = await source.getPrices(['bitcoin', 'no-such-coin']);
    expect(prices).toEqual({ bitcoin: { usd: 97000, usd_24h_change: 0, last_updated: 0 } });
    expect(origin).toEqual({ bitcoin: 'fallback' });
    expect(state.status).toBe('unavailable');
    expect(state.message).toContain('no answer within 150 ms');
  });

  it('times out other calls with the general timeout', async () => {
    const { fake, source } = await start({ timeoutMs: 150 });
    fake.fail('coins/markets', 'hang');
    const { state } = await source.getMarkets(['bitcoin']);
    expect(state.status).toBe('unavailable');
    expect(state.message).toContain('150 ms');
  });

  it('serves the last good prices on a 500, and goes live again after', async () => {
    const { fake, source, logger } = await start();
    await source.getPrices(['bitcoin']);
    fake.setPrice('bitcoin', 1);
    fake.fail('simple/price', 500, 1);
    const failed = await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(failed.prices.bitcoin!.usd).toBe(97000);
    expect(failed.origin.bitcoin).toBe('cached');
    expect(failed.state.status).toBe('unavailable');
    expect(logger.lines.some((l) => l.level === 'warn' && JSON.stringify(l.obj).includes('HTTP 500'))).toBe(
      true,
    );
    const again = await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(again.prices.bitcoin!.usd).toBe(1);
    expect(again.state.status).toBe('live');
  });

  it('serves fallback prices when the server is down (connection refused)', async () => {
    const { fake, source } = await start();
    await fake.close();
    const { prices, origin, state } = await source.getPrices(TICKER_COIN_IDS);
    expect(Object.keys(prices)).toHaveLength(10);
    expect(new Set(Object.values(origin))).toEqual(new Set(['fallback']));
    expect(prices['matic-network']).toEqual({ usd: 0.45, usd_24h_change: 0, last_updated: 0 });
    expect(state.status).toBe('unavailable');
  });

  it('serves cached prices when the server goes down after a success', async () => {
    const { fake, source } = await start();
    fake.setPrice('bitcoin', 101_000);
    await source.getPrices(['bitcoin']);
    await fake.close();
    const { prices, origin } = await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(prices.bitcoin!.usd).toBe(101_000);
    expect(origin.bitcoin).toBe('cached');
  });

  it('keeps the state on a 4xx that is about the request, not the source', async () => {
    const { fake, source } = await start();
    await source.getPrices(['bitcoin']);
    fake.fail('simple/price', 404, 1);
    const { state, origin } = await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(state.status).toBe('live');
    expect(origin.bitcoin).toBe('cached');
  });
});

describe('sanity rules on fetched prices', () => {
  it('rejects a price above 10,000,000 and keeps the last good one', async () => {
    const { fake, source, logger } = await start();
    fake.setPrice('bitcoin', 98_000);
    await source.getPrices(['bitcoin']);
    fake.setPrice('bitcoin', 10_000_001);
    const { prices, origin } = await source.getPrices(['bitcoin'], { maxAgeMs: 0 });
    expect(prices.bitcoin!.usd).toBe(98_000);
    expect(origin.bitcoin).toBe('cached');
    expect(logger.lines.find((l) => l.msg === 'price rejected by the sanity rules')?.obj).toMatchObject({
      key: 'bitcoin',
      reason: 'above_coin_cap',
    });
  });

  it('accepts exactly 10,000,000', async () => {
    const { fake, source } = await start();
    fake.setPrice('bitcoin', 10_000_000);
    expect((await source.getPrices(['bitcoin'])).prices.bitcoin!.usd).toBe(10_000_000);
  });

  it.each([
    ['negative', -5],
    ['zero', 0],
    ['null (NaN in JSON)', Number.NaN],
  ])('keeps the old price for a %s price', async (_label, bad) => {
    const { fake, source } = await start();
    fake.setPrice('solana', 180);
    await source.getPrices(['solana']);
    fake.setPrice('solana', bad);
    const { prices, origin } = await source.getPrices(['solana'], { maxAgeMs: 0 });
    expect(prices.solana!.usd).toBe(180);
    expect(origin.solana).toBe('cached');
  });

  it('falls back to the built-in price when a first price is rejected', async () => {
    const { fake, source } = await start();
    fake.setPrice('ethereum', 50_000_000);
    const { prices, origin } = await source.getPrices(['ethereum']);
    expect(prices.ethereum!.usd).toBe(3400);
    expect(origin.ethereum).toBe('fallback');
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
    await source.proxy('/search', new URLSearchParams({ query: 'btc' }));
    for (const request of fake.requests) {
      expect(request.headers['x-cg-demo-api-key']).toBe('CG-demo-key');
      expect(request.headers['x-cg-pro-api-key']).toBeUndefined();
    }
    expect(fake.requests).toHaveLength(2);
  });

  it('sends x-cg-pro-api-key when the base URL is pro-api.coingecko.com', async () => {
    const { url, fake, source: _unused } = await start();
    const { createCoinGeckoPriceSource } = await import('./coingecko.ts');
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
