/**
 * What users can make the adapter ask CoinGecko: made-up ids cost nothing (the coin list answers),
 * contract addresses and chains upstream did not know are not asked again for an hour, and every
 * user-driven call draws on the users' share of the quota, which the poll never touches.
 */
import { TICKER_COIN_IDS } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { createCoinGeckoPriceSource } from './coingecko.ts';
import { createMemoryUpstreamBudget } from './user-budget.ts';
import { addressOf, fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();
const HOUR = 3_600_000;
const price = (ids: string) => new URLSearchParams({ ids, vs_currencies: 'usd' });
const tokens = (addresses: string) =>
  new URLSearchParams({ contract_addresses: addresses, vs_currencies: 'usd' });

describe('the proxy answers what it can without CoinGecko', () => {
  it('answers made-up ids as CoinGecko would, with no call, and forwards only the listed ones', async () => {
    const { fake, source } = await start();
    expect(await source.proxy('/simple/price', price('made-up-1,made-up-2'))).toEqual({
      status: 200,
      body: {},
    });
    const markets = new URLSearchParams({ vs_currency: 'usd', ids: 'made-up-1' });
    expect(await source.proxy('/coins/markets', markets)).toEqual({ status: 200, body: [] });
    expect(fake.requests).toEqual([]);
    const mixed = await source.proxy('/simple/price', price('Made-Up-3,bitcoin'));
    expect(mixed.body).toEqual({ bitcoin: { usd: 97000 } });
    expect(fake.requests.map((r) => r.query.get('ids'))).toEqual(['bitcoin']);
  });

  it('answers /search from the coin list in CoinGecko shape', async () => {
    const { fake, source } = await start();
    const answer = await source.proxy('/search', new URLSearchParams({ query: 'ethereum' }));
    expect(answer.status).toBe(200);
    expect((answer.body as { coins: { id: string; symbol: string }[] }).coins[0]).toMatchObject({
      id: 'ethereum',
      symbol: 'ETH',
    });
    expect(fake.requests).toEqual([]);
  });

  it('asks for a contract address once an hour when CoinGecko has no price for it', async () => {
    const { fake, clock, source } = await start();
    const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7';
    const first = await source.proxy('/simple/token_price/ethereum', tokens(`${addressOf(1)},${usdt}`));
    expect(Object.keys(first.body as object)).toEqual([usdt]);
    expect(await source.proxy('/simple/token_price/ethereum', tokens(addressOf(1)))).toEqual({
      status: 200,
      body: {},
    });
    await source.getTokenPrices('ethereum', [addressOf(1)]);
    expect(fake.requestsTo('simple/token_price')).toHaveLength(1);
    // On another platform the same address is another question.
    await source.proxy('/simple/token_price/polygon-pos', tokens(addressOf(1)));
    expect(fake.requestsTo('simple/token_price')).toHaveLength(2);
    clock.advance(HOUR);
    await source.proxy('/simple/token_price/ethereum', tokens(addressOf(1)));
    expect(fake.requestsTo('simple/token_price')).toHaveLength(3);
  });

  it('does not ask again for an hour about a chain CoinGecko does not know', async () => {
    const { fake, source } = await start();
    expect((await source.proxy('/simple/token_price/no-such-chain', tokens(addressOf(1)))).status).toBe(404);
    expect((await source.proxy('/simple/token_price/no-such-chain', tokens(addressOf(2)))).status).toBe(404);
    expect((await source.getTokenPrices('no-such-chain', [addressOf(3)])).prices).toEqual({});
    expect(fake.requests).toHaveLength(1);
  });
});

describe('getTokenPrices and the negative cache', () => {
  it('asks for made-up addresses once an hour, however often they are asked for', async () => {
    const { fake, clock, source } = await start();
    const madeUp = Array.from({ length: 10 }, (_, i) => addressOf(100 + i));
    for (let i = 0; i < 20; i++) expect((await source.getTokenPrices('ethereum', madeUp)).prices).toEqual({});
    expect(fake.requestsTo('simple/token_price')).toHaveLength(1);
    clock.advance(HOUR - 1);
    await source.getTokenPrices('ethereum', madeUp);
    expect(fake.requestsTo('simple/token_price')).toHaveLength(1);
    clock.advance(1);
    await source.getTokenPrices('ethereum', madeUp);
    expect(fake.requestsTo('simple/token_price')).toHaveLength(2);
  });

  it('asks again at once for an address CoinGecko could not be asked about (a rate limit)', async () => {
    const { fake, clock, source } = await start({ lockMs: 1_000 });
    fake.fail('simple/token_price', 429, 1);
    await source.getTokenPrices('ethereum', [addressOf(1)]);
    clock.advance(1_000);
    await source.getTokenPrices('ethereum', [addressOf(1)]);
    expect(fake.requestsTo('simple/token_price')).toHaveLength(2);
  });
});

describe("the users' share of the quota", () => {
  /** An adapter whose users may make `calls` upstream calls a minute, counting what it is told. */
  async function startShared(calls: number) {
    const counts = { allowed: 0, refused: 0 };
    const started = await start();
    const source = createCoinGeckoPriceSource({
      baseUrl: started.url,
      now: started.clock.now,
      sleep: started.clock.sleep,
      userBudget: createMemoryUpstreamBudget({ calls, perMs: 60_000 }, started.clock.now),
      onUserCall: (outcome) => void counts[outcome]++,
    });
    await source.knownIds([]);
    started.fake.clearRequests();
    return { ...started, source, counts };
  }

  it('refuses user-driven calls past the share without asking, answering as a rate limit for them only', async () => {
    const { fake, clock, source, counts } = await startShared(3); // a burst of one
    const first = await source.proxy('/simple/price', price('bitcoin'));
    expect(first.status).toBe(200);
    const refused = await source.proxy('/simple/price', price('ethereum'));
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 30 });
    expect(refused.body).toEqual({ error: 'API rate limit reached. Please wait 2 minutes and try again.' });
    const forced = await source.getPrices(['solana'], { maxAgeMs: 0 });
    expect(forced.state.status).toBe('rate_limited');
    expect(forced.state.lockedUntil! - clock.now()).toBeGreaterThan(29_000);
    expect(forced.state.lockedUntil! - clock.now()).toBeLessThanOrEqual(30_000);
    const token = await source.getTokenPrices('ethereum', [addressOf(1)]);
    expect(token.state.status).toBe('rate_limited');
    expect(fake.requests).toHaveLength(1);
    expect(counts).toEqual({ allowed: 1, refused: 3 });
    // Everyone else (the poll, the ticks it publishes) still sees a live source.
    expect(source.state().status).toBe('live');
    // A refused address was not asked: it is asked as soon as a token is there.
    clock.advance(30_000);
    await source.getTokenPrices('ethereum', [addressOf(1)]);
    expect(fake.requests).toHaveLength(2);
  });

  it('never draws the poll from the share, nor refuses it', async () => {
    const { fake, source, counts } = await startShared(1);
    await source.proxy('/simple/price', price('bitcoin'));
    for (let i = 0; i < 5; i++) {
      const poll = await source.getPrices(TICKER_COIN_IDS, { maxAgeMs: 0, priority: 'high' });
      expect(poll.state.status).toBe('live');
      expect(poll.origin.bitcoin).toBe('live');
    }
    expect(fake.requestsTo('simple/price')).toHaveLength(6);
    expect(counts).toEqual({ allowed: 1, refused: 0 });
  });
});
