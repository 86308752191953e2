/**
 * Choosing a plan (SPEC.md section 4, Checkout): the server answers
 * (a) upgrade: the plan changed at once; it is announced and the billing info reloaded (no page reload needed);
 * (b) current: the user is told it is their current plan, with the server's message;
 * (c) a checkout URL, which the browser goes to; an answer without one is 'No checkout URL received from server'.
 */
import type { CheckoutResponse, PlanView } from '@coinpace/domain';
import { AppError } from '@coinpace/domain';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';
import { createCheckout } from './billing-api.ts';
import { showBillingNotice } from './billing-notice.ts';
import { loadBilling } from './billing-store.ts';

export type ChoosePlanResult =
  | { kind: 'upgraded'; plan: string }
  | { kind: 'current'; message: string }
  | { kind: 'redirected'; url: string }
  | { kind: 'error'; message: string };

export interface ChoosePlanDeps {
  /** Sends the browser to the checkout page; default a full navigation. */
  goTo?: (url: string) => void;
  /** The origin the checkout returns to; default this page's. */
  origin?: string;
}

export async function choosePlan(plan: PlanView, deps: ChoosePlanDeps = {}): Promise<ChoosePlanResult> {
  if (useAuth.getState().status !== 'signedIn') {
    return { kind: 'error', message: 'User not authenticated. Please sign in to select a plan.' };
  }
  let answer: CheckoutResponse;
  try {
    answer = await createCheckout(plan.priceId, deps.origin);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NO_TOKEN') {
      return { kind: 'error', message: 'User not authenticated. Please sign in to select a plan.' };
    }
    return { kind: 'error', message: `Failed to start checkout process: ${errorMessage(error)}` };
  }
  if ('upgrade' in answer && answer.upgrade) {
    showBillingNotice('success', answer.message || `Your plan is now ${answer.plan}.`);
    await loadBilling();
    return { kind: 'upgraded', plan: answer.plan };
  }
  if ('current' in answer && answer.current) {
    const message = `This is your current plan. ${answer.message}`;
    showBillingNotice('info', message);
    return { kind: 'current', message };
  }
  const url = 'url' in answer ? answer.url : undefined;
  if (!url) {
    return {
      kind: 'error',
      message: 'Failed to start checkout process: No checkout URL received from server',
    };
  }
  (deps.goTo ?? ((to: string) => window.location.assign(to)))(url);
  return { kind: 'redirected', url };
}
