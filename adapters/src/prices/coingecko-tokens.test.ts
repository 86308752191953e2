import { describe, expect, it } from 'vitest';
import { addressOf, fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();

describe('getTokenPrices', () => {
  it('asks 10 addresses per call with 2 s between calls', async () => {
    const { fake, clock, source } = await start();
    const addresses = Array.from({ length: 25 }, (_, i) => addressOf(i + 1));
    addresses.forEach((a, i) => fake.setTokenPrice('ethereum', a, i + 0.5, -2));

    const { prices, origin, state } = await source.getTokenPrices('ethereum', addresses);

    const calls = fake.requestsTo('simple/token_price');
    expect(calls.map((c) => c.path)).toEqual(Array(3).fill('/simple/token_price/ethereum'));
    expect(calls.map((c) => c.query.get('contract_addresses')!.split(',').length)).toEqual([10, 10, 5]);
    expect(calls[0]!.query.get('vs_currencies')).toBe('usd');
    expect(calls[0]!.query.get('include_24hr_change')).toBe('true');
    expect(clock.sleeps).toEqual([2000, 2000]);
    expect(calls[1]!.at - calls[0]!.at).toBe(2000);
    expect(calls[2]!.at - calls[1]!.at).toBe(2000);
    expect(Object.keys(prices)).toEqual(addresses);
    expect(prices[addresses[24]!]).toMatchObject({ usd: 24.5, usd_24h_change: -2 });
    expect(new Set(Object.values(origin))).toEqual(new Set(['live']));
    expect(state.status).toBe('live');
  });

  it('does not wait before a single batch', async () => {
    const { clock, source } = await start();
    await source.getTokenPrices('ethereum', ['0xdac17f958d2ee523a2206206994597c13d831ec7']);
    expect(clock.sleeps).toEqual([]);
  });

  it('lower-cases, de-duplicates and skips addresses that are not contract addresses', async () => {
    const { fake, source } = await start();
    const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7';
    await source.getTokenPrices('ethereum', [
      usdt.toUpperCase().replace('0X', '0x'),
      usdt,
      '0x' + '0'.repeat(40),
      '0x123',
      'abc',
    ]);
    const [call] = fake.requestsTo('simple/token_price');
    expect(call!.query.get('contract_addresses')).toBe(usdt);
  });

  it('makes no call when no address is valid', async () => {
    const { fake, source } = await start();
    const { prices } = await source.getTokenPrices('ethereum', ['nope']);
    expect(prices).toEqual({});
    expect(fake.requests).toHaveLength(0);
  });

  it('only logs a 404 and returns no prices for it', async () => {
    const { fake, source, logger } = await start();
    fake.fail('simple/token_price', 404);
    const { prices, state } = await source.getTokenPrices('ethereum', [addressOf(1), addressOf(2)]);
    expect(prices).toEqual({});
    expect(state.status).toBe('live');
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'info', obj: expect.objectContaining({ status: 404 }) }),
    );
  });

  it('treats an unknown chain (404 from CoinGecko) the same way', async () => {
    const { source } = await start();
    const { prices, state } = await source.getTokenPrices('no-such-chain', [addressOf(1)]);
    expect(prices).toEqual({});
    expect(state.status).toBe('live');
  });

  it('refuses a chain id that is not one, without a call', async () => {
    const { fake, source } = await start();
    await source.getTokenPrices('../coins', [addressOf(1)]);
    expect(fake.requests).toHaveLength(0);
  });

  it('stops after a 429 and serves last good token prices', async () => {
    const { fake, clock, source } = await start();
    const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7';
    await source.getTokenPrices('ethereum', [usdt]);
    const many = [usdt, ...Array.from({ length: 15 }, (_, i) => addressOf(i + 1))];
    fake.fail('simple/token_price', 429);
    clock.advance(1000);
    const { prices, origin, state } = await source.getTokenPrices('ethereum', many, { maxAgeMs: 0 });
    expect(fake.requestsTo('simple/token_price')).toHaveLength(2);
    expect(clock.sleeps).toEqual([]);
    expect(prices).toEqual({ [usdt]: expect.objectContaining({ usd: 1 }) });
    expect(origin[usdt]).toBe('cached');
    expect(state.status).toBe('rate_limited');
  });

  it('applies the sanity rules to token prices', async () => {
    const { fake, source } = await start();
    fake.setTokenPrice('ethereum', addressOf(7), 99_000_000);
    const { prices } = await source.getTokenPrices('ethereum', [addressOf(7)]);
    expect(prices).toEqual({});
  });

  it('holds back a token price more than 100x the last good one until the next fetch confirms it', async () => {
    const { fake, source } = await start();
    const token = addressOf(8);
    fake.setTokenPrice('ethereum', token, 0.02);
    await source.getTokenPrices('ethereum', [token]);
    fake.setTokenPrice('ethereum', token, 20);
    const glitch = await source.getTokenPrices('ethereum', [token], { maxAgeMs: 0 });
    expect(glitch.prices[token]!.usd).toBe(0.02);
    expect(glitch.origin[token]).toBe('cached');
    const confirmed = await source.getTokenPrices('ethereum', [token], { maxAgeMs: 0 });
    expect(confirmed.prices[token]!.usd).toBe(20);
    expect(confirmed.origin[token]).toBe('live');
  });
});
