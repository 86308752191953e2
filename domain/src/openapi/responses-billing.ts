/** Response schemas of the billing routes (see responses.ts). */
import { z } from 'zod';
import type { BillingInfo } from '../billing/billing-view.ts';
import { ZPlanId } from '../schemas/common.ts';
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
  PlansResponse,
  PortalSessionResponse,
} from '../schemas/billing.ts';
import { isoTime, nullable, responseSchema } from './schema-helpers.ts';
export const ZBillingInfo = responseSchema<BillingInfo>()(
  z
    .strictObject({
      plan: z.enum(['None', 'Coinpace', 'Token Run', 'Moon Race']),
      planStatus: z.enum(['none', 'pending', 'trial', 'active', 'past_due', 'canceled', 'incomplete']),
      accountStatus: z.enum(['Pending', 'Active', 'PastDue']),
      isInTrial: z.boolean(),
      daysRemaining: z.int().min(0),
      cancelAtPeriodEnd: z.boolean(),
      billingCycleEnd: nullable(isoTime),
      planLimits: z.strictObject({ totalAlerts: z.int(), smsAlerts: z.int(), emailAlerts: z.int() }),
      alertUsage: z.strictObject({ alertsSent: z.int().min(0), remaining: z.int().min(0) }),
    })
    .meta({ id: 'BillingInfo' }),
);

export const ZPlansResponse = responseSchema<PlansResponse>()(
  z.strictObject({
    plans: z.array(
      z.strictObject({
        id: ZPlanId,
        name: z.enum(['Coinpace', 'Token Run', 'Moon Race']),
        price: z.number(),
        interval: z.literal('month'),
        priceId: z.string(),
        features: z.strictObject({
          totalAlerts: z.int(),
          smsAlerts: z.int(),
          emailAlerts: z.int(),
          additionalFeatures: z.array(z.string()),
        }),
        setupCap: z.int(),
        popular: z.boolean(),
      }),
    ),
    provider: z.enum(['stripe', 'local']),
  }),
);

export const ZCheckoutResponse = responseSchema<CheckoutResponse>()(
  z.union([
    z.strictObject({ upgrade: z.literal(true), plan: z.string(), message: z.string() }),
    z.strictObject({ current: z.literal(true), plan: z.string(), message: z.string() }),
    z.strictObject({ url: z.url(), sessionId: z.string() }),
  ]),
);

export const ZPaymentSuccessResponse = responseSchema<PaymentSuccessResponse>()(
  z.strictObject({ success: z.boolean(), plan: z.string(), message: z.string().optional() }),
);

export const ZBillingChangeResponse = responseSchema<BillingChangeResponse>()(
  z.strictObject({ success: z.literal(true), plan: z.string(), billing: ZBillingInfo }),
);

export const ZLocalCheckoutView = responseSchema<LocalCheckoutView>()(
  z.strictObject({
    sessionId: z.string(),
    status: z.enum(['open', 'complete', 'canceled', 'expired']),
    plan: z.strictObject({ id: ZPlanId, name: z.string(), price: z.number() }),
    expiresAt: isoTime,
  }),
);

export const ZLocalCheckoutResult = responseSchema<LocalCheckoutResult>()(
  z.strictObject({ url: z.string() }),
);

/** The webhook's acknowledgement. */
export const ZWebhookResult = z.strictObject({
  received: z.literal(true),
  duplicate: z.literal(true).optional().meta({ description: 'The event id was applied before.' }),
  ignored: z.string().optional().meta({ description: 'Verified, but not acted on, and why.' }),
});

const zCounts = z.strictObject({ total: z.int().min(0), sms: z.int().min(0), email: z.int().min(0) });

export const ZPlanChangePreviewResponse = responseSchema<PlanChangePreviewResponse>()(
  z.strictObject({
    planId: ZPlanId,
    plan: z.string(),
    fromPlanId: ZPlanId,
    fromPlan: z.string(),
    direction: z.enum(['upgrade', 'downgrade']),
    amountDueNow: z.int().min(0).meta({ description: 'Cents charged when the change is confirmed.' }),
    creditToNextInvoice: z
      .int()
      .min(0)
      .meta({ description: 'Cents of unused time taken off the next invoice (downgrades).' }),
    nextInvoiceAmount: z.int().min(0).meta({ description: 'Cents the next renewal charges.' }),
    currency: z.literal('usd'),
    effectiveAt: isoTime.meta({ description: 'When the change takes effect; send it back to confirm.' }),
    periodEnd: isoTime,
    lines: z.array(
      z.strictObject({
        description: z.string(),
        amount: z.int().meta({ description: 'Cents; a credit is negative.' }),
        proration: z.boolean(),
        periodStart: isoTime,
        periodEnd: isoTime,
      }),
    ),
    allowances: z.strictObject({ notifications: zCounts, setupCap: z.int().min(0) }),
    usage: z.strictObject({ notifications: zCounts, alertsSetUp: z.int().min(0) }),
  }),
);

export const ZPlanChangeResponse = responseSchema<PlanChangeResponse>()(
  z.strictObject({
    success: z.literal(true),
    plan: z.string(),
    billing: ZBillingInfo,
    message: z.string(),
    amountCharged: z.int().min(0).meta({ description: 'Cents charged for the change.' }),
  }),
);

export const ZInvoicesResponse = responseSchema<InvoicesResponse>()(
  z.strictObject({
    invoices: z.array(
      z.strictObject({
        id: z.string(),
        date: isoTime,
        plan: nullable(z.string()),
        amount: z.number(),
        currency: z.string(),
        status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
      }),
    ),
    credit: z.number().min(0).meta({
      description: "Dollars of credit the user holds (a downgrade's unused time), used by the next invoices.",
    }),
  }),
);

export const ZPortalSessionResponse = responseSchema<PortalSessionResponse>()(
  z.strictObject({ url: z.string() }),
);

export const ZLocalCardView = responseSchema<LocalCardView>()(
  z.strictObject({
    card: nullable(
      z.strictObject({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }),
    ),
  }),
);
