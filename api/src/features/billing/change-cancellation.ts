import { findSubscription, loadBillingInfo, toSubscriptionState, type UserRecord } from '@coinpace/db';
import { AppError, hasActivePlan, type BillingChangeResponse } from '@coinpace/domain';
import { applyToUser, providerWord } from './apply-subscription.ts';
import { planNameOf, type BillingDeps } from './billing-deps.ts';

/**
 * POST cancel-subscription (`cancel` true) and reactivate-subscription (false), DESIGN.md section 7:
 * Active -> Active with cancelAtPeriodEnd (access until the period ends) -> back to renewing.
 * Without a plan in force there is nothing to cancel or reactivate: 409.
 */
export async function changeCancellation(
  deps: BillingDeps,
  user: UserRecord,
  cancel: boolean,
): Promise<BillingChangeResponse> {
  const row = await findSubscription(deps.db, user.id);
  const state = toSubscriptionState(row);
  if (!row?.subscriptionId || row.provider !== deps.payments.name || !hasActivePlan(state)) {
    throw new AppError('CONFLICT', {
      message: cancel
        ? 'You have no active plan to cancel.'
        : 'There is no plan to reactivate: it has ended. Please choose a plan to subscribe again.',
    });
  }
  const subscriptionId = row.subscriptionId;
  const word = await providerWord(deps, subscriptionId, () =>
    deps.payments.setCancelAtPeriodEnd(subscriptionId, cancel),
  );
  const result = await applyToUser(
    deps,
    { userId: user.id, words: [word], customerId: word.snapshot?.customerId },
    cancel ? 'subscription_canceled' : 'subscription_reactivated',
  );
  return {
    success: true,
    plan: planNameOf(result.after),
    billing: await loadBillingInfo(deps.db, user.id, deps.now()),
  };
}
