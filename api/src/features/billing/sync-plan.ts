import { findSubscription, loadBillingInfo, type UserRecord } from '@coinpace/db';
import type { BillingChangeResponse } from '@coinpace/domain';
import { applyReadBack } from './apply-subscription.ts';
import { type BillingDeps } from './billing-deps.ts';

/**
 * POST /api/billing/sync-plan: reads the user's subscription back from the provider and applies it, for when
 * a webhook was lost or the UI wants the provider's word now. A subscription the provider no longer knows
 * counts as ended. A user without a subscription just gets their billing info.
 */
export async function syncPlan(deps: BillingDeps, user: UserRecord): Promise<BillingChangeResponse> {
  const row = await findSubscription(deps.db, user.id);
  if (row?.subscriptionId && row.provider === deps.payments.name) {
    await applyReadBack(deps, user.id, row.subscriptionId, 'plan_synced');
  }
  const billing = await loadBillingInfo(deps.db, user.id, deps.now());
  return { success: true, plan: billing.plan, billing };
}
