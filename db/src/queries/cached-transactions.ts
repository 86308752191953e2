/**
 * Each user's transactions kept in memory between reads of the performance figures: a long history is
 * tens of thousands of rows, read and decoded on every request otherwise, and it changes only when the
 * user's transactions or holdings are written. Every read first takes a stamp of the rows in the
 * database (their count and the sum of the writing transaction ids, `xmin`, of each transaction and its
 * holding: an aggregate over the user's rows, no row leaves the server), so a write by any process, this
 * one or another on the same database, is seen on the next read. The stamp is read before the rows: a
 * write that lands in between leaves rows newer than their stamp, which only means one more read.
 */
import { sql } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { rowsOf } from './locks.ts';
import {
  inDollarsOfTheirDay,
  readUserTransactions,
  type StoredUserTransaction,
  type UserTransaction,
  type UserTransactionSpan,
} from './performance.ts';

interface CachedTransactions {
  stamp: string;
  rows: StoredUserTransaction[];
  span: UserTransactionSpan;
  /** Whether every row is in dollars: then the rows are the answer as they are. */
  allUsd: boolean;
}

/** Rows kept per database handle, all users together (some MB); the least recently read users go first. */
const MAX_ROWS = 250_000;

const caches = new WeakMap<AppDb, Map<string, CachedTransactions>>();

/**
 * The stamp of the user's transactions: it changes with any insert, update or delete of one of them or of
 * one of their holdings (an update gives a row a newer writing transaction id; a delete lowers the count,
 * and a delete with an insert changes the sum, as the new id is not the old one).
 */
export async function readTransactionStamp(db: AppDb, userId: string): Promise<string> {
  const result = await db.execute(sql`
    select count(*)::text || ':' ||
      coalesce(sum(t.xmin::text::bigint + i.xmin::text::bigint), 0)::text as "stamp"
    from holding_transactions t
    join portfolio_items i on i.id = t.holding_id
    where i.user_id = ${userId}`);
  return rowsOf<{ stamp: string }>(result)[0]?.stamp ?? '';
}

/** The first time and the coins of the priced transactions, as findUserTransactionSpan answers. */
function spanOf(rows: readonly StoredUserTransaction[]): UserTransactionSpan {
  let firstAt: number | null = null;
  const coins = new Set<string>();
  for (const row of rows) {
    if (row.coingeckoId === null) continue;
    coins.add(row.coingeckoId);
    if (firstAt === null || row.at < firstAt) firstAt = row.at;
  }
  return { firstAt, coinIds: [...coins].sort() };
}

/**
 * The user's transactions in history order, price and fee in dollars (as listUserTransactions answers),
 * and their span, from memory while the stored rows are unchanged. Rows in another currency are
 * converted on every read, at the stored rates of their days.
 */
export async function cachedUserTransactions(
  db: AppDb,
  userId: string,
): Promise<{
  span: UserTransactionSpan;
  transactions: readonly UserTransaction[];
  /**
   * The stamp of the stored rows when the answer depends on nothing else; null when some rows are in
   * another currency (their dollar amounts then also follow the stored rates).
   */
  stamp: string | null;
}> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const stamp = await readTransactionStamp(db, userId);
  let entry = cache.get(userId);
  cache.delete(userId);
  if (entry?.stamp !== stamp) {
    const rows = await readUserTransactions(db, userId);
    entry = { stamp, rows, span: spanOf(rows), allUsd: rows.every((r) => r.currency === 'usd') };
  }
  cache.set(userId, entry);
  let kept = 0;
  for (const e of cache.values()) kept += e.rows.length;
  for (const [id, e] of cache) {
    if (kept <= MAX_ROWS || id === userId) break;
    cache.delete(id);
    kept -= e.rows.length;
  }
  // Shared with the next reads: the caller only reads them.
  if (entry.allUsd) return { span: entry.span, transactions: entry.rows, stamp };
  return { span: entry.span, transactions: await inDollarsOfTheirDay(db, entry.rows), stamp: null };
}
