/**
 * The fake Stripe server's state and the JSON shapes Stripe answers with (API 2026-10-28.endive: the billing
 * period lives on subscription items; an invoice names its subscription under `parent.subscription_details`).
 * Only the fields our adapter or a reader of a webhook could look at are filled with care; the rest carry
 * Stripe's defaults so the objects look like Stripe's.
 */
import { randomBytes } from 'node:crypto';

export interface FakeCustomer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  created: Date;
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
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  status: 'paid' | 'open';
  created: Date;
  lines: {
    price: string;
    amount: number;
    periodStart: Date;
    periodEnd: Date;
    itemId: string;
    proration: boolean;
  }[];
}

/** A Stripe-looking id: `cus_…`, `cs_test_…`, `sub_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);
const unixOrNull = (date: Date | null) => (date ? toUnix(date) : null);

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
    balance: 0,
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

export function subscriptionItemJson(
  item: FakeSubscriptionItem,
  subscriptionId: string,
  amountOf: (price: string) => number,
) {
  const price = priceJson(item.price, amountOf(item.price));
  return {
    id: item.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: toUnix(item.created),
    current_period_end: toUnix(item.periodEnd),
    current_period_start: toUnix(item.periodStart),
    discounts: [],
    metadata: {},
    plan: {
      id: price.id,
      object: 'plan',
      active: true,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: 'usd',
      interval: 'month',
      interval_count: 1,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    price,
    quantity: item.quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

export function subscriptionJson(s: FakeSubscription, amountOf: (price: string) => number) {
  const first = s.items[0];
  return {
    id: s.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: toUnix(first?.periodStart ?? s.created),
    billing_cycle_anchor_config: null,
    billing_mode: {
      type: 'flexible',
      flexible: { proration_discounts: 'included' },
      updated_at: toUnix(s.created),
    },
    billing_thresholds: null,
    cancel_at: s.cancelAtPeriodEnd && first ? toUnix(first.periodEnd) : null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: unixOrNull(s.canceledAt),
    cancellation_details: {
      comment: null,
      feedback: null,
      reason: s.canceledAt || s.cancelAtPeriodEnd ? 'cancellation_requested' : null,
    },
    collection_method: 'charge_automatically',
    created: toUnix(s.created),
    currency: 'usd',
    customer: s.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: 'pm_card_visa',
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: unixOrNull(s.endedAt),
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: s.items.map((item) => subscriptionItemJson(item, s.id, amountOf)),
      has_more: false,
      total_count: s.items.length,
      url: `/v1/subscription_items?subscription=${s.id}`,
    },
    latest_invoice: s.latestInvoice,
    livemode: false,
    metadata: s.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: s.pendingUpdate
      ? {
          billing_cycle_anchor: null,
          expires_at: toUnix(s.pendingUpdate.expiresAt),
          subscription_items: s.pendingUpdate.items.map((i) => ({ id: i.id, price: i.price, quantity: 1 })),
          trial_end: null,
          trial_from_plan: null,
        }
      : null,
    schedule: null,
    start_date: toUnix(s.created),
    status: s.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

export function invoiceJson(inv: FakeInvoice, metadata: Record<string, string>) {
  const total = inv.lines.reduce((sum, l) => sum + l.amount, 0);
  const periodStart = inv.billingReason === 'subscription_cycle' ? inv.lines[0]?.periodStart : inv.created;
  return {
    id: inv.id,
    object: 'invoice',
    account_country: 'US',
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: inv.status === 'paid' ? total : 0,
    amount_remaining: inv.status === 'paid' ? 0 : total,
    attempt_count: 1,
    attempted: true,
    auto_advance: inv.status !== 'paid',
    billing_reason: inv.billingReason,
    collection_method: 'charge_automatically',
    created: toUnix(inv.created),
    currency: 'usd',
    customer: inv.customer,
    lines: {
      object: 'list',
      data: inv.lines.map((l, i) => ({
        id: `il_${inv.id.slice(3)}_${i}`,
        object: 'line_item',
        amount: l.amount,
        currency: 'usd',
        description: null,
        discount_amounts: [],
        discountable: true,
        discounts: [],
        invoice: inv.id,
        livemode: false,
        metadata: {},
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: l.proration,
            proration_details: { credited_items: null },
            subscription: inv.subscription,
            subscription_item: l.itemId,
          },
        },
        period: { end: toUnix(l.periodEnd), start: toUnix(l.periodStart) },
        pretax_credit_amounts: [],
        pricing: {
          type: 'price_details',
          price_details: { price: l.price, product: `prod_${l.price.replace(/^price_/, '')}` },
          unit_amount_decimal: String(l.amount),
        },
        quantity: 1,
        subscription: inv.subscription,
        taxes: [],
      })),
      has_more: false,
      total_count: inv.lines.length,
      url: `/v1/invoices/${inv.id}/lines`,
    },
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata, subscription: inv.subscription },
    },
    period_end: toUnix(inv.created),
    period_start: toUnix(periodStart ?? inv.created),
    status: inv.status,
    status_transitions: {
      finalized_at: toUnix(inv.created),
      marked_uncollectible_at: null,
      paid_at: inv.status === 'paid' ? toUnix(inv.created) : null,
      voided_at: null,
    },
    subtotal: total,
    total,
  };
}
