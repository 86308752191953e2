/**
 * CoinGecko's coin list as the poller role stores it a few times a day, and the store every process
 * reads it (and the poller's latest prices) from, so ids are checked and coins searched without an
 * upstream call (the prices adapter's PriceStore).
 */
import { eq } from 'drizzle-orm';
import type { PriceMap } from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import { coinListState, listedCoins } from '../schema/index.ts';
import { loadLatestPrices } from './prices.ts';

/** One coin of the list (the prices adapter's ListedCoin). */
export interface StoredCoin {
  id: string;
  symbol: string;
  name: string;
  marketCapRank: number | null;
  image: string | null;
}

/** Rows per insert statement: five parameters each, well under Postgres' 65,535. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * Replaces the stored list with `coins`, refreshed at `at`, in one transaction: readers see the old
 * list or the new one, never a mix or none. Duplicate ids keep their first entry.
 */
export async function replaceCoinList(db: AppDb, coins: readonly StoredCoin[], at: Date): Promise<void> {
  const byId = new Map<string, StoredCoin>();
  for (const coin of coins) if (coin.id && !byId.has(coin.id)) byId.set(coin.id, coin);
  const rows = [...byId.values()].map((coin) => ({
    coingeckoId: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    marketCapRank: coin.marketCapRank,
    image: coin.image,
  }));
  await db.transaction(async (tx) => {
    await tx.delete(listedCoins);
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await tx.insert(listedCoins).values(rows.slice(i, i + ROWS_PER_STATEMENT));
    }
    await tx
      .insert(coinListState)
      .values({ id: 1, refreshedAt: at, coins: rows.length })
      .onConflictDoUpdate({ target: coinListState.id, set: { refreshedAt: at, coins: rows.length } });
  });
}

/** When the stored list was refreshed and how many coins it holds, or null when none is stored. */
export async function loadCoinListState(db: AppDb): Promise<{ refreshedAt: Date; coins: number } | null> {
  const [row] = await db
    .select({ refreshedAt: coinListState.refreshedAt, coins: coinListState.coins })
    .from(coinListState)
    .where(eq(coinListState.id, 1));
  return row ?? null;
}

/** Every stored coin. */
export async function loadCoinList(db: AppDb): Promise<StoredCoin[]> {
  const rows = await db.select().from(listedCoins);
  return rows.map((row) => ({
    id: row.coingeckoId,
    symbol: row.symbol,
    name: row.name,
    marketCapRank: row.marketCapRank,
    image: row.image,
  }));
}

/** The prices adapter's PriceStore over `db`: the stored coin list and the poller's latest prices. */
export function createDbPriceStore(db: AppDb) {
  return {
    async coinListRefreshedAt(): Promise<number | null> {
      return (await loadCoinListState(db))?.refreshedAt.getTime() ?? null;
    },
    readCoinList: () => loadCoinList(db),
    async readLatestPrices(ids: readonly string[], maxAgeMs: number): Promise<PriceMap> {
      const stored = await loadLatestPrices(db, ids);
      const since = Date.now() - maxAgeMs;
      const fresh: PriceMap = {};
      for (const [id, entry] of Object.entries(stored)) {
        if (entry.receivedAt.getTime() > since) fresh[id] = entry.quote;
      }
      return fresh;
    },
  };
}
