/**
 * Stripe's JSON for subscriptions, their items and invoices, from the fake's state (API 2026-10-28.endive:
 * the billing period lives on subscription items; an invoice names its subscription under
 * `parent.subscription_details` and each line's price under `pricing.price_details`).
 */
import {
  priceJson,
  toUnix,
  type FakeInvoice,
  type FakeSubscription,
  type FakeSubscriptionItem,
} from './fake-stripe-objects.ts';

const unixOrNull = (date: Date | null) => (date ? toUnix(date) : null);

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
  // A negative total is not refunded: it goes to the customer's balance and nothing is due.
  const due = Math.max(0, total);
  const periodStart = inv.billingReason === 'subscription_cycle' ? inv.lines[0]?.periodStart : inv.created;
  return {
    id: inv.id,
    object: 'invoice',
    account_country: 'US',
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: inv.status === 'paid' ? due : 0,
    amount_remaining: inv.status === 'paid' ? 0 : due,
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
        description: l.description ?? null,
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
    subscription_proration_date: inv.prorationDate ? toUnix(inv.prorationDate) : null,
    subtotal: total,
    total,
  };
}
