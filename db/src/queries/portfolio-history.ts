import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { BucketPrice } from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import { latestPrices, portfolioItems, priceHistory } from '../schema/index.ts';
import { epochBuckets } from './epoch-buckets.ts';

/** A user's priced holdings for the value chart: CoinGecko id and quantity (numbers, for charting). */
export async function listHeldCoins(
  db: AppDb,
  userId: string,
): Promise<{ coingeckoId: string; quantity: number }[]> {
  const rows = await db
    .select({ coingeckoId: portfolioItems.coingeckoId, quantity: portfolioItems.quantity })
    .from(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), sql`${portfolioItems.coingeckoId} is not null`))
    .orderBy(asc(portfolioItems.createdAt));
  return rows.map((r) => ({ coingeckoId: r.coingeckoId!, quantity: Number(r.quantity) }));
}

/**
 * The last recorded price of each coin in each `stepMs` bucket between `from` and `to` (epoch ms),
 * buckets aligned on the epoch like historyWindow. One row per coin and bucket, computed in SQL so a
 * long history never leaves the database.
 */
export async function findBucketPrices(
  db: AppDb,
  coinIds: readonly string[],
  range: { from: number; to: number; stepMs: number },
): Promise<BucketPrice[]> {
  if (coinIds.length === 0) return [];
  const { bucket, startMs } = epochBuckets(priceHistory.bucketAt, range.stepMs);
  const rows = await db
    .selectDistinctOn([priceHistory.coingeckoId, bucket], {
      coingeckoId: priceHistory.coingeckoId,
      t: startMs,
      usd: priceHistory.usd,
    })
    .from(priceHistory)
    .where(
      and(
        inArray(priceHistory.coingeckoId, [...coinIds]),
        gte(priceHistory.bucketAt, new Date(range.from)),
        lte(priceHistory.bucketAt, new Date(range.to)),
      ),
    )
    .orderBy(priceHistory.coingeckoId, bucket, desc(priceHistory.bucketAt));
  return rows.map((r) => ({ coingeckoId: r.coingeckoId, t: r.t, usd: Number(r.usd) }));
}

/** Each coin's last recorded price before `at` (epoch ms); coins without one are absent. */
export async function findPricesBefore(
  db: AppDb,
  coinIds: readonly string[],
  at: number,
): Promise<Map<string, number>> {
  if (coinIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([priceHistory.coingeckoId], {
      coingeckoId: priceHistory.coingeckoId,
      usd: priceHistory.usd,
    })
    .from(priceHistory)
    .where(and(inArray(priceHistory.coingeckoId, [...coinIds]), lt(priceHistory.bucketAt, new Date(at))))
    .orderBy(priceHistory.coingeckoId, desc(priceHistory.bucketAt));
  return new Map(rows.map((r) => [r.coingeckoId, Number(r.usd)]));
}

/** Each coin's latest accepted price; coins without one are absent. */
export async function findLatestPrices(db: AppDb, coinIds: readonly string[]): Promise<Map<string, number>> {
  if (coinIds.length === 0) return new Map();
  const rows = await db
    .select({ coingeckoId: latestPrices.coingeckoId, usd: latestPrices.usd })
    .from(latestPrices)
    .where(inArray(latestPrices.coingeckoId, [...coinIds]));
  return new Map(rows.map((r) => [r.coingeckoId, Number(r.usd)]));
}
