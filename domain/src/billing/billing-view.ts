import { findPlan, type PlanName } from '../plans.ts';
import { hasActivePlan, type SubscriptionState } from './subscription-state.ts';

/** Days counted when no billing period is known (SPEC.md section 9, usage banner). */
export const DEFAULT_DAYS_REMAINING = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'Pending': no paid plan in force (never subscribed, checkout not finished, incomplete payment, or ended).
 * The web app blocks alert creation and shows the plan picker for it (SPEC.md section 4).
 * 'Active': a plan in force, including a trial and a plan that ends at the period's end.
 * 'PastDue': a plan in force whose last payment failed; features stay on while the provider retries.
 */
export type AccountStatus = 'Pending' | 'Active' | 'PastDue';

/** planStatus in the words SPEC.md uses ('pending', 'trial', 'active', ...). */
export type PlanStatus = 'none' | 'pending' | 'trial' | 'active' | 'past_due' | 'canceled' | 'incomplete';

/** The billing info of SPEC.md section 3, as GET /api/billing/user answers it. */
export interface BillingInfo {
  plan: 'None' | PlanName;
  planStatus: PlanStatus;
  accountStatus: AccountStatus;
  isInTrial: boolean;
  /** Whole days until the current period ends (rounded up, never negative); 30 when no period is known. */
  daysRemaining: number;
  cancelAtPeriodEnd: boolean;
  /** ISO 8601 end of the current billing period, or null when there is none. */
  billingCycleEnd: string | null;
  /** The plan's allowances; all zero without an active plan. */
  planLimits: { totalAlerts: number; smsAlerts: number; emailAlerts: number };
  /** Notifications sent this period and how many are left of `planLimits.totalAlerts` (never negative). */
  alertUsage: { alertsSent: number; remaining: number };
}

/** Notifications delivered in the current billing period (db table `usage_periods`). */
export interface AlertUsage {
  alertsSent: number;
}

const PLAN_STATUS: Record<SubscriptionState['status'], PlanStatus> = {
  none: 'none',
  pending: 'pending',
  trialing: 'trial',
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
};

/** Builds the billing info a user sees from their subscription state and usage, at time `now`. */
export function billingView(state: SubscriptionState, usage: AlertUsage, now: Date): BillingInfo {
  const plan = hasActivePlan(state) ? findPlan(state.planId) : undefined;
  const limits = plan
    ? {
        totalAlerts: plan.features.totalAlerts,
        smsAlerts: plan.features.smsAlerts,
        emailAlerts: plan.features.emailAlerts,
      }
    : { totalAlerts: 0, smsAlerts: 0, emailAlerts: 0 };
  const alertsSent = Math.max(0, Math.floor(usage.alertsSent));
  const end = state.currentPeriodEnd;

  return {
    plan: plan ? plan.name : 'None',
    planStatus: PLAN_STATUS[state.status],
    accountStatus: !plan ? 'Pending' : state.status === 'past_due' ? 'PastDue' : 'Active',
    isInTrial: plan !== undefined && state.status === 'trialing',
    daysRemaining: end
      ? Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS))
      : DEFAULT_DAYS_REMAINING,
    cancelAtPeriodEnd: plan !== undefined && state.cancelAtPeriodEnd,
    billingCycleEnd: end ? end.toISOString() : null,
    planLimits: limits,
    alertUsage: { alertsSent, remaining: Math.max(0, limits.totalAlerts - alertsSent) },
  };
}
