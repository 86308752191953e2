import { eq } from 'drizzle-orm';
import type { AppTx } from '../connect.ts';
import { deletePendingSignUps } from './pending-sign-ups.ts';
import {
  alertDestinations,
  alertEvents,
  alerts,
  checkoutSessions,
  localCards,
  localCredits,
  localInvoices,
  contactMessages,
  contactVerifications,
  exchangeAccounts,
  localCredentials,
  outboxMessages,
  portfolioItems,
  subscriptions,
  usagePeriods,
  users,
  wallets,
} from '../schema/index.ts';

export interface DeleteAccountOptions {
  /**
   * Free the identity subject, so the same identity signing in again starts a new account (the lifecycle
   * job deletes accounts whose identity record lives on at the provider). Without it the tombstone keeps
   * the subject, and an old session token of a user who deleted their account is refused instead of
   * quietly creating a fresh account.
   */
  releaseSubject: boolean;
}

/**
 * Deletes an account inside the caller's transaction (SPEC.md section 4, Account deletion; the lifecycle
 * jobs of SPEC.md section 9): holdings, wallets, exchange accounts and their keys, alerts and their events and destinations, messages waiting or sent to the user, billing
 * rows, checkout sessions, pending address confirmations and the local sign-in credential go; the users row
 * stays as a scrubbed tombstone (no e-mail, name or phone, nothing confirmed; `deletedAt` set). Contact-form messages are support's records and stay,
 * unlinked from the account.
 * @returns false when there was no user with this id.
 */
export async function deleteAccountData(
  tx: AppTx,
  userId: string,
  now: Date,
  options: DeleteAccountOptions,
): Promise<boolean> {
  // The user's wallets and exchange accounts are locked first, as a refresh or a sync locks its row before
  // the holdings it writes: the two then wait for each other instead of deadlocking on the holdings.
  await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId)).for('update');
  await tx
    .select({ id: exchangeAccounts.id })
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.userId, userId))
    .for('update');
  await tx.delete(outboxMessages).where(eq(outboxMessages.userId, userId));
  await tx.delete(alertEvents).where(eq(alertEvents.userId, userId));
  await tx.delete(alerts).where(eq(alerts.userId, userId));
  // The alert channels' webhooks, browsers and chats (with their delivery logs) go with the alerts.
  await tx.delete(alertDestinations).where(eq(alertDestinations.userId, userId));
  await tx.delete(portfolioItems).where(eq(portfolioItems.userId, userId));
  // The addresses tracked go with the holdings (and their refreshes stop), and so do the exchange
  // accounts with their sealed API keys: nothing of a key outlives the account.
  await tx.delete(wallets).where(eq(wallets.userId, userId));
  await tx.delete(exchangeAccounts).where(eq(exchangeAccounts.userId, userId));
  await tx.delete(usagePeriods).where(eq(usagePeriods.userId, userId));
  await tx.delete(checkoutSessions).where(eq(checkoutSessions.userId, userId));
  await tx.delete(localInvoices).where(eq(localInvoices.userId, userId));
  await tx.delete(localCards).where(eq(localCards.userId, userId));
  await tx.delete(localCredits).where(eq(localCredits.userId, userId));
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await tx.delete(localCredentials).where(eq(localCredentials.userId, userId));
  // A code or link waiting to confirm one of the account's addresses dies with it.
  await tx.delete(contactVerifications).where(eq(contactVerifications.userId, userId));
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (account?.email) await deletePendingSignUps(tx, account.email);
  await tx.update(contactMessages).set({ userId: null }).where(eq(contactMessages.userId, userId));
  const updated = await tx
    .update(users)
    .set({
      ...(options.releaseSubject ? { identitySubject: `deleted_${userId}` } : {}),
      email: null,
      firstName: null,
      phone: null,
      emailVerifiedAt: null,
      phoneVerifiedAt: null,
      deletionWarnedAt: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
