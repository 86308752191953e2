/** Pending confirmations of alert destinations; see schema `contactVerifications`. */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { contactVerifications, users } from '../schema/index.ts';
import type { UserRecord } from './users.ts';

export type ContactVerificationRecord = typeof contactVerifications.$inferSelect;

export async function findContactVerification(
  db: AppDb | AppTx,
  userId: string,
  channel: string,
): Promise<ContactVerificationRecord | undefined> {
  const [row] = await db
    .select()
    .from(contactVerifications)
    .where(and(eq(contactVerifications.userId, userId), eq(contactVerifications.channel, channel)))
    .limit(1);
  return row;
}

/** Stores a new secret for the user's channel, replacing any earlier one (its tries start again). */
export async function saveContactVerification(
  db: AppDb | AppTx,
  row: Omit<typeof contactVerifications.$inferInsert, 'id' | 'attempts' | 'createdAt'>,
): Promise<void> {
  await db
    .insert(contactVerifications)
    .values(row)
    .onConflictDoUpdate({
      target: [contactVerifications.userId, contactVerifications.channel],
      set: {
        destination: row.destination,
        secretHash: row.secretHash,
        expiresAt: row.expiresAt,
        sentAt: row.sentAt,
        attempts: 0,
      },
    });
}

/**
 * Takes one try of the row, in one conditional update, before its code is compared: concurrent confirms
 * each take their own try, so a burst gets no more comparisons than `maxAttempts`.
 * @returns the row as it is after the try (its current secret and count), or undefined when the row is
 *   gone, expired at `now`, or has no try left.
 */
export async function takeVerificationTry(
  db: AppDb | AppTx,
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<ContactVerificationRecord | undefined> {
  const [row] = await db
    .update(contactVerifications)
    .set({ attempts: sql`${contactVerifications.attempts} + 1` })
    .where(
      and(
        eq(contactVerifications.id, id),
        lt(contactVerifications.attempts, maxAttempts),
        gt(contactVerifications.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * Marks the channel's destination confirmed, if it is still the profile's, and drops the pending row.
 * @returns the user as changed, or undefined when the profile no longer holds `destination`.
 */
export async function confirmContactDestination(
  db: AppDb,
  verification: ContactVerificationRecord,
  now: Date,
): Promise<UserRecord | undefined> {
  return db.transaction(async (tx) => {
    const isEmail = verification.channel === 'email';
    const [user] = await tx
      .update(users)
      .set(isEmail ? { emailVerifiedAt: now } : { phoneVerifiedAt: now })
      .where(
        and(
          eq(users.id, verification.userId),
          eq(isEmail ? users.email : users.phone, verification.destination),
        ),
      )
      .returning();
    await tx.delete(contactVerifications).where(eq(contactVerifications.id, verification.id));
    return user;
  });
}
