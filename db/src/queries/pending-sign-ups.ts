/** Local sign-ups waiting for their e-mailed link; see schema `pendingSignUps`. */
import { TransactionRollbackError, and, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { pendingSignUps } from '../schema/index.ts';
import { insertLocalAccount, type UserRecord } from './users.ts';

export type NewPendingSignUp = Omit<typeof pendingSignUps.$inferInsert, 'id' | 'createdAt'>;

/** Stores a sign-up until its link is opened, and drops sign-ups whose links ran out by `now`. */
export async function savePendingSignUp(db: AppDb | AppTx, row: NewPendingSignUp, now: Date): Promise<void> {
  await db.delete(pendingSignUps).where(lte(pendingSignUps.expiresAt, now));
  await db.insert(pendingSignUps).values(row);
}

/** What opening a sign-up link did. */
export type CompletedSignUp =
  /** The account is made, its e-mail confirmed now. */
  | { outcome: 'created'; user: UserRecord }
  /** No live sign-up has this token (unknown, used, or expired). */
  | { outcome: 'invalid' }
  /** The e-mail has an account already (another link of it was opened first). */
  | { outcome: 'taken' };

/**
 * Makes the local account of the sign-up whose token hashes to `tokenHash`, its e-mail confirmed at `now`,
 * and drops every pending sign-up of that e-mail, in one transaction. Two links opened at once make one
 * account: the unique credential e-mail decides, and the other answers `taken`.
 */
export async function completePendingSignUp(
  db: AppDb,
  tokenHash: string,
  subject: string,
  now: Date,
): Promise<CompletedSignUp> {
  return db
    .transaction(async (tx): Promise<CompletedSignUp> => {
      const [pending] = await tx
        .delete(pendingSignUps)
        .where(and(eq(pendingSignUps.tokenHash, tokenHash), gt(pendingSignUps.expiresAt, now)))
        .returning();
      if (!pending) return { outcome: 'invalid' };
      await tx
        .delete(pendingSignUps)
        .where(sql`lower(${pendingSignUps.email}) = ${pending.email.toLowerCase()}`);
      const user = await insertLocalAccount(tx, {
        subject,
        email: pending.email,
        passwordHash: pending.passwordHash,
        firstName: pending.firstName,
        emailVerifiedAt: now,
      });
      return user ? { outcome: 'created', user } : { outcome: 'taken' };
    })
    .catch((error: unknown): CompletedSignUp => {
      if (error instanceof TransactionRollbackError) return { outcome: 'taken' };
      throw error;
    });
}

/** Drops the pending sign-ups of `email` (an account deleted, say), in the caller's transaction. */
export async function deletePendingSignUps(db: AppDb | AppTx, email: string): Promise<void> {
  await db.delete(pendingSignUps).where(sql`lower(${pendingSignUps.email}) = ${email.toLowerCase()}`);
}
