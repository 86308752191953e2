import {
  ZCreateCheckout,
  ZDeleteAccount,
  ZLocalCard,
  ZPaymentSuccess,
  ZPlanChange,
  ZPlanChangePreview,
  ZPortalSession,
  ZSelfOnly,
  parseOrThrow,
  type BillingInfo,
  type CheckoutResponse,
  type PaymentSuccessResponse,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { assertSelf, billingDeps } from './billing-deps.ts';
import { changeCancellation } from './change-cancellation.ts';
import { identityConfirmation } from './confirm-identity.ts';
import { confirmPayment } from './confirm-payment.ts';
import { createCheckoutSession } from './create-checkout-session.ts';
import { deleteAccount } from './delete-account.ts';
import { getBillingInfo } from './get-billing-info.ts';
import { handleWebhook } from './handle-webhook.ts';
import { listPlans } from './list-plans.ts';
import { confirmPlanChange, previewPlanChange } from './plan-change.ts';
import { createPortalSession, getLocalCard, listInvoices, saveLocalCard } from './manage-billing.ts';
import { cancelLocalCheckout, completeLocalCheckout, describeLocalCheckout } from './local-checkout.ts';
import { readRawBody } from '../../raw-body.ts';
import { syncPlan } from './sync-plan.ts';
import { createRouter } from '../../routers.ts';

/** Largest webhook body we read; Stripe's events are a few kB. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * The billing routes of SPEC.md section 7 and DESIGN.md section 4. Every route but the webhook needs the
 * bearer token and acts on the token's user only; a `userId`/`clerkId` in a body must name that user.
 */
export function billingRoutes(deps: ApiDeps) {
  const router = createRouter('/api/billing');
  const auth = requireUser(deps.identity.verifier, deps.db);
  const service = (ctx: { state: AppState }) => billingDeps(deps, ctx.state.log);
  const origin = (ctx: { protocol: string; host: string }) => `${ctx.protocol}://${ctx.host}`;
  const confirmIdentity = identityConfirmation(deps.db, deps.limiters ?? memoryLimiters());

  // Stripe's webhook: no token (the signature is the proof) and no body parser (the signature covers the raw bytes).
  router.post('/webhook', async (ctx) => {
    const raw = await readRawBody(ctx.req, MAX_WEBHOOK_BYTES);
    ctx.body = await handleWebhook(service(ctx), raw, ctx.get('stripe-signature') || undefined);
  });

  router.get('/plans', auth, (ctx) => {
    ctx.body = listPlans(deps.payments);
  });

  router.get('/user', auth, async (ctx) => {
    ctx.body = (await getBillingInfo(service(ctx), currentUser(ctx))) satisfies BillingInfo;
  });

  router.post('/create-checkout-session', auth, jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZCreateCheckout, bodyOf(ctx));
    const answer: CheckoutResponse = await createCheckoutSession(
      service(ctx),
      currentUser(ctx),
      input,
      origin(ctx),
    );
    ctx.body = answer;
  });

  router.post('/payment-success', auth, jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZPaymentSuccess, bodyOf(ctx));
    const answer: PaymentSuccessResponse = await confirmPayment(service(ctx), currentUser(ctx), input);
    ctx.body = answer;
  });

  // A plan change is previewed (price, proration, allowances), then confirmed.
  router.post('/plan-change/preview', auth, jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZPlanChangePreview, bodyOf(ctx));
    ctx.body = await previewPlanChange(service(ctx), currentUser(ctx), input);
  });

  router.post('/plan-change', auth, jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZPlanChange, bodyOf(ctx));
    ctx.body = await confirmPlanChange(service(ctx), currentUser(ctx), input);
  });

  for (const [path, cancel] of [
    ['/cancel-subscription', true],
    ['/reactivate-subscription', false],
  ] as const) {
    router.post(path, auth, jsonBody(), async (ctx) => {
      assertSelf(parseOrThrow(ZSelfOnly, bodyOf(ctx)), currentUser(ctx));
      ctx.body = await changeCancellation(service(ctx), currentUser(ctx), cancel);
    });
  }

  router.post('/sync-plan', auth, jsonBody(), async (ctx) => {
    assertSelf(parseOrThrow(ZSelfOnly, bodyOf(ctx)), currentUser(ctx));
    ctx.body = await syncPlan(service(ctx), currentUser(ctx));
  });

  // The person must prove it is them (a local account's password, or a sign-in in the last 10 minutes)
  // before anything is cancelled or deleted; naming another user is refused before that.
  router.delete('/delete-account', auth, jsonBody({ onDelete: true }), async (ctx) => {
    const input = parseOrThrow(ZDeleteAccount, bodyOf(ctx));
    const user = currentUser(ctx);
    const billing = service(ctx);
    assertSelf(input, user);
    await confirmIdentity(
      { clientKey: clientKeyOf(ctx), identity: ctx.state.identity!, now: billing.now() },
      user,
      input.password,
    );
    ctx.body = await deleteAccount(billing, user, input);
  });

  router.get('/invoices', auth, async (ctx) => {
    ctx.body = await listInvoices(service(ctx), currentUser(ctx));
  });

  router.post('/portal-session', auth, jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZPortalSession, bodyOf(ctx));
    ctx.body = await createPortalSession(service(ctx), currentUser(ctx), input, origin(ctx));
  });

  router.get('/local-portal/card', auth, async (ctx) => {
    ctx.body = await getLocalCard(service(ctx), currentUser(ctx));
  });

  router.put('/local-portal/card', auth, jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZLocalCard, bodyOf(ctx));
    ctx.body = await saveLocalCard(service(ctx), currentUser(ctx), input);
  });

  router.get('/local-checkout/:sessionId', auth, async (ctx) => {
    ctx.body = await describeLocalCheckout(service(ctx), currentUser(ctx), ctx.params.sessionId ?? '');
  });

  router.post('/local-checkout/:sessionId/complete', auth, async (ctx) => {
    ctx.body = await completeLocalCheckout(service(ctx), currentUser(ctx), ctx.params.sessionId ?? '');
  });

  router.post('/local-checkout/:sessionId/cancel', auth, async (ctx) => {
    ctx.body = await cancelLocalCheckout(service(ctx), currentUser(ctx), ctx.params.sessionId ?? '');
  });

  return router;
}
