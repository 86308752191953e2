import { sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';

/**
 * Keys of the Postgres advisory locks Coinpace takes, in one place so no two jobs share one by
 * accident. (Migrations use 7_220_501, see connect.ts.)
 */
export const ADVISORY_LOCKS = {
  rearmAlerts: 7_220_601,
  lifecycleJobs: 7_220_602,
  betaSignupCount: 7_220_603,
  telegramPoller: 7_220_604,
} as const;

/** The rows of `db.execute`, which postgres.js returns as an array and PGlite as `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Runs `fn` in a transaction holding the advisory lock `key`, if no other session holds it: with
 * several workers running, one runs the job and the others skip it. The lock ends with the transaction.
 * @returns `{ ran: false }` when another session holds the lock.
 */
export async function withTryAdvisoryLock<T>(
  db: AppDb,
  key: number,
  fn: (tx: AppTx) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`),
    );
    if (!row?.locked) return { ran: false } as const;
    return { ran: true, value: await fn(tx) } as const;
  });
}
