import { findSubscription, loadBillingInfo, toSubscriptionState, type UserRecord } from '@coinpace/db';
import { hasActivePlan, type BillingInfo } from '@coinpace/domain';
import { applyReadBack } from './apply-subscription.ts';
import type { BillingDeps } from './billing-deps.ts';

/** How long after a read-back a passed period end is taken on trust before asking the provider again. */
const RECHECK_MS = 5 * 60 * 1000;

/**
 * GET /api/billing/user: the billing info of SPEC.md section 3. When the plan's period has ended and no event
 * has moved it on (a lost webhook; or the local provider, which has none), the subscription is read back
 * first, at most every five minutes. A failed read-back is logged and the stored info answered.
 */
export async function getBillingInfo(deps: BillingDeps, user: UserRecord): Promise<BillingInfo> {
  const now = deps.now();
  const row = await findSubscription(deps.db, user.id);
  const state = toSubscriptionState(row);
  const stale =
    row?.subscriptionId &&
    row.provider === deps.payments.name &&
    hasActivePlan(state) &&
    state.currentPeriodEnd !== undefined &&
    state.currentPeriodEnd.getTime() <= now.getTime() &&
    (!state.syncedAt || now.getTime() - state.syncedAt.getTime() >= RECHECK_MS);
  if (stale && row.subscriptionId) {
    try {
      await applyReadBack(deps, user.id, row.subscriptionId, 'period_ended');
    } catch (error) {
      deps.log.warn({ err: error, userId: user.id }, 'could not read the subscription back at period end');
    }
  }
  return loadBillingInfo(deps.db, user.id, now);
}
