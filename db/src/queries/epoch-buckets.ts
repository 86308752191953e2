import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A time column grouped into `stepMs` buckets aligned on the epoch (as the charts' windows are), and each
 * bucket's start in epoch ms. The interval is inlined, not a parameter: a DISTINCT ON and its ORDER BY
 * must be the same expression, and two parameters are two expressions to Postgres. An integer number of
 * seconds is safe to inline.
 */
export function epochBuckets(column: AnyColumn, stepMs: number): { bucket: SQL; startMs: SQL<number> } {
  const seconds = Math.max(1, Math.round(stepMs / 1000));
  const bucket = sql`date_bin(${sql.raw(`interval '${seconds} seconds'`)}, ${column}, timestamptz '1970-01-01 00:00:00+00')`;
  return { bucket, startMs: sql<number>`(extract(epoch from ${bucket}) * 1000)::float8`.mapWith(Number) };
}
