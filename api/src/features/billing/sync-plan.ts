import { findSubscription, loadBillingInfo, type UserRecord } from '@coinpace/db';
import { AppError, type BillingChangeResponse } from '@coinpace/domain';
import { applyToUser } from './apply-subscription.ts';
import { type BillingDeps } from './billing-deps.ts';

/**
 * POST /api/billing/sync-plan: reads the user's subscription back from the provider and applies it, for when
 * a webhook was lost or the UI wants the provider's word now. A subscription the provider no longer knows
 * counts as ended. A user without a subscription just gets their billing info.
 */
export async function syncPlan(deps: BillingDeps, user: UserRecord): Promise<BillingChangeResponse> {
  const row = await findSubscription(deps.db, user.id);
  if (row?.subscriptionId && row.provider === deps.payments.name) {
    const subscriptionId = row.subscriptionId;
    const snapshot = await deps.payments.getSubscription(subscriptionId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    await applyToUser(
      deps,
      {
        userId: user.id,
        event: snapshot
          ? { kind: 'subscription', at: deps.now(), snapshot }
          : { kind: 'deleted', at: deps.now() },
        subscriptionId,
        customerId: snapshot?.customerId,
      },
      'plan_synced',
    );
  }
  const billing = await loadBillingInfo(deps.db, user.id, deps.now());
  return { success: true, plan: billing.plan, billing };
}
