import { findSubscription, toSubscriptionState, type UserRecord } from '@coinpace/db';
import {
  AppError,
  findPlan,
  hasActivePlan,
  type CheckoutResponse,
  type CreateCheckout,
} from '@coinpace/domain';
import { applyToUser, providerWord } from './apply-subscription.ts';
import { assertSelf, type BillingDeps } from './billing-deps.ts';
import { returnUrls } from './return-urls.ts';

/**
 * POST /api/billing/create-checkout-session (SPEC.md section 4, Checkout). A user with a live subscription
 * changes plan in place: `current` when it is the plan they have, else `upgrade` (up or down, at once, prorated
 * by the provider). Everyone else gets a checkout `url`; their state waits as 'pending' until it is paid.
 * `requestOrigin` is the origin the browser called us on: return URLs must point back to it or to PUBLIC_URL.
 */
export async function createCheckoutSession(
  deps: BillingDeps,
  user: UserRecord,
  input: CreateCheckout,
  requestOrigin: string,
): Promise<CheckoutResponse> {
  assertSelf(input, user);
  const planId = deps.payments.planForPriceId(input.priceId);
  const plan = planId ? findPlan(planId) : undefined;
  if (!planId || !plan) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Unknown plan: priceId is not one of the prices of GET /api/billing/plans.',
      details: [{ path: 'priceId', message: 'Unknown plan' }],
    });
  }

  const row = await findSubscription(deps.db, user.id);
  const state = toSubscriptionState(row);
  if (row?.subscriptionId && row.provider === deps.payments.name && hasActivePlan(state)) {
    if (state.planId === planId) {
      return { current: true, plan: plan.name, message: `${plan.name} is already your current plan.` };
    }
    const subscriptionId = row.subscriptionId;
    const word = await providerWord(deps, subscriptionId, () =>
      deps.payments.changePlan(subscriptionId, planId),
    );
    await applyToUser(
      deps,
      { userId: user.id, words: [word], customerId: word.snapshot?.customerId },
      'plan_changed',
    );
    if (word.snapshot?.planId !== planId) {
      throw new AppError('CONFLICT', {
        message: `The payment for ${plan.name} did not go through, so your plan is unchanged. Please check your card and try again.`,
      });
    }
    return { upgrade: true, plan: plan.name, message: `Your plan is now ${plan.name}.` };
  }

  const urls = returnUrls(deps.config.publicUrl, requestOrigin, input);
  const created = await deps.payments.createCheckoutSession({
    userId: user.id,
    email: user.email ?? undefined,
    customerId: row?.provider === deps.payments.name ? (row.customerId ?? undefined) : undefined,
    planId,
    successUrl: urls.successUrl,
    cancelUrl: urls.cancelUrl,
  });
  // Keep the customer now, so subscription webhooks that outrun checkout.session.completed find the user.
  await applyToUser(
    deps,
    {
      userId: user.id,
      checkoutStarted: true,
      customerId: created.customerId,
    },
    'checkout_started',
  );
  return { url: created.url, sessionId: created.sessionId };
}
