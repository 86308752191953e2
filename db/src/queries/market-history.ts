/**
 * Stored market history (the poller's backfill writes, the value charts read): points per coin,
 * currency, granularity and time, and the spans already asked of a source, so none is asked twice.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  missingSpans,
  type BucketPrice,
  type MarketGranularity,
  type MarketHistorySource,
  type MarketPoint,
  type TimeSpan,
} from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import {
  alerts,
  holdingTransactions,
  marketHistory,
  marketHistoryCoverage,
  portfolioItems,
} from '../schema/index.ts';
import { forgetDailyCloses } from './daily-closes.ts';
import { epochBuckets } from './epoch-buckets.ts';
import { rowsOf } from './locks.ts';

/** Rows per insert statement: well under Postgres' 65,535 bind parameters. */
const ROWS_PER_STATEMENT = 1_000;

/** Which history a call is about: a coin, the currency its prices are in, and a granularity. */
export interface MarketSeriesKey {
  coingeckoId: string;
  currency: string;
  granularity: MarketGranularity;
}

/** One answer of a history source for a span: its points (maybe none) and where they came from. */
export interface MarketHistoryBatch extends MarketSeriesKey {
  source: MarketHistorySource;
  /** The span asked: recorded as covered, points or not. */
  span: TimeSpan;
  points: readonly MarketPoint[];
}

/**
 * Stores a source's answer for a span in one transaction: its points (a time already stored keeps its
 * first price) and the span as covered, so it is never asked again.
 */
export async function saveMarketHistory(db: AppDb, batch: MarketHistoryBatch): Promise<void> {
  if (!(batch.span.to > batch.span.from)) return;
  const rows = batch.points
    .filter((p) => Number.isFinite(p.price) && p.price > 0 && Number.isFinite(p.at))
    .map((p) => ({
      coingeckoId: batch.coingeckoId,
      currency: batch.currency,
      granularity: batch.granularity,
      at: new Date(p.at),
      price: String(p.price),
      source: batch.source,
    }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await tx
        .insert(marketHistory)
        .values(rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflictDoNothing();
    }
    await tx
      .insert(marketHistoryCoverage)
      .values({
        coingeckoId: batch.coingeckoId,
        currency: batch.currency,
        granularity: batch.granularity,
        fromAt: new Date(batch.span.from),
        toAt: new Date(batch.span.to),
        source: batch.source,
      })
      .onConflictDoUpdate({
        target: [
          marketHistoryCoverage.coingeckoId,
          marketHistoryCoverage.currency,
          marketHistoryCoverage.granularity,
          marketHistoryCoverage.fromAt,
        ],
        set: { toAt: sql`greatest(${marketHistoryCoverage.toAt}, excluded.to_at)` },
      });
  });
  forgetDailyCloses(db, batch.coingeckoId);
}

/** The parts of `wanted` (epoch ms) of one series that no source has been asked for yet, oldest first. */
export async function findMarketHistoryGaps(
  db: AppDb,
  key: MarketSeriesKey,
  wanted: TimeSpan,
): Promise<TimeSpan[]> {
  if (!(wanted.to > wanted.from)) return [];
  const rows = await db
    .select({ from: marketHistoryCoverage.fromAt, to: marketHistoryCoverage.toAt })
    .from(marketHistoryCoverage)
    .where(
      and(
        eq(marketHistoryCoverage.coingeckoId, key.coingeckoId),
        eq(marketHistoryCoverage.currency, key.currency),
        eq(marketHistoryCoverage.granularity, key.granularity),
        lt(marketHistoryCoverage.fromAt, new Date(wanted.to)),
        gt(marketHistoryCoverage.toAt, new Date(wanted.from)),
      ),
    );
  return missingSpans(
    wanted,
    rows.map((r) => ({ from: r.from.getTime(), to: r.to.getTime() })),
  );
}

/** The stored points of one series in [from, to) (epoch ms), oldest first, with their sources. */
export async function readMarketHistory(
  db: AppDb,
  key: MarketSeriesKey,
  span: TimeSpan,
): Promise<(MarketPoint & { source: string })[]> {
  const rows = await db
    .select({ at: marketHistory.at, price: marketHistory.price, source: marketHistory.source })
    .from(marketHistory)
    .where(
      and(
        eq(marketHistory.coingeckoId, key.coingeckoId),
        eq(marketHistory.currency, key.currency),
        eq(marketHistory.granularity, key.granularity),
        gte(marketHistory.at, new Date(span.from)),
        lt(marketHistory.at, new Date(span.to)),
      ),
    )
    .orderBy(asc(marketHistory.at));
  return rows.map((r) => ({ at: r.at.getTime(), price: Number(r.price), source: r.source }));
}

/**
 * The coins whose history the poller keeps: every coin held (with the time of its earliest
 * transaction in any portfolio, null when it has none) and every coin of an alert (watched, null).
 * Asked every minute, so each holding's earliest transaction is one step down the index on
 * (holding_id, at): the cost grows with holdings, not with their transactions.
 */
export async function listHistoryCoins(
  db: AppDb,
): Promise<{ coingeckoId: string; firstTradeAt: number | null }[]> {
  const [held, watched] = await Promise.all([
    db.execute(sql`
      select p.coingecko_id as "id", min(f.at) as "first"
      from ${portfolioItems} p
      left join lateral (
        select t.at from ${holdingTransactions} t where t.holding_id = p.id order by t.at limit 1
      ) f on true
      where p.coingecko_id is not null
      group by p.coingecko_id`),
    db.selectDistinct({ id: alerts.coingeckoId }).from(alerts).where(isNotNull(alerts.coingeckoId)),
  ]);
  const coins = new Map<string, number | null>();
  for (const row of rowsOf<{ id: string; first: string | Date | null }>(held))
    coins.set(row.id, row.first ? new Date(row.first).getTime() : null);
  for (const row of watched) if (!coins.has(row.id!)) coins.set(row.id!, null);
  return [...coins]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([coingeckoId, firstTradeAt]) => ({ coingeckoId, firstTradeAt }));
}

/** The time of a holding's earliest transaction (epoch ms), or null when it has none: one index step. */
export async function findHoldingFirstTradeAt(db: AppDb, holdingId: string): Promise<number | null> {
  const [row] = await db
    .select({ at: holdingTransactions.at })
    .from(holdingTransactions)
    .where(eq(holdingTransactions.holdingId, holdingId))
    .orderBy(asc(holdingTransactions.at))
    .limit(1);
  return row ? new Date(row.at).getTime() : null;
}

/**
 * Deletes hourly points (and hourly spans covered) older than `before` (epoch ms): charts read days
 * that far back, and the daily series is kept. Returns how many points went.
 */
export async function pruneHourlyMarketHistory(db: AppDb, before: number): Promise<number> {
  const cutoff = new Date(before);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(marketHistory)
      .where(and(eq(marketHistory.granularity, 'hourly'), lt(marketHistory.at, cutoff)))
      .returning({ at: marketHistory.at });
    await tx
      .delete(marketHistoryCoverage)
      .where(and(eq(marketHistoryCoverage.granularity, 'hourly'), lte(marketHistoryCoverage.toAt, cutoff)));
    return deleted.length;
  });
}

/**
 * The stored dollar price of each coin in each `stepMs` bucket between `from` and `to` (epoch ms),
 * buckets aligned on the epoch as the recorded history's are: hourly points where stored, else daily,
 * the last of each bucket. Computed in SQL so a long history never leaves the database.
 */
export async function findMarketBucketPrices(
  db: AppDb,
  coinIds: readonly string[],
  range: { from: number; to: number; stepMs: number },
): Promise<BucketPrice[]> {
  if (coinIds.length === 0) return [];
  const { bucket, startMs } = epochBuckets(marketHistory.at, range.stepMs);
  const rows = await db
    .selectDistinctOn([marketHistory.coingeckoId, bucket], {
      coingeckoId: marketHistory.coingeckoId,
      t: startMs,
      usd: marketHistory.price,
    })
    .from(marketHistory)
    .where(
      and(
        inArray(marketHistory.coingeckoId, [...coinIds]),
        eq(marketHistory.currency, 'usd'),
        gte(marketHistory.at, new Date(range.from)),
        lte(marketHistory.at, new Date(range.to)),
      ),
    )
    .orderBy(
      marketHistory.coingeckoId,
      bucket,
      // 'hourly' sorts after 'daily': the finer series wins a bucket both have.
      desc(marketHistory.granularity),
      desc(marketHistory.at),
    );
  return rows.map((r) => ({ coingeckoId: r.coingeckoId, t: r.t, usd: Number(r.usd) }));
}

/** Each coin's last stored dollar price before `at` (epoch ms), of either granularity; coins without one are absent. */
export async function findMarketPricesBefore(
  db: AppDb,
  coinIds: readonly string[],
  at: number,
): Promise<Map<string, number>> {
  if (coinIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([marketHistory.coingeckoId], {
      coingeckoId: marketHistory.coingeckoId,
      usd: marketHistory.price,
    })
    .from(marketHistory)
    .where(
      and(
        inArray(marketHistory.coingeckoId, [...coinIds]),
        eq(marketHistory.currency, 'usd'),
        lt(marketHistory.at, new Date(at)),
      ),
    )
    .orderBy(marketHistory.coingeckoId, desc(marketHistory.at));
  return new Map(rows.map((r) => [r.coingeckoId, Number(r.usd)]));
}

/**
 * The stored daily dollar close of each coin in each `stepMs` bucket (a whole number of days, aligned on
 * the epoch) between `from` and `to` (epoch ms): the last close of each bucket. For long ranges of many
 * coins: each coin's closes are read in index order and a close is kept when the next one falls in
 * another bucket, so no sort of the whole span is needed (findMarketBucketPrices sorts every row). Each
 * coin's closes come back as one text of `t price` pairs: a row per coin rather than per coin and bucket
 * keeps the driver's per-row work off a reply of a hundred thousand buckets.
 */
export async function findDailyCloseBuckets(
  db: AppDb,
  coinIds: readonly string[],
  range: { from: number; to: number; stepMs: number },
): Promise<BucketPrice[]> {
  if (coinIds.length === 0) return [];
  const seconds = Math.max(1, Math.round(range.stepMs / 1000));
  const bin = (column: SQL) =>
    sql`date_bin(${sql.raw(`interval '${seconds} seconds'`)}, ${column}, timestamptz '1970-01-01 00:00:00+00')`;
  const result = await db.execute(sql`
    select c.id as "coingeckoId",
      string_agg((extract(epoch from ${bin(sql`m.at`)}) * 1000)::bigint::text || ' ' || m.price::text, ',' order by m.at) as "points"
    from jsonb_array_elements_text(${JSON.stringify(coinIds)}::jsonb) as c(id)
    cross join lateral (
      select h.at, h.price, lead(h.at) over (order by h.at) as next
      from market_history h
      where h.coingecko_id = c.id and h.currency = 'usd' and h.granularity = 'daily'
        and h.at >= ${new Date(range.from).toISOString()}::timestamptz
        and h.at <= ${new Date(range.to).toISOString()}::timestamptz
    ) m
    where m.next is null or ${bin(sql`m.next`)} <> ${bin(sql`m.at`)}
    group by c.id`);
  const buckets: BucketPrice[] = [];
  for (const row of rowsOf<{ coingeckoId: string; points: string }>(result)) {
    for (const pair of row.points.split(',')) {
      const space = pair.indexOf(' ');
      buckets.push({
        coingeckoId: row.coingeckoId,
        t: Number(pair.slice(0, space)),
        usd: Number(pair.slice(space + 1)),
      });
    }
  }
  return buckets;
}
