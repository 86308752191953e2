import { eq } from 'drizzle-orm';
import type { AppTx } from '../connect.ts';
import {
  alertEvents,
  alerts,
  checkoutSessions,
  localCredentials,
  outboxMessages,
  portfolioItems,
  subscriptions,
  usagePeriods,
  users,
} from '../schema/index.ts';

/**
 * Deletes an account inside the caller's transaction: every row the user owns goes (holdings, alerts
 * and their events, local credential, subscription mirror, usage, checkout sessions, queued and sent
 * messages), and the user row stays as a tombstone with no personal data (schema users.ts). The identity
 * subject is freed, so the same person signing in again starts a new account.
 * @returns false when there was no live user with this id.
 */
export async function tombstoneUser(tx: AppTx, userId: string, now: Date): Promise<boolean> {
  await tx.delete(outboxMessages).where(eq(outboxMessages.userId, userId));
  await tx.delete(alertEvents).where(eq(alertEvents.userId, userId));
  await tx.delete(alerts).where(eq(alerts.userId, userId));
  await tx.delete(portfolioItems).where(eq(portfolioItems.userId, userId));
  await tx.delete(localCredentials).where(eq(localCredentials.userId, userId));
  await tx.delete(checkoutSessions).where(eq(checkoutSessions.userId, userId));
  await tx.delete(usagePeriods).where(eq(usagePeriods.userId, userId));
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  const updated = await tx
    .update(users)
    .set({
      identitySubject: `deleted_${userId}`,
      email: null,
      firstName: null,
      phone: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
