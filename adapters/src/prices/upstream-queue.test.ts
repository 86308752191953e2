/**
 * The upstream queue is bounded, and the price poll goes first. Ordinary calls past
 * the bound are answered at once (the proxy with 503, prices from the cache) instead of waiting minutes.
 */
import { TICKER_COIN_IDS } from '@coinpace/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCoinGecko } from './testing/fake-coingecko.ts';
import { createCoinGeckoPriceSource } from './coingecko.ts';
import { UNLIMITED_BUDGET } from './user-budget.ts';

const fakes: ReturnType<typeof createFakeCoinGecko>[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** A real-time adapter (a real gap between calls) on a fake CoinGecko, its coin list loaded. */
async function start(options: { maxQueuedCalls?: number } = {}) {
  const fake = createFakeCoinGecko();
  fakes.push(fake);
  const { url } = await fake.start();
  const source = createCoinGeckoPriceSource({
    baseUrl: url,
    minGapMs: 20,
    userBudget: UNLIMITED_BUDGET,
    ...options,
  });
  await source.knownIds([]);
  fake.clearRequests();
  return { fake, source };
}

describe('the upstream queue', () => {
  it('puts the poll before every search already waiting', async () => {
    const { fake, source } = await start();
    const searches = Array.from({ length: 10 }, (_, i) => source.search(`query ${i}`));
    const poll = source.getPrices(TICKER_COIN_IDS, { maxAgeMs: 0, priority: 'high' });
    await Promise.all([poll, ...searches]);
    const routes = fake.requests.map((r) => r.route);
    expect(routes.filter((r) => r === 'search')).toHaveLength(10);
    // At most the one search already under way goes before it.
    expect(routes.indexOf('simple/price')).toBeLessThanOrEqual(1);
  });

  it('refuses ordinary calls past the bound at once, and never the poll', async () => {
    const { fake, source } = await start({ maxQueuedCalls: 3 });
    const proxied = Array.from({ length: 8 }, (_, i) =>
      source.proxy('/search', new URLSearchParams({ query: `q${i}` })),
    );
    const poll = source.getPrices(['bitcoin'], { maxAgeMs: 0, priority: 'high' });
    const answers = await Promise.all(proxied);
    const statuses = answers.map((a) => a.status);
    // Three were taken into the queue; the other five were refused without an upstream call.
    expect(statuses).toEqual([200, 200, 200, 503, 503, 503, 503, 503]);
    expect(answers.find((a) => a.status === 503)!.body).toEqual({
      error: 'Too many price requests are waiting. Please try again shortly.',
    });
    expect((await poll).origin.bitcoin).toBe('live');
    expect(fake.requestsTo('search')).toHaveLength(3);
  });
});
