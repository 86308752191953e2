/** Cancel Plan and Reactivate Plan (SPEC.md section 4, Subscription), with SPEC.md section 8's failure texts. */
import { formatDate as formatDay } from '@coinpace/domain';
import { cancelSubscription, reactivateSubscription } from './billing-api.ts';
import { showBillingNotice } from './billing-notice.ts';
import { useBilling } from './billing-store.ts';

/** A billing date ('Apr 15, 2026', the provider's day in UTC); '' when there is none. */
const formatDate = (iso: string | null) => (iso ? formatDay(iso, { timeZone: 'UTC' }) : '');

/** Sets the plan to end at the period's end; true when it worked. */
export async function cancelPlan(): Promise<boolean> {
  try {
    const { billing } = await cancelSubscription();
    useBilling.setState({ status: 'ready', info: billing, error: null });
    showBillingNotice(
      'info',
      `Your plan is cancelled. You keep ${billing.plan} until ${formatDate(billing.billingCycleEnd)}.`,
    );
    return true;
  } catch {
    showBillingNotice('error', 'Failed to cancel subscription');
    return false;
  }
}

/** Undoes a cancellation before the period ends; true when it worked. */
export async function reactivatePlan(): Promise<boolean> {
  try {
    const { billing } = await reactivateSubscription();
    useBilling.setState({ status: 'ready', info: billing, error: null });
    showBillingNotice('success', `Your ${billing.plan} plan is active again and will renew.`);
    return true;
  } catch {
    showBillingNotice('error', 'Failed to reactivate subscription');
    return false;
  }
}

export { formatDate as formatBillingDate };
