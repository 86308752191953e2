import Stripe from 'stripe';
import { AppError, isHigherTier, isPlanId, type PlanId, type SubscriptionSnapshot } from '@coinpace/domain';
import {
  WebhookSignatureError,
  type CheckoutSessionCreated,
  type CheckoutSessionInfo,
  type CreateCheckoutInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
} from './port.ts';
import { toAppError, toQuote, toSnapshot, toUnixSeconds } from './stripe-mapping.ts';

export interface StripeProviderOptions {
  /** Secret API key, sk_test_… or sk_live_… (config STRIPE_SECRET_KEY). */
  secretKey: string;
  /** Webhook signing secret, whsec_… (config STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** The monthly price id of each plan (config STRIPE_PRICE_BASIC/PRO/ENTERPRISE). */
  prices: Record<PlanId, string>;
  /** Base URL of the Stripe API (config STRIPE_API_URL); only scheme, host and port are used. Default Stripe's. */
  apiUrl?: string;
  /** Retries of failed idempotent requests (stripe-node adds idempotency keys to POSTs). Default 2. */
  maxNetworkRetries?: number;
  /** Request timeout in milliseconds. Default 10 000 (SPEC.md section 9, Timing). */
  timeoutMs?: number;
  /** Maximum age of a webhook signature in seconds. Default 300 (Stripe's). */
  webhookToleranceSeconds?: number;
}

/**
 * The payment port on Stripe (stripe-node 23, API 2026-10-28.endive): hosted Checkout in subscription mode,
 * one customer per user, one item per subscription, webhooks verified on the raw body.
 *
 * Proration: an upgrade is invoiced at once for the prorated difference (`always_invoice`) with
 * `payment_behavior: 'pending_if_incomplete'`, so the higher allowance is granted only once it is paid and a
 * declined card leaves the user on the plan they had. A downgrade uses `create_prorations`: it applies at once
 * and the unused time on the dearer plan becomes a credit on the next invoice, never an immediate refund.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...hostConfig(options.apiUrl),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 10_000,
    telemetry: false,
  });
  const planByPrice = new Map(Object.entries(options.prices).map(([plan, price]) => [price, plan as PlanId]));
  const planForPriceId = (priceId: string): PlanId | null => planByPrice.get(priceId) ?? null;
  const priceIdFor = (planId: PlanId): string => {
    const price = options.prices[planId];
    if (!price) throw new AppError('BAD_REQUEST', { message: `Unknown plan: ${planId}` });
    return price;
  };
  const snapshot = (sub: Stripe.Subscription) => toSnapshot(sub, planForPriceId);

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toAppError(error, what);
    }
  }

  async function createCustomer(input: CreateCheckoutInput): Promise<string> {
    const customer = await call('create customer', () =>
      stripe.customers.create({ email: input.email, metadata: { userId: input.userId } }),
    );
    return customer.id;
  }

  async function createSession(input: CreateCheckoutInput, customerId: string) {
    const metadata = { userId: input.userId, planId: input.planId };
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: input.userId,
      line_items: [{ price: priceIdFor(input.planId), quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata,
      subscription_data: { metadata },
    });
  }

  async function retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return call('read subscription', () => stripe.subscriptions.retrieve(subscriptionId));
  }

  /** Expires an open session; one paid meanwhile cannot be expired and is read back instead. */
  async function expireSession(sessionId: string): Promise<Stripe.Checkout.Session> {
    try {
      return await stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      const current = await call('read checkout session', () => stripe.checkout.sessions.retrieve(sessionId));
      if (current.status !== 'open') return current;
      throw toAppError(error, 'expire checkout session');
    }
  }

  return {
    name: 'stripe',
    priceIdFor,
    planForPriceId,

    async createCheckoutSession(input): Promise<CheckoutSessionCreated> {
      let customerId = input.customerId ?? (await createCustomer(input));
      let session: Stripe.Checkout.Session;
      try {
        session = await createSession(input, customerId);
      } catch (error) {
        // A kept customer id can outlive its customer (deleted in the dashboard, test keys swapped for live ones).
        if (!(input.customerId && isMissingCustomer(error)))
          throw toAppError(error, 'create checkout session');
        customerId = await createCustomer(input);
        session = await call('create checkout session', () => createSession(input, customerId));
      }
      if (!session.url)
        throw new AppError('INTERNAL', { message: 'Stripe returned a checkout session without a URL' });
      return { sessionId: session.id, url: session.url, customerId };
    },

    async getCheckoutSession(sessionId): Promise<CheckoutSessionInfo> {
      const session = await call('read checkout session', () => stripe.checkout.sessions.retrieve(sessionId));
      return toSessionInfo(session);
    },

    async getSubscription(subscriptionId) {
      return snapshot(await retrieveSubscription(subscriptionId));
    },

    async changePlan(subscriptionId, planId, options = {}) {
      const current = snapshot(await retrieveSubscription(subscriptionId));
      if (current.planId === planId) return current;
      const upgrade = current.planId !== null && isHigherTier(planId, current.planId);
      const prorationDate = options.prorationDate ? toUnixSeconds(options.prorationDate) : undefined;
      const updated = await call('change plan', () =>
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: current.itemId, price: priceIdFor(planId) }],
          ...(upgrade
            ? { proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' }
            : { proration_behavior: 'create_prorations' }),
          ...(prorationDate === undefined ? {} : { proration_date: prorationDate }),
        }),
      );
      return snapshot(updated);
    },

    async previewPlanChange(subscriptionId, planId, at) {
      const current = snapshot(await retrieveSubscription(subscriptionId));
      if (!current.planId || current.planId === planId)
        throw new AppError('BAD_REQUEST', { message: `Cannot preview a change to ${planId}` });
      const upgrade = isHigherTier(planId, current.planId);
      const prorationDate = toUnixSeconds(at);
      // The same proration behaviour as changePlan: an upgrade previews the invoice made now, a downgrade the
      // next invoice with its credit.
      const invoice = await call('preview plan change', () =>
        stripe.invoices.createPreview({
          customer: current.customerId,
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: current.itemId, price: priceIdFor(planId) }],
            proration_behavior: upgrade ? 'always_invoice' : 'create_prorations',
            proration_date: prorationDate,
          },
        }),
      );
      return toQuote(invoice, {
        fromPlanId: current.planId,
        planId,
        upgrade,
        effectiveAt: new Date(prorationDate * 1000),
        periodEnd: current.currentPeriodEnd,
      });
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const updated = await call(cancel ? 'cancel subscription' : 'reactivate subscription', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
      return snapshot(updated);
    },

    async closeCheckouts({ customerId }) {
      // Every session we create names the customer, so the customer's sessions are all the user's.
      if (!customerId) return [];
      const page = await call('list checkout sessions', () =>
        stripe.checkout.sessions.list({ customer: customerId, limit: 100 }),
      );
      const paid: string[] = [];
      for (const session of page.data) {
        const settled = session.status === 'open' ? await expireSession(session.id) : session;
        const subscriptionId = idOf(settled.subscription);
        if (settled.status === 'complete' && subscriptionId) paid.push(subscriptionId);
      }
      return paid;
    },

    async listInvoices({ customerId, limit }) {
      if (!customerId) return [];
      const page = await call('list invoices', () =>
        stripe.invoices.list({ customer: customerId, limit: limit ?? 24 }),
      );
      return page.data.map((invoice) => toProviderInvoice(invoice, planForPriceId));
    },

    async creditBalance({ customerId }) {
      if (!customerId) return 0;
      const customer = await call('read customer', () => stripe.customers.retrieve(customerId));
      if ('deleted' in customer && customer.deleted) return 0;
      // A downgrade (create_prorations) leaves its credit as pending proration items until the next invoice;
      // what that invoice cannot use goes to the balance. Both are the user's credit.
      const pending = await call('list pending invoice items', () =>
        stripe.invoiceItems.list({ customer: customerId, pending: true, limit: 100 }),
      );
      const pendingNet = pending.data.reduce((sum, item) => sum + item.amount, 0);
      return Math.max(0, 0 - (customer.balance + pendingNet));
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await call('create billing portal session', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    async cancelNow(subscriptionId) {
      // Idempotent: account deletion may run twice, and Stripe refuses to cancel a canceled subscription.
      const current = await retrieveSubscription(subscriptionId);
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return snapshot(current);
      return snapshot(await call('cancel subscription', () => stripe.subscriptions.cancel(subscriptionId)));
    },

    parseWebhook(rawBody, signature, now) {
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          options.webhookToleranceSeconds ?? 300,
          undefined,
          now?.getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(error.message, error);
        }
        throw new AppError('BAD_REQUEST', { message: 'Webhook body is not a Stripe event', cause: error });
      }
      return toProviderEvent(event, snapshot);
    },
  };
}

/** stripe-node takes host, port and protocol, not a URL. */
function hostConfig(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function isMissingCustomer(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    error.code === 'resource_missing' &&
    error.param === 'customer'
  );
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function toSessionInfo(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  const planId = session.metadata?.planId;
  return {
    sessionId: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    userId: session.client_reference_id ?? session.metadata?.userId ?? null,
    planId: isPlanId(planId) ? planId : null,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
  };
}

function toProviderEvent(
  event: Stripe.Event,
  snapshot: (sub: Stripe.Subscription) => SubscriptionSnapshot,
): ProviderEvent {
  const base = { id: event.id, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed':
      return { ...base, type: event.type, session: toSessionInfo(event.data.object) };
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, type: event.type, subscription: snapshot(event.data.object) };
    case 'invoice.paid': {
      const invoice = event.data.object;
      const period = subscriptionPeriod(invoice);
      return {
        ...base,
        type: 'invoice.paid',
        invoiceId: invoice.id,
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        customerId: idOf(invoice.customer),
        periodStart: period.start,
        periodEnd: period.end,
      };
    }
    default:
      return { ...base, type: 'ignored', providerType: event.type };
  }
}

/** The subscription period an invoice pays for: the latest-ending line's period (the invoice's own period is not it). */
function subscriptionPeriod(invoice: Stripe.Invoice): { start: Date; end: Date } {
  const latest = invoice.lines.data.reduce<Stripe.InvoiceLineItem | undefined>(
    (best, line) => (!best || line.period.end > best.period.end ? line : best),
    undefined,
  );
  const start = latest?.period.start ?? invoice.period_start;
  const end = latest?.period.end ?? invoice.period_end;
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

/** An invoice's plan is its newest line's price (an upgrade's invoice also has a credit line for the old plan). */
function toProviderInvoice(
  invoice: Stripe.Invoice,
  planForPriceId: (priceId: string) => PlanId | null,
): ProviderInvoice {
  const lines = [...invoice.lines.data].sort((a, b) => b.period.end - a.period.end || b.amount - a.amount);
  const price = lines
    .map((line) => line.pricing?.price_details?.price)
    .find((p): p is string | Stripe.Price => p !== undefined && p !== null);
  return {
    id: invoice.id,
    created: new Date(invoice.created * 1000),
    planId: price ? planForPriceId(typeof price === 'string' ? price : price.id) : null,
    amountCents: invoice.amount_due,
    currency: invoice.currency,
    status: INVOICE_STATUSES.find((status) => status === invoice.status) ?? 'draft',
  };
}

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
