import { TICKER_COIN_IDS } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();

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
    // Found on the coin list, but not priced while the lock runs.
    const search = await source.search('solana');
    expect(search.state.status).toBe('rate_limited');
    expect(search.coins.find((c) => c.id === 'solana')?.current_price).toBe(0);
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

  it('holds back a price more than 100x the last good one until the next fetch confirms it', async () => {
    const { fake, source, logger } = await start();
    fake.setPrice('solana', 180);
    await source.getPrices(['solana']);

    fake.setPrice('solana', 90_000); // 500x, under the coin cap
    const glitch = await source.getPrices(['solana'], { maxAgeMs: 0 });
    expect(glitch.prices.solana!.usd).toBe(180);
    expect(glitch.origin.solana).toBe('cached');
    const held = logger.lines.find((l) => l.msg?.startsWith('price held back by the sanity rules'));
    expect(held?.level).toBe('warn');
    expect(held?.obj).toMatchObject({
      key: 'solana',
      reason: 'jump',
      usd: 90_000,
      previous: 180,
    });

    fake.setPrice('solana', 95_000); // again above 100x and within 2x of the held-back price
    const confirmed = await source.getPrices(['solana'], { maxAgeMs: 0 });
    expect(confirmed.prices.solana!.usd).toBe(95_000);
    expect(confirmed.origin.solana).toBe('live');
  });

  it('does not serve a one-poll glitch, and a different second jump is held again', async () => {
    const { fake, source } = await start();
    fake.setPrice('solana', 180);
    await source.getPrices(['solana']);
    fake.setPrice('solana', 90_000);
    await source.getPrices(['solana'], { maxAgeMs: 0 });
    fake.setPrice('solana', 181); // the glitch is gone
    expect((await source.getPrices(['solana'], { maxAgeMs: 0 })).prices.solana!.usd).toBe(181);
    fake.setPrice('solana', 90_000); // a new glitch is held, not confirmed by the old one
    expect((await source.getPrices(['solana'], { maxAgeMs: 0 })).prices.solana!.usd).toBe(181);
    fake.setPrice('solana', 900_000); // a second, different jump restarts the hold
    expect((await source.getPrices(['solana'], { maxAgeMs: 0 })).prices.solana!.usd).toBe(181);
    fake.setPrice('solana', 1_000_000);
    expect((await source.getPrices(['solana'], { maxAgeMs: 0 })).prices.solana!.usd).toBe(1_000_000);
  });

  it('takes exactly 100x at once, and any fall at once', async () => {
    const { fake, source } = await start();
    fake.setPrice('solana', 180);
    await source.getPrices(['solana']);
    fake.setPrice('solana', 18_000);
    expect((await source.getPrices(['solana'], { maxAgeMs: 0 })).prices.solana!.usd).toBe(18_000);
    fake.setPrice('solana', 0.18);
    expect((await source.getPrices(['solana'], { maxAgeMs: 0 })).prices.solana!.usd).toBe(0.18);
  });

  it('holds back a jump seen through coins/markets too', async () => {
    const { fake, source } = await start();
    fake.setPrice('cardano', 1);
    await source.getMarkets(['cardano']);
    fake.setPrice('cardano', 1_000);
    const { coins } = await source.getMarkets(['cardano'], { maxAgeMs: 0 });
    expect(coins.find((c) => c.id === 'cardano')!.current_price).toBe(1);
    const confirmed = await source.getPrices(['cardano'], { maxAgeMs: 0 }); // the confirming fetch
    expect(confirmed.prices.cardano!.usd).toBe(1_000);
  });

  it('falls back to the built-in price when a first price is rejected', async () => {
    const { fake, source } = await start();
    fake.setPrice('ethereum', 50_000_000);
    const { prices, origin } = await source.getPrices(['ethereum']);
    expect(prices.ethereum!.usd).toBe(3400);
    expect(origin.ethereum).toBe('fallback');
  });
});
