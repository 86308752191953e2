import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing.ts';
import {
  createDbPriceStore,
  loadCoinList,
  loadCoinListState,
  replaceCoinList,
  type StoredCoin,
} from './coin-list.ts';
import { saveLatestPrices } from './prices.ts';

const serverUrl = process.env.DATABASE_URL;
const coin = (id: string, rank: number | null = null): StoredCoin => ({
  id,
  symbol: id.slice(0, 3),
  name: `Coin ${id}`,
  marketCapRank: rank,
  image: rank === null ? null : `https://img.example/${id}.png`,
});

describe.each(testEngines(serverUrl))('the stored coin list on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores nothing at first, then replaces the whole list at once', async () => {
    const { db } = database;
    const store = createDbPriceStore(db);
    expect(await loadCoinListState(db)).toBeNull();
    expect(await store.coinListRefreshedAt()).toBeNull();

    await replaceCoinList(
      db,
      [coin('alpha', 1), coin('beta'), coin('alpha', 7)],
      new Date('2026-11-28T06:00:00Z'),
    );
    expect(await loadCoinListState(db)).toEqual({ refreshedAt: new Date('2026-11-28T06:00:00Z'), coins: 2 });
    expect((await store.readCoinList()).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      coin('alpha', 1),
      coin('beta'),
    ]);

    // A coin delisted since goes; the refresh time moves.
    await replaceCoinList(db, [coin('beta', 3), coin('gamma')], new Date('2026-11-28T12:00:00Z'));
    expect((await loadCoinList(db)).map((c) => c.id).sort()).toEqual(['beta', 'gamma']);
    expect(await store.coinListRefreshedAt()).toBe(Date.parse('2026-11-28T12:00:00Z'));
  });

  it('stores 20,000 coins', async () => {
    const { db } = database;
    const many = Array.from({ length: 20_000 }, (_, i) => coin(`coin-${i}`, i < 1000 ? i + 1 : null));
    await replaceCoinList(db, many, new Date());
    expect((await loadCoinListState(db))?.coins).toBe(20_000);
    expect(await loadCoinList(db)).toHaveLength(20_000);
  });

  it('reads the latest prices received within a given age', async () => {
    const { db } = database;
    const quote = { usd: 2, usd_24h_change: 1, last_updated: 1_700_000_000 };
    await saveLatestPrices(db, { fresh: quote }, 'coingecko', new Date());
    await saveLatestPrices(db, { old: quote }, 'coingecko', new Date(Date.now() - 600_000));
    const prices = await createDbPriceStore(db).readLatestPrices(['fresh', 'old', 'none'], 300_000);
    expect(prices).toEqual({ fresh: quote });
  });
});
