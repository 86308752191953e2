/**
 * Price storage (DESIGN.md section 1): the tracked set the poller polls, the latest accepted price of each
 * coin, and a downsampled price history. Prices are numeric in Postgres and numbers in a PriceMap.
 */
import { and, eq, gt, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { PriceMap, PriceQuote } from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import { alerts, latestPrices, portfolioItems, priceHistory, trackedCoins } from '../schema/index.ts';

/** Rows per insert statement: well under Postgres' 65,535 bind parameters. */
const ROWS_PER_STATEMENT = 1_000;

/** A coin someone asked the poller to keep prices for (SPEC.md 'Tracked coin'). */
export interface TrackedCoin {
  coingeckoId: string;
  name: string;
  symbol: string;
  address: string | null;
  /** Why it was first tracked: ticker, portfolio, alert or manual. */
  reason: string;
  /** When it was last asked for (tracked again, held, alerted). */
  lastRequestedAt: Date;
}

/** What the poller should poll besides the fixed ids. */
export interface TrackedSetOptions {
  /** Always included (the ten ticker coins). */
  fixedIds: readonly string[];
  /** Tracked-coin rows last asked for before this are left out, so one-off tracks expire. */
  requestedSince: Date;
}

/**
 * The ids the poller polls, sorted: the fixed ids, every coin held in any portfolio, every coin of any
 * alert (watch-list alerts included), and every tracked-coin row asked for since `requestedSince`.
 */
export async function listTrackedIds(db: AppDb, options: TrackedSetOptions): Promise<string[]> {
  const [held, alerted, tracked] = await Promise.all([
    db
      .selectDistinct({ id: portfolioItems.coingeckoId })
      .from(portfolioItems)
      .where(isNotNull(portfolioItems.coingeckoId)),
    db.selectDistinct({ id: alerts.coingeckoId }).from(alerts).where(isNotNull(alerts.coingeckoId)),
    db
      .select({ id: trackedCoins.coingeckoId })
      .from(trackedCoins)
      .where(gt(trackedCoins.lastRequestedAt, options.requestedSince)),
  ]);
  const ids = new Set(options.fixedIds);
  for (const row of [...held, ...alerted, ...tracked]) if (row.id) ids.add(row.id);
  return [...ids].sort();
}

/**
 * The ids among `ids` that Coinpace follows: with a stored price, held in a portfolio, on an alert, or in
 * the tracked set (however long ago asked for). One indexed look-up per table, never a scan; the gateway
 * and the price stream watch only such ids.
 */
export async function findFollowedCoinIds(db: AppDb, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = [...new Set(ids)];
  const [priced, held, alerted, tracked] = await Promise.all([
    db
      .select({ id: latestPrices.coingeckoId })
      .from(latestPrices)
      .where(inArray(latestPrices.coingeckoId, list)),
    db
      .selectDistinct({ id: portfolioItems.coingeckoId })
      .from(portfolioItems)
      .where(inArray(portfolioItems.coingeckoId, list)),
    // Active alerts only, the partial index's rows: a paused alert's coin is polled, so it has a price.
    db
      .selectDistinct({ id: alerts.coingeckoId })
      .from(alerts)
      .where(and(inArray(alerts.coingeckoId, list), eq(alerts.status, 'Active'))),
    db
      .select({ id: trackedCoins.coingeckoId })
      .from(trackedCoins)
      .where(inArray(trackedCoins.coingeckoId, list)),
  ]);
  const found = new Set<string>();
  for (const row of [...priced, ...held, ...alerted, ...tracked]) if (row.id) found.add(row.id);
  return found;
}

/** Adds a coin to the tracked set, or marks it as asked for again (keeping its first reason). */
export async function trackCoin(
  db: AppDb,
  coin: { coingeckoId: string; name: string; symbol: string; address?: string | null },
  reason = 'manual',
  at: Date = new Date(),
): Promise<void> {
  await db
    .insert(trackedCoins)
    .values({
      coingeckoId: coin.coingeckoId,
      name: coin.name,
      symbol: coin.symbol,
      address: coin.address ?? null,
      reason,
      lastRequestedAt: at,
    })
    .onConflictDoUpdate({
      target: trackedCoins.coingeckoId,
      set: {
        lastRequestedAt: at,
        address: sql`coalesce(excluded.address, ${trackedCoins.address})`,
      },
    });
}

/** Every tracked-coin row, most recently asked for first (at most `limit`). */
export async function listTrackedCoins(db: AppDb, limit = 1_000): Promise<TrackedCoin[]> {
  return db
    .select({
      coingeckoId: trackedCoins.coingeckoId,
      name: trackedCoins.name,
      symbol: trackedCoins.symbol,
      address: trackedCoins.address,
      reason: trackedCoins.reason,
      lastRequestedAt: trackedCoins.lastRequestedAt,
    })
    .from(trackedCoins)
    .orderBy(sql`${trackedCoins.lastRequestedAt} desc`, trackedCoins.coingeckoId)
    .limit(limit);
}

/** The latest stored price of a coin. */
export interface StoredPrice {
  quote: PriceQuote;
  /** coingecko or simulated. */
  source: string;
  /** When the poller stored it; alerts ignore prices older than two poll intervals. */
  receivedAt: Date;
}

/**
 * Stores quotes as the latest prices, all with `receivedAt` (even an unchanged quote is stored again, so
 * `received_at` says how fresh the price is). Only live or simulated quotes belong here, never built-in
 * fallback prices.
 */
export async function saveLatestPrices(
  db: AppDb,
  quotes: PriceMap,
  source: string,
  receivedAt: Date,
): Promise<void> {
  const rows = Object.entries(quotes).map(([coingeckoId, quote]) => ({
    coingeckoId,
    usd: decimalOf(quote.usd),
    change24h: quote.usd_24h_change,
    lastUpdated: new Date(quote.last_updated * 1000),
    source,
    receivedAt,
  }));
  for (const chunk of chunks(rows)) {
    await db
      .insert(latestPrices)
      .values(chunk)
      .onConflictDoUpdate({
        target: latestPrices.coingeckoId,
        set: {
          usd: sql`excluded.usd`,
          change24h: sql`excluded.change24h`,
          lastUpdated: sql`excluded.last_updated`,
          source: sql`excluded.source`,
          receivedAt: sql`excluded.received_at`,
        },
      });
  }
}

/** The latest stored prices of the given ids (all stored prices when `ids` is omitted). */
export async function loadLatestPrices(
  db: AppDb,
  ids?: readonly string[],
): Promise<Record<string, StoredPrice>> {
  if (ids && ids.length === 0) return {};
  const rows = await db
    .select()
    .from(latestPrices)
    .where(ids ? inArray(latestPrices.coingeckoId, [...ids]) : undefined);
  const result: Record<string, StoredPrice> = {};
  for (const row of rows) {
    result[row.coingeckoId] = {
      quote: {
        usd: Number(row.usd),
        usd_24h_change: row.change24h,
        last_updated: Math.floor(row.lastUpdated.getTime() / 1000),
      },
      source: row.source,
      receivedAt: row.receivedAt,
    };
  }
  return result;
}

/**
 * Records quotes in the price history bucket that starts at `bucketAt`: one row per coin and bucket, the
 * last quote of the bucket winning.
 */
export async function recordPriceHistory(db: AppDb, quotes: PriceMap, bucketAt: Date): Promise<void> {
  const rows = Object.entries(quotes).map(([coingeckoId, quote]) => ({
    coingeckoId,
    bucketAt,
    usd: decimalOf(quote.usd),
  }));
  for (const chunk of chunks(rows)) {
    await db
      .insert(priceHistory)
      .values(chunk)
      .onConflictDoUpdate({
        target: [priceHistory.coingeckoId, priceHistory.bucketAt],
        set: { usd: sql`excluded.usd` },
      });
  }
}

/**
 * Downsamples old history: rows older than `olderThan` are kept only when their bucket starts on a
 * multiple of `keepEveryMs` (e.g. the hour). Returns how many rows were deleted.
 */
export async function prunePriceHistory(db: AppDb, olderThan: Date, keepEveryMs: number): Promise<number> {
  const keepEverySeconds = Math.max(1, Math.round(keepEveryMs / 1000));
  const deleted = await db
    .delete(priceHistory)
    .where(
      and(
        lt(priceHistory.bucketAt, olderThan),
        sql`(extract(epoch from ${priceHistory.bucketAt})::bigint % ${keepEverySeconds}) <> 0`,
      ),
    )
    .returning({ id: priceHistory.coingeckoId });
  return deleted.length;
}

/** A coin's history between two times, oldest first. */
export async function loadPriceHistory(
  db: AppDb,
  coingeckoId: string,
  from: Date,
  to: Date,
): Promise<{ at: Date; usd: number }[]> {
  const rows = await db
    .select({ at: priceHistory.bucketAt, usd: priceHistory.usd })
    .from(priceHistory)
    .where(
      and(
        eq(priceHistory.coingeckoId, coingeckoId),
        gte(priceHistory.bucketAt, from),
        lte(priceHistory.bucketAt, to),
      ),
    )
    .orderBy(priceHistory.bucketAt);
  return rows.map((row) => ({ at: row.at, usd: Number(row.usd) }));
}

/** A price as text numeric accepts ('97000.5', '1e-7'); numeric keeps 18 decimals. */
function decimalOf(usd: number): string {
  return String(usd);
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}
