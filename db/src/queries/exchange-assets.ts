/**
 * Exchange asset codes and coins: the user's own choice of coin for a code (overrides, which win over
 * the coin list) and the stored coin list's coins of a symbol.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { exchangeAccounts, exchangeAssetOverrides, listedCoins } from '../schema/index.ts';

/** The user's coin choices for ambiguous asset codes (upper case). */
export async function exchangeAssetOverrideMap(db: AppDb, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ asset: exchangeAssetOverrides.asset, coingeckoId: exchangeAssetOverrides.coingeckoId })
    .from(exchangeAssetOverrides)
    .where(eq(exchangeAssetOverrides.userId, userId));
  return new Map(rows.map((r) => [r.asset.toUpperCase(), r.coingeckoId]));
}

export async function setExchangeAssetOverride(
  db: AppDb,
  userId: string,
  asset: string,
  coingeckoId: string,
): Promise<void> {
  await db
    .insert(exchangeAssetOverrides)
    .values({ userId, asset: asset.toUpperCase(), coingeckoId })
    .onConflictDoUpdate({
      target: [exchangeAssetOverrides.userId, exchangeAssetOverrides.asset],
      set: { coingeckoId },
    });
}

/** Coins of the stored coin list whose symbol is one of `symbols` (any case). */
export async function listedCoinsBySymbol(
  db: AppDb,
  symbols: string[],
): Promise<{ id: string; symbol: string; marketCapRank: number | null }[]> {
  if (symbols.length === 0) return [];
  return db
    .select({
      id: listedCoins.coingeckoId,
      symbol: listedCoins.symbol,
      marketCapRank: listedCoins.marketCapRank,
    })
    .from(listedCoins)
    .where(
      inArray(
        sql`lower(${listedCoins.symbol})`,
        symbols.map((s) => s.toLowerCase()),
      ),
    );
}

/**
 * The user's coin for an asset code, for every later sync of every account (the override), and the
 * accounts that had it unmapped read their history again from the start (their cursor cleared), so the
 * movements they passed over are imported; each is still stored once, by its external reference.
 */
export async function mapExchangeAsset(
  db: AppDb,
  userId: string,
  asset: string,
  coingeckoId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(exchangeAssetOverrides)
      .values({ userId, asset, coingeckoId })
      .onConflictDoUpdate({
        target: [exchangeAssetOverrides.userId, exchangeAssetOverrides.asset],
        set: { coingeckoId },
      });
    const accounts = await tx
      .select({ id: exchangeAccounts.id, unmappedAssets: exchangeAccounts.unmappedAssets })
      .from(exchangeAccounts)
      .where(eq(exchangeAccounts.userId, userId))
      .for('update');
    for (const account of accounts) {
      if (!account.unmappedAssets?.includes(asset)) continue;
      await tx
        .update(exchangeAccounts)
        .set({ cursor: null, unmappedAssets: account.unmappedAssets.filter((a) => a !== asset) })
        .where(eq(exchangeAccounts.id, account.id));
    }
  });
}
