import { deleteAccountData, findSubscription, type UserRecord } from '@coinpace/db';
import { AppError, type SelfOnly } from '@coinpace/domain';
import { assertSelf, publishBillingUpdate, type BillingDeps } from './billing-deps.ts';

/** Subscription statuses the provider may still bill. */
const BILLABLE = new Set(['trialing', 'active', 'past_due', 'incomplete']);

/**
 * DELETE /api/billing/delete-account (SPEC.md section 4, Account deletion), in an order that can be retried:
 * 1. the user's open checkout sessions are expired (none can be paid afterwards), and the live subscription,
 *    and any a session paid just before started, is cancelled now at the provider (not at the period's end),
 *    so nothing is charged again; if the provider fails, nothing else happens;
 * 2. the identity is deleted at the identity provider where it allows it (Clerk with CLERK_SECRET_KEY);
 * 3. the user's data and local credential are deleted, leaving a scrubbed tombstone (deleteAccountData).
 * A failure in 1 or 2 answers 503 with the account intact, so the user can try again.
 */
export async function deleteAccount(
  deps: BillingDeps,
  user: UserRecord,
  input: SelfOnly,
): Promise<{ success: true }> {
  assertSelf(input, user);
  const row = await findSubscription(deps.db, user.id);
  const ours = row?.provider === deps.payments.name;
  const paid = await deps.payments.closeCheckouts({
    userId: user.id,
    customerId: ours ? (row?.customerId ?? null) : null,
  });
  const live = ours && row?.subscriptionId && BILLABLE.has(row.status) ? [row.subscriptionId] : [];
  for (const subscriptionId of new Set([...live, ...paid])) await cancelNow(deps, subscriptionId);
  if (deps.identity.admin && !deps.identity.local) await deps.identity.admin.deleteUser(user.identitySubject);
  const at = deps.now();
  await deps.db.transaction((tx) => deleteAccountData(tx, user.id, at, { releaseSubject: false }));
  deps.log.info({ userId: user.id }, 'account deleted');
  await publishBillingUpdate(deps, user.id, 'None', 'account_deleted');
  return { success: true };
}

/** Ends a subscription now; one the provider no longer knows is already gone. */
async function cancelNow(deps: BillingDeps, subscriptionId: string): Promise<void> {
  await deps.payments.cancelNow(subscriptionId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return;
    throw error;
  });
}
