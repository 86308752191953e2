/**
 * The signed-in user's billing info (GET /api/billing/user), shared by the portfolio banner, the
 * pricing modal, the alerts screen and the account screen.
 */
import type { BillingInfo } from '@coinpace/domain';
import { create } from 'zustand';
import { api, errorMessage } from '../../lib/api-client.ts';

export interface BillingState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Null until loaded; after a failed load, the pending fallback of SPEC.md section 8. */
  info: BillingInfo | null;
  error: string | null;
}

export const useBilling = create<BillingState>(() => ({ status: 'idle', info: null, error: null }));

/** SPEC.md section 8: 'A billing fetch failure falls back to a pending state with zero limits.' */
export const PENDING_BILLING: BillingInfo = Object.freeze({
  plan: 'None',
  planStatus: 'pending',
  accountStatus: 'Pending',
  isInTrial: false,
  daysRemaining: 30,
  cancelAtPeriodEnd: false,
  billingCycleEnd: null,
  planLimits: Object.freeze({ totalAlerts: 0, smsAlerts: 0, emailAlerts: 0 }),
  alertUsage: Object.freeze({ alertsSent: 0, remaining: 0 }),
}) as BillingInfo;

/** Loads the billing info; on failure keeps the pending fallback and 'Failed to load billing information'. */
export async function loadBilling(): Promise<BillingInfo> {
  useBilling.setState({ status: 'loading' });
  try {
    const info = await api<BillingInfo>('/api/billing/user');
    useBilling.setState({ status: 'ready', info, error: null });
    return info;
  } catch (error) {
    useBilling.setState({
      status: 'error',
      info: PENDING_BILLING,
      error: `Failed to load billing information: ${errorMessage(error)}`,
    });
    return PENDING_BILLING;
  }
}

/**
 * Whether the user has a plan that unlocks alerts. SPEC.md section 2/4: no billing info, plan 'None' or
 * account status 'Pending' all count as no plan.
 */
export function hasActivePlan(info: BillingInfo | null | undefined): boolean {
  return Boolean(info && info.plan !== 'None' && info.accountStatus !== 'Pending');
}

export function resetBilling(): void {
  useBilling.setState({ status: 'idle', info: null, error: null });
}
