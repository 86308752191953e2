/** Request and response schemas of the billing routes (SPEC.md sections 3 and 7, DESIGN.md section 4). */
import { z } from 'zod';
import type { BillingInfo } from '../billing/billing-view.ts';
import { type Plan, type PlanId } from '../plans.ts';
import { ZPlanId } from './common.ts';

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

/**
 * DELETE delete-account: the self-reference, and for a local account its password (checked as sign-in
 * checks it; an identity provider's account proves a recent sign-in through its token instead).
 */
export const ZDeleteAccount = z.strictObject({
  ...selfRef,
  password: z.string().min(1, { message: 'Enter your password.' }).max(1024).optional(),
});
export type DeleteAccountInput = z.output<typeof ZDeleteAccount>;

/** POST /api/billing/plan-change/preview: what moving the live subscription to `planId` would cost. */
export const ZPlanChangePreview = z.strictObject({ planId: ZPlanId, ...selfRef });
export type PlanChangePreviewInput = z.output<typeof ZPlanChangePreview>;

/**
 * POST /api/billing/plan-change: the confirmation of a previewed change. `effectiveAt` is the preview's own
 * value: the change is priced as of that moment, so the charge is the one the dialog showed.
 */
export const ZPlanChange = z.strictObject({
  planId: ZPlanId,
  effectiveAt: z.iso.datetime({ offset: true, message: 'effectiveAt must be the time the preview gave' }),
  ...selfRef,
});
export type PlanChangeInput = z.output<typeof ZPlanChange>;

/** Allowances of one plan: notifications per billing period (total and per channel) and alerts set up. */
export interface PlanAllowances {
  notifications: { total: number; sms: number; email: number };
  setupCap: number;
}

/** POST /api/billing/plan-change/preview. Amounts in cents; times ISO 8601. */
export interface PlanChangePreviewResponse {
  planId: PlanId;
  plan: string;
  fromPlanId: PlanId;
  fromPlan: string;
  direction: 'upgrade' | 'downgrade';
  /** Charged to the card on confirmation. */
  amountDueNow: number;
  /** Credit for unused time, taken off the next invoice (downgrades). */
  creditToNextInvoice: number;
  /** What the next renewal charges, after the credit. */
  nextInvoiceAmount: number;
  currency: 'usd';
  /** When the change takes effect (at once); send it back to confirm. */
  effectiveAt: string;
  /** The current period's end: the next renewal. */
  periodEnd: string;
  lines: {
    description: string;
    amount: number;
    proration: boolean;
    periodStart: string;
    periodEnd: string;
  }[];
  /** The new plan's allowances. */
  allowances: PlanAllowances;
  /** What the user has used this period and set up, to state a downgrade's consequences. */
  usage: { notifications: { total: number; sms: number; email: number }; alertsSetUp: number };
}

/** POST /api/billing/plan-change: the billing info as it now is, and what was charged. */
export interface PlanChangeResponse extends BillingChangeResponse {
  message: string;
  amountCharged: number;
}

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

/** One invoice on the billing screen (GET /api/billing/invoices): from the payment provider, newest first. */
export interface InvoiceView {
  id: string;
  /** When the invoice was issued (ISO time). */
  date: string;
  /** Our plan name for the invoice's subscription price; null for a price that is not one of ours. */
  plan: string | null;
  /** In the currency's main unit (dollars). */
  amount: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
}

export interface InvoicesResponse {
  invoices: InvoiceView[];
  /**
   * The credit the user holds, in dollars (0 when none): a downgrade's unused time, which the next invoices use
   * before any card is charged.
   */
  credit: number;
}

/** POST /api/billing/portal-session: where the provider's billing page sends the user back to (our site only). */
export const ZPortalSession = z.strictObject({
  returnUrl: zReturnUrl('returnUrl').optional(),
  ...selfRef,
});
export type PortalSession = z.output<typeof ZPortalSession>;

/** Where to send the browser to manage the payment method and invoices. */
export interface PortalSessionResponse {
  url: string;
}

/** The card kept by local checkout: brand and last four digits only, never the number. */
export interface LocalCardView {
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
}

/** Luhn's check digit test, which every real card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * PUT /api/billing/local-portal/card: local checkout's fake card update. Validated as a card form would be
 * (number by Luhn, expiry not past, CVC); only the brand and last four digits are kept.
 */
export const ZLocalCard = z.strictObject({
  number: z
    .string({ message: 'number is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v), { message: 'Card number must be 12 to 19 digits' })
    .refine(passesLuhn, { message: 'Card number is not valid' }),
  expMonth: z
    .number({ message: 'expMonth must be a number' })
    .int()
    .min(1, { message: 'Expiry month must be 1 to 12' })
    .max(12, { message: 'Expiry month must be 1 to 12' }),
  expYear: z
    .number({ message: 'expYear must be a number' })
    .int()
    .min(2000, { message: 'Expiry year must be a four-digit year' })
    .max(2100, { message: 'Expiry year must be a four-digit year' }),
  cvc: z.string({ message: 'cvc is required' }).regex(/^\d{3,4}$/, { message: 'CVC must be 3 or 4 digits' }),
  ...selfRef,
});
export type LocalCard = z.output<typeof ZLocalCard>;
