import { loadBillingInfo, type UserRecord } from '@coinpace/db';
import { AppError, type PaymentSuccess, type PaymentSuccessResponse } from '@coinpace/domain';
import { applyReadBack } from './apply-subscription.ts';
import { assertSelf, planNameOf, type BillingDeps } from './billing-deps.ts';

/**
 * POST /api/billing/payment-success (DESIGN.md section 7): reads the checkout session and its subscription
 * back from the provider and applies them at once, so the user need not wait for a webhook. Another user's
 * session is NOT_FOUND. An unpaid or expired session answers `success: false` with the plan in force.
 */
export async function confirmPayment(
  deps: BillingDeps,
  user: UserRecord,
  input: PaymentSuccess,
): Promise<PaymentSuccessResponse> {
  assertSelf(input, user);
  const session = await deps.payments.getCheckoutSession(input.sessionId);
  if (session.userId !== user.id) throw new AppError('NOT_FOUND', { message: 'Checkout session not found.' });
  return applyPaidSession(deps, user.id, session.subscriptionId, session.status);
}

/** Reads a completed session's subscription back and applies it; shared with the local checkout page. */
export async function applyPaidSession(
  deps: BillingDeps,
  userId: string,
  subscriptionId: string | null,
  status: 'open' | 'complete' | 'expired',
): Promise<PaymentSuccessResponse> {
  if (status !== 'complete' || !subscriptionId) {
    const info = await loadBillingInfo(deps.db, userId, deps.now());
    return {
      success: false,
      plan: info.plan,
      message:
        status === 'open'
          ? 'The payment has not been completed yet.'
          : 'This checkout ended without a payment.',
    };
  }
  const result = await applyReadBack(deps, userId, subscriptionId, 'payment_succeeded');
  // An old session of a subscription since replaced leaves the live one alone (after = before): answer what
  // is in force.
  const plan = planNameOf(result.after);
  return { success: plan !== 'None', plan };
}
