/** The reference's entries for the billing routes. */
import { z } from 'zod';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import {
  ZCreateCheckout,
  ZLocalCard,
  ZPaymentSuccess,
  ZPlanChange,
  ZPlanChangePreview,
  ZPortalSession,
  ZDeleteAccount,
  ZSelfOnly,
} from '../schemas/billing.ts';
import { ZSuccess } from './responses.ts';
import {
  ZBillingChangeResponse,
  ZBillingInfo,
  ZCheckoutResponse,
  ZInvoicesResponse,
  ZLocalCardView,
  ZLocalCheckoutResult,
  ZLocalCheckoutView,
  ZPaymentSuccessResponse,
  ZPlanChangePreviewResponse,
  ZPlanChangeResponse,
  ZPlansResponse,
  ZPortalSessionResponse,
  ZWebhookResult,
} from './responses-billing.ts';
import type { ParamDoc, RouteDoc } from './route-doc.ts';

const notSelf = 'userId or clerkId names another user than the token.';
const sessionId: Record<string, ParamDoc> = {
  sessionId: { schema: z.string().min(1), description: 'The local checkout session id.' },
};
const localPortalOnly = 'Payments go through Stripe (its customer portal keeps the card).';
const localOnly = 'No such session of this user, or payments go through Stripe (no local checkout).';

export const BILLING_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/billing/webhook',
    tag: 'Billing',
    access: 'stripe',
    summary: "Stripe's webhook",
    description:
      'checkout.session.completed, customer.subscription.updated|deleted and invoice.paid drive the ' +
      'subscription; each event id is applied once, in any order. The body is read raw: the signature ' +
      'covers its bytes.',
    body: { schema: z.looseObject({ id: z.string(), type: z.string() }), required: true, limit: '512 kB' },
    responses: {
      200: { description: 'Received.', schema: ZWebhookResult },
      400: 'The Stripe-Signature header is missing or does not match, or the body is not a Stripe event.',
    },
  },
  {
    method: 'get',
    path: '/api/billing/plans',
    tag: 'Billing',
    access: 'user',
    summary: 'The plans',
    description: "Each plan with the configured payment provider's price id.",
    responses: { 200: { description: 'The plan table.', schema: ZPlansResponse } },
  },
  {
    method: 'get',
    path: '/api/billing/user',
    tag: 'Billing',
    access: 'user',
    summary: 'Billing info',
    responses: { 200: { description: 'Plan, status, limits and usage.', schema: ZBillingInfo } },
  },
  {
    method: 'post',
    path: '/api/billing/create-checkout-session',
    tag: 'Billing',
    access: 'user',
    summary: 'Start checkout or change plan',
    description:
      'With a plan in force the subscription moves to the new plan at once (`upgrade`) or is already on ' +
      'it (`current`); otherwise a checkout `url` to send the browser to.',
    body: { schema: ZCreateCheckout, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'What happened.', schema: ZCheckoutResponse },
      403: notSelf,
    },
  },
  {
    method: 'post',
    path: '/api/billing/payment-success',
    tag: 'Billing',
    access: 'user',
    summary: 'Confirm a finished checkout',
    description: 'Reads the session back from the provider, so the page does not wait on the webhook.',
    body: { schema: ZPaymentSuccess, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The plan in force.', schema: ZPaymentSuccessResponse },
      403: notSelf,
      404: 'No such checkout session of this user.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/plan-change/preview',
    tag: 'Billing',
    access: 'user',
    summary: 'Price a plan change',
    description:
      'What moving the live subscription to `planId` charges now (an upgrade: the prorated difference) or ' +
      "credits to the next invoice (a downgrade), from the payment provider's own proration, with the new " +
      "plan's allowances and this period's usage. Changes nothing.",
    body: { schema: ZPlanChangePreview, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The price of the change.', schema: ZPlanChangePreviewResponse },
      400: 'Unknown plan.',
      403: notSelf,
      409: 'No plan in force, already on that plan, or the plan is set to end.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/plan-change',
    tag: 'Billing',
    access: 'user',
    summary: 'Confirm a plan change',
    description:
      "Moves the live subscription to `planId` at once, priced as of the preview's `effectiveAt` (valid " +
      '30 minutes), so the charge is the one previewed.',
    body: { schema: ZPlanChange, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The billing info as it now is.', schema: ZPlanChangeResponse },
      400: 'Unknown plan, or no effectiveAt.',
      403: notSelf,
      409:
        'No plan in force, already on that plan, the plan is set to end, the preview has expired, or the ' +
        'payment for an upgrade was declined (the plan is unchanged).',
    },
  },
  {
    method: 'post',
    path: '/api/billing/cancel-subscription',
    tag: 'Billing',
    access: 'user',
    summary: 'Cancel at the end of the period',
    body: { schema: ZSelfOnly, required: false, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The billing info as it now is.', schema: ZBillingChangeResponse },
      403: notSelf,
      409: 'No plan in force to cancel.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/reactivate-subscription',
    tag: 'Billing',
    access: 'user',
    summary: 'Undo a cancellation before the period ends',
    body: { schema: ZSelfOnly, required: false, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The billing info as it now is.', schema: ZBillingChangeResponse },
      403: notSelf,
      409: 'The plan has ended: there is nothing to reactivate.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/sync-plan',
    tag: 'Billing',
    access: 'user',
    summary: 'Read the subscription back from the provider',
    body: { schema: ZSelfOnly, required: false, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The billing info as it now is.', schema: ZBillingChangeResponse },
      403: notSelf,
    },
  },
  {
    method: 'delete',
    path: '/api/billing/delete-account',
    tag: 'Billing',
    access: 'user',
    summary: 'Delete the account',
    description:
      'First the person proves it is them: a local account sends its `password` (checked as sign-in checks ' +
      'it; a wrong one counts as a failed sign-in), and an identity provider’s account needs a token from a ' +
      'sign-in in the last 10 minutes (Clerk’s `fva`, or `auth_time`). Then it cancels the subscription at ' +
      'once, deletes the identity where the provider allows, then the data. Download the data first ' +
      '(GET /api/users/me/export).',
    body: { schema: ZDeleteAccount, required: false, limit: formatBodyLimit(BODY_LIMITS.standard) },
    rateLimit:
      'wrong passwords share the sign-in failure budgets: 10 per e-mail and address, 30 per address, in 15 minutes',
    responses: {
      200: { description: 'Deleted.', schema: ZSuccess },
      403:
        `${notSelf} Or the person is not confirmed: the password is missing (REAUTH_REQUIRED) or wrong ` +
        '(WRONG_PASSWORD), or the sign-in is more than 10 minutes old (REAUTH_REQUIRED: sign in again).',
    },
  },
  {
    method: 'get',
    path: '/api/billing/local-checkout/{sessionId}',
    tag: 'Billing',
    access: 'user',
    summary: 'A local checkout session',
    description: 'Local payments only: what the local checkout page shows.',
    params: sessionId,
    responses: { 200: { description: 'The session.', schema: ZLocalCheckoutView }, 404: localOnly },
  },
  {
    method: 'post',
    path: '/api/billing/local-checkout/{sessionId}/complete',
    tag: 'Billing',
    access: 'user',
    summary: 'Pay a local checkout session',
    params: sessionId,
    responses: {
      200: { description: 'Paid; the URL to go to next.', schema: ZLocalCheckoutResult },
      404: localOnly,
      409: 'The session was cancelled or has expired.',
    },
  },
  {
    method: 'post',
    path: '/api/billing/local-checkout/{sessionId}/cancel',
    tag: 'Billing',
    access: 'user',
    summary: 'Back out of a local checkout session',
    params: sessionId,
    responses: {
      200: { description: 'Cancelled; the URL to go to next.', schema: ZLocalCheckoutResult },
      404: localOnly,
      409: 'The session is already paid.',
    },
  },
  {
    method: 'get',
    path: '/api/billing/invoices',
    tag: 'Billing',
    access: 'user',
    summary: 'Invoices',
    description:
      "The user's invoices from the payment provider, newest first: Stripe's, or local checkout's one per paid period and one per upgrade's prorated charge; and the credit the user holds (Stripe's customer balance and pending proration credit, or local checkout's).",
    responses: {
      200: {
        description: 'Date, plan, amount and status of each, and the credit held.',
        schema: ZInvoicesResponse,
      },
    },
  },
  {
    method: 'post',
    path: '/api/billing/portal-session',
    tag: 'Billing',
    access: 'user',
    summary: 'Manage payment method and invoices',
    description:
      "Stripe: a customer portal session (billingPortal.sessions.create). Local checkout: the site's own page " +
      '/billing/local-portal. Send the browser to `url`; it comes back to `returnUrl` (this site only; default the account page).',
    body: { schema: ZPortalSession, required: false, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'Where to go.', schema: ZPortalSessionResponse },
      400: 'returnUrl does not point to this site.',
      403: notSelf,
      409: 'No payment account yet: subscribe to a plan first.',
    },
  },
  {
    method: 'get',
    path: '/api/billing/local-portal/card',
    tag: 'Billing',
    access: 'user',
    summary: 'The card on file (local checkout)',
    description: 'Local payments only: the brand and last four digits of the fake card, or null.',
    responses: { 200: { description: 'The card.', schema: ZLocalCardView }, 404: localPortalOnly },
  },
  {
    method: 'put',
    path: '/api/billing/local-portal/card',
    tag: 'Billing',
    access: 'user',
    summary: 'Update the card (local checkout)',
    description:
      'Local payments only: a fake card update. The number is checked (Luhn) and never kept: only brand and last four digits.',
    body: { schema: ZLocalCard, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The card now on file.', schema: ZLocalCardView },
      400: 'The card number, expiry or CVC is not valid, or the card has expired.',
      403: notSelf,
      404: localPortalOnly,
    },
  },
];
