/**
 * POST /v1/subscriptions/:id of the fake Stripe: item replacement by id (an entry without an id ADDS an item,
 * as Stripe does), proration behaviours, pending updates when an upgrade's invoice cannot be paid, and
 * cancel_at_period_end. Stripe's rules that catch integration mistakes are kept as 400 errors.
 */
import type { FormObject } from './form-body.ts';
import { addMonth, newId, type FakeInvoice, type FakeSubscription } from './fake-stripe-objects.ts';

/** A Stripe error answer: `{ error: { type, message, code?, param? } }` with an HTTP status. */
export class StripeHttpError extends Error {
  readonly body: { type: string; message: string; code?: string; param?: string };
  constructor(
    readonly status: number,
    message: string,
    extra: { code?: string; param?: string; type?: string } = {},
  ) {
    super(message);
    this.body = {
      type: extra.type ?? 'invalid_request_error',
      message,
      code: extra.code,
      param: extra.param,
    };
  }
}

export interface FakeBillingState {
  declinePayments: boolean;
  now: () => Date;
  amountOf: (price: string) => number;
  isKnownPrice: (price: string) => boolean;
  /** The product name of a price (our plan's name), for invoice line descriptions. */
  productName: (price: string) => string;
  invoices: Map<string, FakeInvoice>;
  /** Proration items `create_prorations` left for each customer's next invoice (Stripe's pending items). */
  pendingItems: Map<string, FakeInvoice['lines']>;
  /** Adds credit to a customer's balance (what an invoice's negative total leaves, as Stripe does). */
  creditCustomer: (customer: string, cents: number) => void;
}

const PRORATION = new Set(['create_prorations', 'always_invoice', 'none']);
const PENDING_UPDATE_PARAMS = new Set([
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
]);

export function handleSubscriptionUpdate(
  sub: FakeSubscription,
  body: FormObject,
  state: FakeBillingState,
): void {
  if (sub.status === 'canceled') {
    throw new StripeHttpError(
      400,
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  }
  const proration =
    typeof body.proration_behavior === 'string' ? body.proration_behavior : 'create_prorations';
  if (!PRORATION.has(proration)) {
    throw new StripeHttpError(
      400,
      `Invalid proration_behavior: must be one of ${[...PRORATION].join(', ')}`,
      {
        param: 'proration_behavior',
      },
    );
  }
  const pendingIfIncomplete = body.payment_behavior === 'pending_if_incomplete';
  if (pendingIfIncomplete) {
    const bad = Object.keys(body).find((key) => !PENDING_UPDATE_PARAMS.has(key));
    if (bad) {
      throw new StripeHttpError(
        400,
        `You cannot pass \`${bad}\` when \`payment_behavior\` is \`pending_if_incomplete\`.`,
        {
          param: bad,
        },
      );
    }
  }

  if (typeof body.cancel_at_period_end === 'string')
    sub.cancelAtPeriodEnd = body.cancel_at_period_end === 'true';
  if (body.metadata && typeof body.metadata === 'object' && !Array.isArray(body.metadata)) {
    for (const [key, value] of Object.entries(body.metadata))
      if (typeof value === 'string') sub.metadata[key] = value;
  }
  if (!Array.isArray(body.items)) return;

  const next = sub.items.map((item) => ({ ...item }));
  const changed: { id: string; oldPrice: string; newPrice: string }[] = [];
  for (const [index, entry] of body.items.entries()) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const price = typeof entry.price === 'string' ? entry.price : undefined;
    if (price !== undefined && !state.isKnownPrice(price)) {
      throw new StripeHttpError(400, `No such price: '${price}'`, {
        code: 'resource_missing',
        param: `items[${index}][price]`,
      });
    }
    if (typeof entry.id === 'string') {
      const item = next.find((i) => i.id === entry.id);
      if (!item) {
        throw new StripeHttpError(400, `No such subscription_item: '${entry.id}'`, {
          code: 'resource_missing',
          param: `items[${index}][id]`,
        });
      }
      if (entry.deleted === 'true') next.splice(next.indexOf(item), 1);
      else if (price && price !== item.price) {
        changed.push({ id: item.id, oldPrice: item.price, newPrice: price });
        item.price = price;
      }
    } else if (price) {
      const first = next[0];
      const at = state.now();
      next.push({
        id: newId('si'),
        price,
        quantity: 1,
        created: at,
        periodStart: first?.periodStart ?? at,
        periodEnd: first?.periodEnd ?? at,
      });
    }
  }
  const prices = next.map((i) => i.price);
  if (new Set(prices).size !== prices.length) {
    throw new StripeHttpError(400, 'Cannot add multiple subscription items with the same price.', {
      param: 'items',
    });
  }
  if (next.length === 0)
    throw new StripeHttpError(400, 'A subscription must have at least one active item.', { param: 'items' });

  if (changed.length > 0 && proration === 'always_invoice') {
    const invoice = prorationInvoice(sub, changed, state, prorationDateOf(body, sub, state));
    state.invoices.set(invoice.id, invoice);
    sub.latestInvoice = invoice.id;
    if (state.declinePayments) {
      invoice.status = 'open';
      if (pendingIfIncomplete) {
        // The change waits for payment; the subscription keeps cycling as it was (Stripe pending updates).
        sub.pendingUpdate = {
          items: changed.map((c) => ({ id: c.id, price: c.newPrice })),
          expiresAt: new Date(state.now().getTime() + 23 * 3600_000),
        };
        return;
      }
      sub.status = 'past_due';
    }
  }
  if (changed.length > 0 && proration === 'create_prorations') {
    const lines = prorationLines(sub, changed, state, prorationDateOf(body, sub, state));
    state.pendingItems.set(sub.customer, [...(state.pendingItems.get(sub.customer) ?? []), ...lines]);
  }
  sub.items = next;
  sub.pendingUpdate = null;
}

/** The invoice `always_invoice` creates at `at`: credit for the unused time on the old price, charge on the new. */
function prorationInvoice(
  sub: FakeSubscription,
  changed: { id: string; oldPrice: string; newPrice: string }[],
  state: FakeBillingState,
  at: Date,
): FakeInvoice {
  return {
    id: newId('in'),
    customer: sub.customer,
    subscription: sub.id,
    billingReason: 'subscription_update',
    status: 'paid',
    created: at,
    prorationDate: at,
    lines: prorationLines(sub, changed, state, at),
  };
}

/** Stripe's two proration lines per changed item, each rounded to the cent, with Stripe's descriptions. */
function prorationLines(
  sub: FakeSubscription,
  changed: { id: string; oldPrice: string; newPrice: string }[],
  state: FakeBillingState,
  at: Date,
): FakeInvoice['lines'] {
  const day = at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return changed.flatMap((c) => {
    const item = sub.items.find((i) => i.id === c.id)!;
    const span = item.periodEnd.getTime() - item.periodStart.getTime();
    const left = span > 0 ? Math.max(0, item.periodEnd.getTime() - at.getTime()) / span : 0;
    const base = { periodStart: at, periodEnd: item.periodEnd, itemId: item.id, proration: true };
    return [
      {
        ...base,
        price: c.oldPrice,
        amount: 0 - Math.round(state.amountOf(c.oldPrice) * left),
        description: `Unused time on ${state.productName(c.oldPrice)} after ${day}`,
      },
      {
        ...base,
        price: c.newPrice,
        amount: Math.round(state.amountOf(c.newPrice) * left),
        description: `Remaining time on ${state.productName(c.newPrice)} after ${day}`,
      },
    ];
  });
}

/**
 * `proration_date` as Stripe checks it: whole seconds, within the current period; default the fake's clock.
 */
function prorationDateOf(body: FormObject, sub: FakeSubscription, state: FakeBillingState): Date {
  const raw = body.proration_date;
  if (typeof raw !== 'string') return state.now();
  const at = new Date(Number(raw) * 1000);
  const item = sub.items[0];
  if (!/^\d+$/.test(raw) || !item || at < item.periodStart || at > item.periodEnd) {
    throw new StripeHttpError(400, 'The proration_date must be within the current subscription period.', {
      param: 'proration_date',
    });
  }
  return at;
}

/**
 * POST /v1/invoices/create_preview for a change of an existing subscription's items: with `always_invoice`
 * the invoice the change would create now; otherwise (`create_prorations`) the upcoming invoice, which holds
 * the proration lines and the next period at the new price. Changes nothing.
 */
export function previewSubscriptionChange(
  sub: FakeSubscription,
  body: FormObject,
  state: FakeBillingState,
): FakeInvoice {
  const details = body.subscription_details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) {
    throw new StripeHttpError(
      400,
      'This fake previews subscription changes only: pass subscription_details.',
    );
  }
  if (typeof body.customer === 'string' && body.customer !== sub.customer) {
    throw new StripeHttpError(
      400,
      `The subscription ${sub.id} does not belong to customer ${body.customer}.`,
      {
        param: 'customer',
      },
    );
  }
  const proration =
    typeof details.proration_behavior === 'string' ? details.proration_behavior : 'create_prorations';
  if (!PRORATION.has(proration) || proration === 'none') {
    throw new StripeHttpError(400, `Invalid subscription_details[proration_behavior]: ${proration}`, {
      param: 'subscription_details[proration_behavior]',
    });
  }
  const at = prorationDateOf(details, sub, state);
  const changed = (Array.isArray(details.items) ? details.items : []).flatMap((entry, index) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry) || typeof entry.id !== 'string')
      return [];
    const item = sub.items.find((i) => i.id === entry.id);
    if (!item) {
      throw new StripeHttpError(400, `No such subscription_item: '${entry.id}'`, {
        code: 'resource_missing',
        param: `subscription_details[items][${index}][id]`,
      });
    }
    const price = typeof entry.price === 'string' ? entry.price : item.price;
    if (!state.isKnownPrice(price)) {
      throw new StripeHttpError(400, `No such price: '${price}'`, {
        code: 'resource_missing',
        param: `subscription_details[items][${index}][price]`,
      });
    }
    return price === item.price ? [] : [{ id: item.id, oldPrice: item.price, newPrice: price }];
  });
  const prorations = prorationLines(sub, changed, state, at);
  const base = {
    id: newId('upcoming_in'),
    customer: sub.customer,
    subscription: sub.id,
    status: 'draft' as const,
  };
  if (proration === 'always_invoice') {
    return {
      ...base,
      billingReason: 'subscription_update',
      created: at,
      prorationDate: at,
      lines: prorations,
    };
  }
  const next = sub.items.map((item) => {
    const price = changed.find((c) => c.id === item.id)?.newPrice ?? item.price;
    return {
      price,
      amount: state.amountOf(price) * item.quantity,
      periodStart: item.periodEnd,
      periodEnd: addMonth(item.periodEnd),
      itemId: item.id,
      proration: false,
      description: `1 × ${state.productName(price)} (at $${(state.amountOf(price) / 100).toFixed(2)} / month)`,
    };
  });
  return {
    ...base,
    billingReason: 'upcoming',
    created: sub.items[0]?.periodEnd ?? at,
    prorationDate: at,
    lines: [...prorations, ...next],
  };
}

/** Records the paid invoice of a subscription's current period (creation or renewal) as its latest invoice. */
export function recordPeriodInvoice(
  sub: FakeSubscription,
  reason: 'subscription_create' | 'subscription_cycle',
  state: FakeBillingState,
): FakeInvoice {
  const invoice: FakeInvoice = {
    id: newId('in'),
    customer: sub.customer,
    subscription: sub.id,
    billingReason: reason,
    status: 'paid',
    created: state.now(),
    lines: [
      ...sub.items.map((item) => ({
        price: item.price,
        amount: state.amountOf(item.price) * item.quantity,
        periodStart: item.periodStart,
        periodEnd: item.periodEnd,
        itemId: item.id,
        proration: false,
      })),
      // A renewal takes in the pending proration items, as Stripe's next invoice does.
      ...(reason === 'subscription_cycle' ? (state.pendingItems.get(sub.customer) ?? []) : []),
    ],
  };
  if (reason === 'subscription_cycle') state.pendingItems.delete(sub.customer);
  const total = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  if (total < 0) state.creditCustomer(sub.customer, 0 - total);
  state.invoices.set(invoice.id, invoice);
  sub.latestInvoice = invoice.id;
  return invoice;
}
