/** Request and response schemas of the billing routes (SPEC.md sections 3 and 7, DESIGN.md section 4). */
import { z } from 'zod';
import type { BillingInfo } from '../billing/billing-view.ts';
import type { Plan, PlanId } from '../plans.ts';

const zId = z.string().trim().min(1).max(200);
const zReturnUrl = (label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(2000, { message: `${label} is too long` })
    .refine(
      (v) => {
        try {
          return ['http:', 'https:'].includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `${label} must be an http(s) URL` },
    );

/**
 * A `userId` (or `clerkId`) the client sends along (SPEC.md section 7). The server acts on the token's user
 * only: when present, it must name that user (our id or the identity subject), else 403.
 */
const selfRef = {
  userId: zId.optional(),
  clerkId: zId.optional(),
};

/** POST /api/billing/create-checkout-session. */
export const ZCreateCheckout = z.strictObject({
  priceId: z.string().trim().min(1, { message: 'priceId is required' }),
  successUrl: zReturnUrl('successUrl').optional(),
  cancelUrl: zReturnUrl('cancelUrl').optional(),
  ...selfRef,
});
export type CreateCheckout = z.output<typeof ZCreateCheckout>;

/** POST /api/billing/payment-success. */
export const ZPaymentSuccess = z.strictObject({
  sessionId: z.string().trim().min(1, { message: 'sessionId is required' }).max(300),
  ...selfRef,
});
export type PaymentSuccess = z.output<typeof ZPaymentSuccess>;

/** POST cancel-subscription, reactivate-subscription, sync-plan; DELETE delete-account. */
export const ZSelfOnly = z.strictObject(selfRef);
export type SelfOnly = z.output<typeof ZSelfOnly>;

/** One card of GET /api/billing/plans: the plan table entry with the configured provider's price id. */
export interface PlanView {
  id: PlanId;
  name: Plan['name'];
  price: number;
  interval: 'month';
  priceId: string;
  features: {
    totalAlerts: number;
    smsAlerts: number;
    emailAlerts: number;
    additionalFeatures: string[];
  };
  setupCap: number;
  popular: boolean;
}

/** GET /api/billing/plans. */
export interface PlansResponse {
  plans: PlanView[];
  /** Which provider the price ids belong to. */
  provider: 'stripe' | 'local';
}

/**
 * POST /api/billing/create-checkout-session (SPEC.md section 4, Checkout): exactly one of
 * `upgrade` (the live subscription moved to the plan at once), `current` (already on it) or `url` (go pay).
 */
export type CheckoutResponse =
  | { upgrade: true; plan: string; message: string }
  | { current: true; plan: string; message: string }
  | { url: string; sessionId: string };

/** POST /api/billing/payment-success. `plan` is the plan in force after reading the payment back. */
export interface PaymentSuccessResponse {
  success: boolean;
  plan: string;
  /** Why not, when success is false. */
  message?: string;
}

/** Cancel, reactivate and sync-plan answer the billing info as it now is. */
export interface BillingChangeResponse {
  success: true;
  plan: string;
  billing: BillingInfo;
}

/** GET /api/billing/local-checkout/{sessionId}: what the local checkout page shows. */
export interface LocalCheckoutView {
  sessionId: string;
  status: 'open' | 'complete' | 'canceled' | 'expired';
  plan: { id: PlanId; name: string; price: number };
  expiresAt: string;
}

/** POST /api/billing/local-checkout/{sessionId}/complete and /cancel: where the browser goes next. */
export interface LocalCheckoutResult {
  url: string;
}
