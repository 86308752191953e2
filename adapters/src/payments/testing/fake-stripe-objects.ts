/**
 * The fake Stripe server's state, and Stripe's JSON for customers, prices and checkout sessions
 * (subscriptions and invoices: fake-stripe-billing-json.ts). Only the fields our adapter or a reader of a
 * webhook could look at are filled with care; the rest carry Stripe's defaults so the objects look like Stripe's.
 */
import { randomBytes } from 'node:crypto';

export interface FakeCustomer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  created: Date;
  /** Stripe's customer balance in cents; negative is credit. Tests may set it. */
  balance?: number;
}

export interface FakeCheckoutSession {
  id: string;
  created: Date;
  expiresAt: Date;
  status: 'open' | 'complete' | 'expired';
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  lineItems: { price: string; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  subscription: string | null;
  url: string;
}

export interface FakeSubscriptionItem {
  id: string;
  price: string;
  quantity: number;
  created: Date;
  periodStart: Date;
  periodEnd: Date;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status:
    | 'active'
    | 'past_due'
    | 'canceled'
    | 'incomplete'
    | 'trialing'
    | 'unpaid'
    | 'paused'
    | 'incomplete_expired';
  items: FakeSubscriptionItem[];
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  created: Date;
  metadata: Record<string, string>;
  latestInvoice: string | null;
  /** Set when an upgrade's invoice could not be paid (payment_behavior=pending_if_incomplete). */
  pendingUpdate: { items: { id: string; price: string }[]; expiresAt: Date } | null;
}

export interface FakeInvoice {
  id: string;
  customer: string;
  subscription: string;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'upcoming';
  /** 'draft' for a preview (POST /v1/invoices/create_preview), which is never stored. */
  status: 'paid' | 'open' | 'draft';
  /** The time a previewed change's prorations were computed at (`subscription_proration_date`). */
  prorationDate?: Date;
  created: Date;
  lines: {
    price: string;
    amount: number;
    periodStart: Date;
    periodEnd: Date;
    itemId: string;
    proration: boolean;
    /** Stripe's line text, e.g. 'Unused time on Coinpace after 25 Mar 2026'; null for a period's price. */
    description?: string | null;
  }[];
}

/** A Stripe-looking id: `cus_…`, `cs_test_…`, `sub_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The same day of the next month, in UTC, clamped to the month's last day (Stripe's monthly anchor). */
export function addMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

export function customerJson(c: FakeCustomer) {
  return {
    id: c.id,
    object: 'customer',
    address: null,
    balance: c.balance ?? 0,
    created: toUnix(c.created),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: c.email,
    invoice_prefix: c.id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: c.metadata,
    name: null,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** A recurring monthly USD price of `unitAmount` cents. */
export function priceJson(id: string, unitAmount: number) {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1_700_000_000,
    currency: 'usd',
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: `prod_${id.replace(/^price_/, '')}`,
    recurring: { interval: 'month', interval_count: 1, meter: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

export function checkoutSessionJson(s: FakeCheckoutSession, amountOf: (price: string) => number) {
  const total = s.lineItems.reduce((sum, li) => sum + amountOf(li.price) * li.quantity, 0);
  return {
    id: s.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: toUnix(s.created),
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: s.customer,
    customer_account: null,
    customer_creation: s.customer ? null : 'always',
    customer_details: s.status === 'complete' ? { email: s.customerEmail, name: null, phone: null } : null,
    customer_email: s.customer ? null : s.customerEmail,
    discounts: [],
    expires_at: toUnix(s.expiresAt),
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: s.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: s.status,
    submit_type: null,
    subscription: s.subscription,
    success_url: s.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: s.status === 'open' ? s.url : null,
    wallet_options: null,
  };
}

/** A billing portal session as Stripe's `POST /v1/billing_portal/sessions` answers it. */
export function portalSessionJson(session: {
  id: string;
  customer: string;
  created: Date;
  returnUrl: string | null;
  url: string;
}): Record<string, unknown> {
  return {
    id: session.id,
    object: 'billing_portal.session',
    configuration: 'bpc_fake',
    created: Math.floor(session.created.getTime() / 1000),
    customer: session.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: session.returnUrl,
    url: session.url,
  };
}
