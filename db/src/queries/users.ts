import { TransactionRollbackError, and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, type CostMethod, type DisplayCurrency } from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { localCredentials, users } from '../schema/index.ts';
import { preparedPerDb } from './prepared.ts';

export type UserRecord = typeof users.$inferSelect;

/** The live (not deleted) user with this identity subject. */
export async function findUserBySubject(db: AppDb, subject: string): Promise<UserRecord | undefined> {
  const [row] = await userBySubjectQuery(db).execute({ subject });
  return row;
}

/** Built once per database handle: every signed-in request looks its user up (requireUser). */
const userBySubjectQuery = preparedPerDb((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.identitySubject, sql.placeholder('subject')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('user_by_subject'),
);

export async function findUserById(db: AppDb, id: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Returns the user for an identity subject, creating it on first sight. Safe under concurrent
 * first requests: the unique subject index decides, and the loser reads the winner's row.
 * @throws AppError BAD_TOKEN (401) when the subject belongs to a deleted account.
 */
export async function ensureUser(
  db: AppDb,
  subject: string,
  profile: { email?: string | null; firstName?: string | null } = {},
): Promise<UserRecord> {
  const existing = await findUserBySubject(db, subject);
  if (existing) return existing;
  const [created] = await db
    .insert(users)
    .values({ identitySubject: subject, email: profile.email ?? null, firstName: profile.firstName ?? null })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const winner = await findUserBySubject(db, subject);
  if (winner) return winner;
  // The subject's account was deleted (a tombstone holds it): its old tokens sign in to nothing.
  throw new AppError('BAD_TOKEN', { message: 'This account has been deleted.' });
}

/** Updates contact fields given (undefined leaves a field as it is). */
export async function updateUserProfile(
  db: AppDb,
  userId: string,
  changes: {
    email?: string | null;
    firstName?: string | null;
    phone?: string | null;
    costMethod?: CostMethod;
    displayCurrency?: DisplayCurrency;
  },
): Promise<UserRecord> {
  const set: Record<string, unknown> = Object.fromEntries(
    Object.entries(changes).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(set).length === 0) return (await findUserById(db, userId))!;
  // A new address or number is not confirmed yet; the same value keeps its confirmation.
  if (changes.email !== undefined) {
    set.emailVerifiedAt = sql`case when ${users.email} is not distinct from ${changes.email} then ${users.emailVerifiedAt} end`;
  }
  if (changes.phone !== undefined) {
    set.phoneVerifiedAt = sql`case when ${users.phone} is not distinct from ${changes.phone} then ${users.phoneVerifiedAt} end`;
  }
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  return row!;
}

/** A local account to make. */
export interface NewLocalAccount {
  subject: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  /**
   * When the sign-in e-mail was confirmed; default now. A local account is made only once the link e-mailed
   * at sign-up is opened (README, 'Confirmed alert destinations').
   */
  emailVerifiedAt?: Date;
}

/** Creates a local account (user and credential) in one transaction; null when the e-mail is taken. */
export async function createLocalAccount(db: AppDb, account: NewLocalAccount): Promise<UserRecord | null> {
  return db
    .transaction((tx) => insertLocalAccount(tx, account))
    .catch((error: unknown) => {
      if (isRollback(error)) return null;
      throw error;
    });
}

/**
 * Inserts a local account's user and credential in the caller's transaction; null when the e-mail is
 * taken. An e-mail taken meanwhile by a concurrent insert rolls the transaction back (TransactionRollbackError).
 */
export async function insertLocalAccount(tx: AppTx, account: NewLocalAccount): Promise<UserRecord | null> {
  const [taken] = await tx
    .select({ userId: localCredentials.userId })
    .from(localCredentials)
    .where(sql`lower(${localCredentials.email}) = ${account.email.toLowerCase()}`)
    .limit(1);
  if (taken) return null;
  const [user] = await tx
    .insert(users)
    .values({
      identitySubject: account.subject,
      email: account.email,
      firstName: account.firstName,
      emailVerifiedAt: account.emailVerifiedAt ?? new Date(),
    })
    .returning();
  const [credential] = await tx
    .insert(localCredentials)
    .values({ userId: user!.id, email: account.email, passwordHash: account.passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!credential) tx.rollback();
  return user!;
}

/** The credential and live user for a local e-mail. */
export async function findLocalAccount(db: AppDb, email: string) {
  const [row] = await db
    .select({ user: users, passwordHash: localCredentials.passwordHash })
    .from(localCredentials)
    .innerJoin(users, eq(users.id, localCredentials.userId))
    .where(and(sql`lower(${localCredentials.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * The sign-in e-mail and password hash of a user's local account; undefined for an account of the identity
 * provider or a deleted one. For checks of the password outside sign-in (account deletion).
 */
export async function findLocalCredential(
  db: AppDb,
  userId: string,
): Promise<{ email: string; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ email: localCredentials.email, passwordHash: localCredentials.passwordHash })
    .from(localCredentials)
    .innerJoin(users, eq(users.id, localCredentials.userId))
    .where(and(eq(localCredentials.userId, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Replaces the stored password hash of a local account (a rehash at sign-in with today's cost). */
export async function updateLocalPasswordHash(
  db: AppDb,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.update(localCredentials).set({ passwordHash }).where(eq(localCredentials.userId, userId));
}

function isRollback(error: unknown): boolean {
  return error instanceof TransactionRollbackError;
}
