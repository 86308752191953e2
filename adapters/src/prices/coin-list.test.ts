/**
 * Only ids on CoinGecko's coin list are asked for; an unknown id is answered from the list, with no
 * upstream call, not even a reload of the list: the list is read on a schedule, never for a miss.
 */
import { TICKER_COIN_IDS } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { createCoinGeckoPriceSource } from './coingecko.ts';
import { createMemoryPriceStore, listedCoin } from './testing/memory-store.ts';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();
const madeUp = (n: number) => Array.from({ length: n }, (_, i) => `made-up-coin-${i}`);
const HOUR = 3_600_000;

describe('the coin list read upstream (no store)', () => {
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

  it('never reloads the list for a miss: a coin listed since is known after the next scheduled read', async () => {
    const { fake, clock, source } = await start();
    fake.addCoin({ id: 'brand-new-coin', symbol: 'NEW', name: 'Brand New', usd: 2 });
    for (let i = 0; i < 20; i++) {
      await source.getPrices(['brand-new-coin', ...madeUp(500)], { maxAgeMs: 0 });
      await source.knownIds(madeUp(100));
      clock.advance(15 * 60_000);
    }
    // Five hours of made-up ids: not one upstream call.
    expect(fake.requests).toEqual([]);
    clock.advance(HOUR);
    const later = await source.getPrices(['brand-new-coin', ...madeUp(500)], { maxAgeMs: 0 });
    expect(later.prices['brand-new-coin']?.usd).toBe(2);
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
    expect(fake.requestsTo('simple/price').flatMap((r) => r.query.get('ids')!.split(','))).toEqual([
      'brand-new-coin',
    ]);
  });

  it('knows only the built-in coins while the list cannot be loaded, and retries every 10 minutes', async () => {
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

  it('reads the list again after 6 hours', async () => {
    const { fake, clock, source } = await start();
    // The set-up moved the clock 300 ms past the first read.
    clock.advance(6 * HOUR - 301);
    await source.knownIds(['bitcoin']);
    expect(fake.requestsTo('coins/list')).toHaveLength(0);
    clock.advance(1);
    await source.knownIds(['bitcoin']);
    expect(fake.requestsTo('coins/list')).toHaveLength(1);
  });
});

describe('the coin list from the store', () => {
  it('answers from the stored list, never asks upstream for it, and re-reads it only when newer', async () => {
    const { fake, url, clock } = await start({}, {}, false);
    const store = createMemoryPriceStore(clock.now);
    store.saveCoinList([listedCoin('stored-coin', 'STC', 'Stored Coin')], clock.now());
    const source = createCoinGeckoPriceSource({ baseUrl: url, now: clock.now, sleep: clock.sleep, store });
    await expect(source.knownIds(['stored-coin', 'bitcoin', 'made-up'])).resolves.toEqual([
      'stored-coin',
      'bitcoin',
    ]);
    for (let i = 0; i < 50; i++) await source.knownIds(madeUp(100));
    expect(store.reads).toMatchObject({ refreshedAt: 1, list: 1 });

    clock.advance(60_000);
    await source.knownIds(['stored-coin']);
    expect(store.reads).toMatchObject({ refreshedAt: 2, list: 1 });
    store.saveCoinList([listedCoin('newer-coin', 'NEW', 'Newer Coin')], clock.now());
    clock.advance(60_000);
    await expect(source.knownIds(['stored-coin', 'newer-coin'])).resolves.toEqual(['newer-coin']);
    expect(store.reads).toMatchObject({ refreshedAt: 3, list: 2 });
    expect(fake.requests).toEqual([]);
  });

  it('knows the built-in coins while nothing is stored, without asking upstream', async () => {
    const { fake, url, clock } = await start({}, {}, false);
    const store = createMemoryPriceStore(clock.now);
    const source = createCoinGeckoPriceSource({ baseUrl: url, now: clock.now, sleep: clock.sleep, store });
    await expect(source.knownIds(['bitcoin', 'stored-coin'])).resolves.toEqual(['bitcoin']);
    expect(fake.requests).toEqual([]);
  });

  it('listCoins reads the list with the top ranks and images, and uses it at once', async () => {
    const { fake, url, clock } = await start({}, {}, false);
    const store = createMemoryPriceStore(clock.now);
    const source = createCoinGeckoPriceSource({
      baseUrl: url,
      now: clock.now,
      sleep: clock.sleep,
      store,
      coinListRankedPages: 2,
    });
    fake.addCoin({ id: 'listed-later', symbol: 'LTR', name: 'Listed Later', usd: 1 });
    const coins = (await source.listCoins())!;
    expect(coins.find((c) => c.id === 'bitcoin')).toEqual({
      id: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      marketCapRank: 1,
      image: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png',
    });
    expect(fake.requests.map((r) => r.route)).toEqual(['coins/list', 'coins/markets']);
    await expect(source.knownIds(['listed-later'])).resolves.toEqual(['listed-later']);
  });
});
