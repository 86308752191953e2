import { isLocalPaymentProvider, type LocalPaymentProvider } from '@coinpace/adapters';
import type { UserRecord } from '@coinpace/db';
import {
  AppError,
  findPlan,
  type LocalCheckoutRecord,
  type LocalCheckoutResult,
  type LocalCheckoutView,
} from '@coinpace/domain';
import type { BillingDeps } from './billing-deps.ts';
import { applyPaidSession } from './confirm-payment.ts';
import { fillSessionId } from './return-urls.ts';

/**
 * The local checkout (DESIGN.md section 4, local payments only): the page /billing/local-checkout/{sessionId}
 * shows the session; confirming completes it and applies the subscription at once, then the browser goes to
 * the session's success URL with `session_id`; cancelling sends it to the cancel URL. Only the session's own
 * user may see or act on it; for anyone else, and with Stripe configured, it does not exist.
 */
export async function describeLocalCheckout(
  deps: BillingDeps,
  user: UserRecord,
  sessionId: string,
): Promise<LocalCheckoutView> {
  const session = await ownSession(localProvider(deps), user, sessionId);
  const plan = findPlan(session.planId)!;
  return {
    sessionId: session.id,
    status: session.status,
    plan: { id: plan.id, name: plan.name, price: plan.price },
    expiresAt: session.expiresAt.toISOString(),
  };
}

export async function completeLocalCheckout(
  deps: BillingDeps,
  user: UserRecord,
  sessionId: string,
): Promise<LocalCheckoutResult> {
  const local = localProvider(deps);
  const session = await ownSession(local, user, sessionId);
  const info = await local.completeCheckout(session.id);
  await applyPaidSession(deps, user.id, info.subscriptionId, info.status);
  return { url: fillSessionId(session.successUrl, session.id) };
}

export async function cancelLocalCheckout(
  deps: BillingDeps,
  user: UserRecord,
  sessionId: string,
): Promise<LocalCheckoutResult> {
  const local = localProvider(deps);
  const session = await ownSession(local, user, sessionId);
  await local.cancelCheckout(session.id);
  return { url: session.cancelUrl };
}

function localProvider(deps: BillingDeps): LocalPaymentProvider {
  if (!isLocalPaymentProvider(deps.payments)) {
    throw new AppError('NOT_FOUND', { message: 'Local checkout is not used: payments go through Stripe.' });
  }
  return deps.payments;
}

async function ownSession(
  local: LocalPaymentProvider,
  user: UserRecord,
  sessionId: string,
): Promise<LocalCheckoutRecord> {
  const session = await local.describeCheckout(sessionId);
  if (session.userId !== user.id) throw new AppError('NOT_FOUND', { message: 'Checkout session not found.' });
  return session;
}
