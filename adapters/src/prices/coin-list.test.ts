/**
 * Issue 13, finding 2: only ids on CoinGecko's coin list are asked for; an unknown id is answered from
 * the cached list, with no upstream call, and a miss reloads the list at most once per 10 minutes.
 */
import { TICKER_COIN_IDS } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();
const madeUp = (n: number) => Array.from({ length: n }, (_, i) => `made-up-coin-${i}`);

describe('the coin list', () => {
  it('loads /coins/list once and asks simple/price only for ids on it', async () => {
    const { fake, source } = await start({}, {}, false);
    const result = await source.getPrices(['bitcoin', ...madeUp(500)], { maxAgeMs: 0 });
    expect(Object.keys(result.prices)).toEqual(['bitcoin']);
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
    const asked = fake.requestsTo('simple/price').flatMap((r) => r.query.get('ids')!.split(','));
    expect(asked).toEqual(['bitcoin']);
    await expect(source.knownIds(['Bitcoin', 'made-up-coin-1', 'ethereum'])).resolves.toEqual([
      'bitcoin',
      'ethereum',
    ]);
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
  });

  it('answers misses from the list and reloads it for a miss at most once per 10 minutes', async () => {
    const { fake, clock, source } = await start();
    fake.addCoin({ id: 'brand-new-coin', symbol: 'NEW', name: 'Brand New', usd: 2 });
    for (let i = 0; i < 20; i++) await source.getPrices(['brand-new-coin', ...madeUp(500)], { maxAgeMs: 0 });
    expect(fake.requestsTo('simple/price')).toHaveLength(0);
    expect(fake.requestsTo('coins/list')).toHaveLength(0);
    clock.advance(600_000);
    const later = await source.getPrices(['brand-new-coin', ...madeUp(500)], { maxAgeMs: 0 });
    expect(later.prices['brand-new-coin']?.usd).toBe(2);
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
    expect(fake.requestsTo('simple/price').flatMap((r) => r.query.get('ids')!.split(','))).toEqual([
      'brand-new-coin',
    ]);
  });

  it('knows only the built-in coins while the list cannot be loaded, and retries later', async () => {
    const { fake, clock, source } = await start({}, {}, false);
    fake.fail('coins/list', 500);
    fake.addCoin({ id: 'listed-coin', symbol: 'LST', name: 'Listed', usd: 3 });
    await expect(source.knownIds([...TICKER_COIN_IDS, 'listed-coin'])).resolves.toEqual([...TICKER_COIN_IDS]);
    await source.knownIds(['listed-coin']);
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
    fake.clearFailures();
    clock.advance(600_000);
    await expect(source.knownIds(['listed-coin'])).resolves.toEqual(['listed-coin']);
    expect(fake.requestsTo('coins/list')).toHaveLength(2);
  });

  it('refreshes the list after a day', async () => {
    const { fake, clock, source } = await start();
    clock.advance(86_400_000);
    await source.knownIds(['bitcoin']);
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
  });
});
