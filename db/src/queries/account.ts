import { eq } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import {
  alertEvents,
  alerts,
  checkoutSessions,
  contactMessages,
  localCredentials,
  outboxMessages,
  portfolioItems,
  subscriptions,
  usagePeriods,
  users,
} from '../schema/index.ts';

/**
 * Deletes a user's data in one transaction (SPEC.md section 4, Account deletion): holdings, alerts and their
 * events, messages waiting or sent to them, billing rows, and the local sign-in credential. The users row stays
 * as a scrubbed tombstone (no e-mail, name or phone; `deletedAt` set) so the identity subject cannot quietly
 * come back as a fresh account while an old session token is still valid. Contact-form messages are
 * support's records and stay, unlinked from the account.
 */
export async function deleteUserData(db: AppDb, userId: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(outboxMessages).where(eq(outboxMessages.userId, userId));
    await tx.delete(alertEvents).where(eq(alertEvents.userId, userId));
    await tx.delete(alerts).where(eq(alerts.userId, userId));
    await tx.delete(portfolioItems).where(eq(portfolioItems.userId, userId));
    await tx.delete(usagePeriods).where(eq(usagePeriods.userId, userId));
    await tx.delete(checkoutSessions).where(eq(checkoutSessions.userId, userId));
    await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
    await tx.delete(localCredentials).where(eq(localCredentials.userId, userId));
    await tx.update(contactMessages).set({ userId: null }).where(eq(contactMessages.userId, userId));
    await tx
      .update(users)
      .set({ email: null, firstName: null, phone: null, deletionWarnedAt: null, deletedAt: at })
      .where(eq(users.id, userId));
  });
}
