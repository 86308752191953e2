/** The billing calls of SPEC.md section 7 and DESIGN.md section 4, typed with domain's response shapes. */
import type {
  BillingChangeResponse,
  CheckoutResponse,
  InvoicesResponse,
  LocalCardView,
  LocalCheckoutResult,
  LocalCheckoutView,
  PaymentSuccessResponse,
  PlanChangePreviewResponse,
  PlanChangeResponse,
  PlanId,
  PlansResponse,
  PortalSessionResponse,
} from '@coinpace/domain';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';

/** `{userId}` of the signed-in user, as SPEC.md's client sends it (the server only checks it). */
function self(): { userId?: string } {
  const id = useAuth.getState().user?.id;
  return id ? { userId: id } : {};
}

export const fetchPlans = () => api<PlansResponse>('/api/billing/plans');

/** Success URL: the account page with the session id; cancel URL: the dashboard (SPEC.md section 7). */
export function createCheckout(priceId: string, origin: string = window.location.origin) {
  return api<CheckoutResponse>('/api/billing/create-checkout-session', {
    method: 'POST',
    body: {
      priceId,
      ...self(),
      successUrl: `${origin}/account?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/dashboard`,
    },
  });
}

export const confirmPayment = (sessionId: string) =>
  api<PaymentSuccessResponse>('/api/billing/payment-success', { method: 'POST', body: { sessionId } });

export const cancelSubscription = () =>
  api<BillingChangeResponse>('/api/billing/cancel-subscription', { method: 'POST', body: self() });

export const reactivateSubscription = () =>
  api<BillingChangeResponse>('/api/billing/reactivate-subscription', { method: 'POST', body: self() });

export const syncPlan = () =>
  api<BillingChangeResponse>('/api/billing/sync-plan', { method: 'POST', body: self() });

/**
 * Deletes the account. A local account sends its `password` (the server checks it as sign-in does); an
 * identity provider's account sends none and needs a sign-in from the last 10 minutes instead.
 */
export function deleteAccount(password?: string) {
  const user = useAuth.getState().user;
  return api<{ success: true }>('/api/billing/delete-account', {
    method: 'DELETE',
    body: {
      ...self(),
      ...(user?.clerkId ? { clerkId: user.clerkId } : {}),
      ...(password !== undefined ? { password } : {}),
    },
  });
}

const localCheckoutPath = (sessionId: string) =>
  `/api/billing/local-checkout/${encodeURIComponent(sessionId)}`;

export const fetchLocalCheckout = (sessionId: string) => api<LocalCheckoutView>(localCheckoutPath(sessionId));

export const completeLocalCheckout = (sessionId: string) =>
  api<LocalCheckoutResult>(`${localCheckoutPath(sessionId)}/complete`, { method: 'POST' });

export const cancelLocalCheckout = (sessionId: string) =>
  api<LocalCheckoutResult>(`${localCheckoutPath(sessionId)}/cancel`, { method: 'POST' });

/** What moving to `planId` costs now (nothing changes yet). */
export const previewPlanChange = (planId: PlanId) =>
  api<PlanChangePreviewResponse>('/api/billing/plan-change/preview', {
    method: 'POST',
    body: { planId, ...self() },
  });

/** Confirms a previewed change; `effectiveAt` is the preview's, so the charge is the one shown. */
export const confirmPlanChange = (planId: PlanId, effectiveAt: string) =>
  api<PlanChangeResponse>('/api/billing/plan-change', {
    method: 'POST',
    body: { planId, effectiveAt, ...self() },
  });
export const fetchInvoices = () => api<InvoicesResponse>('/api/billing/invoices');

/** Where to manage the payment method and invoices (Stripe's portal or the local page); back to this page. */
export const createPortalSession = (returnUrl: string = window.location.href) =>
  api<PortalSessionResponse>('/api/billing/portal-session', {
    method: 'POST',
    body: { ...self(), returnUrl },
  });

export const fetchLocalCard = () => api<LocalCardView>('/api/billing/local-portal/card');

export const saveLocalCard = (card: { number: string; expMonth: number; expYear: number; cvc: string }) =>
  api<LocalCardView>('/api/billing/local-portal/card', { method: 'PUT', body: { ...card, ...self() } });
