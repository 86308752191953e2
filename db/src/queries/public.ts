import { count, lt, sql } from 'drizzle-orm';
import type { BetaSignup, ContactMessage } from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { betaSignups, contactMessages } from '../schema/index.ts';
import { ADVISORY_LOCKS } from './locks.ts';

/** How many people are on the beta waitlist. */
export async function countBetaSignups(db: AppDb | AppTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(betaSignups);
  return Number(row?.n ?? 0);
}

export type BetaSignupOutcome =
  | { status: 'added'; count: number }
  | { status: 'full'; count: number }
  | { status: 'duplicate'; count: number };

/**
 * Adds one waitlist entry unless the e-mail is already on it or `limit` entries exist. Every caller
 * takes the same transaction-scoped advisory lock first, so the count read and the insert are one
 * step: concurrent sign-ups can never push the count past `limit` (on Postgres with many connections
 * and on PGlite alike).
 */
export async function addBetaSignup(db: AppDb, entry: BetaSignup, limit: number): Promise<BetaSignupOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.betaSignupCount})`);
    const [existing] = await tx
      .select({ id: betaSignups.id })
      .from(betaSignups)
      .where(sql`lower(${betaSignups.email}) = ${entry.email.toLowerCase()}`)
      .limit(1);
    const current = await countBetaSignups(tx);
    if (existing) return { status: 'duplicate', count: current } as const;
    if (current >= limit) return { status: 'full', count: current } as const;
    const inserted = await tx
      .insert(betaSignups)
      .values(entry)
      .onConflictDoNothing()
      .returning({ id: betaSignups.id });
    return inserted.length > 0
      ? ({ status: 'added', count: current + 1 } as const)
      : ({ status: 'duplicate', count: current } as const);
  });
}

/** Deletes waitlist entries created before `cutoff`; returns how many went. */
export async function purgeBetaSignups(db: AppDb | AppTx, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(betaSignups)
    .where(lt(betaSignups.createdAt, cutoff))
    .returning({ id: betaSignups.id });
  return removed.length;
}

/** Deletes contact messages sent before `cutoff`; returns how many went. */
export async function purgeContactMessages(db: AppDb | AppTx, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, cutoff))
    .returning({ id: contactMessages.id });
  return removed.length;
}

export type ContactMessageRecord = typeof contactMessages.$inferSelect;

/** Stores a contact-form message (in the caller's transaction when given one). */
export async function insertContactMessage(
  db: AppDb | AppTx,
  message: ContactMessage & { userId?: string | null },
): Promise<ContactMessageRecord> {
  const [row] = await db.insert(contactMessages).values(message).returning();
  return row!;
}
