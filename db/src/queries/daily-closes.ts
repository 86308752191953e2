/**
 * Each coin's stored daily dollar closes, kept in memory between requests: the long ranges of the
 * performance chart read a coin's whole daily series (five years are some 1,800 closes per coin, a few
 * hundred coins per user), and that series only changes when the backfill stores history. A coin's
 * series is read again when its stamp changes: its first and last stored day and its recorded coverage
 * (every write of history records the span it covered, so another process' write shows there); a write
 * in this process forgets the coin at once.
 */
import { scaledPrice18, type BucketPrice } from '@coinpace/domain';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { rowsOf } from './locks.ts';

/** One coin's daily closes in time order, and what they were read under. */
interface CloseSeries {
  stamp: string;
  /** Epoch ms, ascending. */
  at: Float64Array;
  usd: Float64Array;
  /** The closes scaled by 10^18, worked out on the first read that needs them (the performance walk's form). */
  usd18: bigint[] | null;
}

/** Coins kept per database: a few MB at most; the least recently read go first. */
const MAX_COINS = 4_000;

const caches = new WeakMap<AppDb, Map<string, CloseSeries>>();

function cacheOf(db: AppDb): Map<string, CloseSeries> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets a coin's cached closes (history of it was just stored through this database handle). */
export function forgetDailyCloses(db: AppDb, coingeckoId: string): void {
  caches.get(db)?.delete(coingeckoId);
}

/** The stamp of each coin's daily dollar series: index probes and a few coverage rows, no scan of the closes. */
async function readStamps(db: AppDb, coinIds: readonly string[]): Promise<Map<string, string>> {
  if (coinIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select c.id as "coingeckoId", concat_ws('|',
      (select min(h.at) from market_history h
        where h.coingecko_id = c.id and h.currency = 'usd' and h.granularity = 'daily'),
      (select max(h.at) from market_history h
        where h.coingecko_id = c.id and h.currency = 'usd' and h.granularity = 'daily'),
      (select count(*)::text || ':' || coalesce(sum(extract(epoch from v.to_at)), 0)::text
        from market_history_coverage v
        where v.coingecko_id = c.id and v.currency = 'usd' and v.granularity = 'daily')) as "stamp"
    from jsonb_array_elements_text(${JSON.stringify(coinIds)}::jsonb) as c(id)`);
  return new Map(rowsOf<{ coingeckoId: string; stamp: string }>(result).map((r) => [r.coingeckoId, r.stamp]));
}

/** Whole daily series of some coins, one row of `t price` pairs per coin. */
async function readSeries(db: AppDb, coinIds: readonly string[]): Promise<Map<string, CloseSeries>> {
  const result = await db.execute(sql`
    select h.coingecko_id as "coingeckoId",
      string_agg((extract(epoch from h.at) * 1000)::bigint::text || ' ' || h.price::text, ',' order by h.at) as "points"
    from market_history h
    where h.coingecko_id in (select jsonb_array_elements_text(${JSON.stringify(coinIds)}::jsonb))
      and h.currency = 'usd' and h.granularity = 'daily'
    group by h.coingecko_id`);
  const series = new Map<string, CloseSeries>();
  for (const row of rowsOf<{ coingeckoId: string; points: string }>(result)) {
    const pairs = row.points.split(',');
    const at = new Float64Array(pairs.length);
    const usd = new Float64Array(pairs.length);
    pairs.forEach((pair, i) => {
      const space = pair.indexOf(' ');
      at[i] = Number(pair.slice(0, space));
      usd[i] = Number(pair.slice(space + 1));
    });
    series.set(row.coingeckoId, { stamp: '', at, usd, usd18: null });
  }
  return series;
}

/**
 * The stored daily dollar close of each coin in each `stepMs` bucket (a whole number of days, aligned on
 * the epoch) between `from` and `to` (epoch ms): the last close of each bucket, as findDailyCloseBuckets
 * answers, from the closes kept in memory (read again for a coin whose stored series changed).
 */
export async function cachedDailyCloseBuckets(
  db: AppDb,
  coinIds: readonly string[],
  range: { from: number; to: number; stepMs: number },
): Promise<BucketPrice[]> {
  if (coinIds.length === 0) return [];
  return (await cachedDailyCloses(db, coinIds)).buckets(range);
}

/** Some coins' kept daily closes, brought up to date with the database. */
export interface DailyCloses {
  /** The coins' stamps together: the same while none of their stored series changed. */
  stamp: string;
  /** The last close of each coin in each bucket of the range, as cachedDailyCloseBuckets answers. */
  buckets(range: { from: number; to: number; stepMs: number }): BucketPrice[];
}

/** The coins' daily closes kept in memory (read again for a coin whose stored series changed). */
export async function cachedDailyCloses(db: AppDb, coinIds: readonly string[]): Promise<DailyCloses> {
  const cache = cacheOf(db);
  const stamps = await readStamps(db, coinIds);
  const stale = coinIds.filter((id) => cache.get(id)?.stamp !== stamps.get(id));
  if (stale.length > 0) {
    const read = await readSeries(db, stale);
    for (const id of stale) {
      const series = read.get(id) ?? {
        stamp: '',
        at: new Float64Array(0),
        usd: new Float64Array(0),
        usd18: null,
      };
      series.stamp = stamps.get(id) ?? '';
      cache.delete(id);
      cache.set(id, series);
    }
    for (const id of cache.keys()) {
      if (cache.size <= MAX_COINS) break;
      cache.delete(id);
    }
  }
  return {
    stamp: coinIds.map((id) => stamps.get(id) ?? '').join(';'),
    buckets: (range) => pickBuckets(cache, coinIds, range),
  };
}

function pickBuckets(
  cache: Map<string, CloseSeries>,
  coinIds: readonly string[],
  range: { from: number; to: number; stepMs: number },
): BucketPrice[] {
  const step = Math.max(1, Math.round(range.stepMs / 1000)) * 1000;
  const bin = (t: number) => Math.floor(t / step) * step;
  const buckets: BucketPrice[] = [];
  for (const id of coinIds) {
    const series = cache.get(id);
    if (!series) continue;
    // Recently read coins stay longest.
    cache.delete(id);
    cache.set(id, series);
    const { at, usd } = series;
    // A stored close is positive and finite; one that is not gets no scaled form (the walk skips it).
    const usd18 = (series.usd18 ??= Array.from(usd, (p) =>
      Number.isFinite(p) && p > 0 ? scaledPrice18(p) : 0n,
    ));
    let i = lowerBound(at, range.from);
    for (; i < at.length && at[i]! <= range.to; i += 1) {
      const t = bin(at[i]!);
      if (i + 1 === at.length || at[i + 1]! > range.to || bin(at[i + 1]!) !== t) {
        buckets.push({ coingeckoId: id, t, usd: usd[i]!, usd18: usd18[i]! });
      }
    }
  }
  return buckets;
}

/** The first index whose time is at or after `t`. */
function lowerBound(at: Float64Array, t: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
