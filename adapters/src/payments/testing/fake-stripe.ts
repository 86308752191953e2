/**
 * A fake Stripe API for tests: a real HTTP server on 127.0.0.1 (ephemeral port) that answers the routes the
 * Stripe adapter calls, with Stripe's form-encoded requests, JSON shapes, error bodies and idempotent replays,
 * and keeps state. Point stripe-node at it with `apiUrl: fake.url`. Webhooks are signed with stripe-node's own
 * test helper.
 *
 * Routes: POST /v1/customers, GET /v1/customers/:id, POST|GET /v1/checkout/sessions (GET lists, by `customer` and
 * `status`), GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire, GET|POST|DELETE
 * /v1/subscriptions/:id, GET /v1/invoices (by `customer`), POST /v1/invoices/create_preview (a subscription
 * change), POST /v1/billing_portal/sessions, and the hosted-checkout page /c/pay/:id (fake-stripe-hosted.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLANS, type PlanId } from '@coinpace/domain';
import { formString, formStrings, type FormObject } from './form-body.ts';
import {
  addMonth,
  checkoutSessionJson,
  customerJson,
  newId,
  portalSessionJson,
  type FakeCheckoutSession,
  type FakeCustomer,
  type FakeInvoice,
  type FakeSubscription,
} from './fake-stripe-objects.ts';
import { invoiceJson, subscriptionJson } from './fake-stripe-billing-json.ts';
import {
  handleSubscriptionUpdate,
  previewSubscriptionChange,
  recordPeriodInvoice,
  StripeHttpError,
  type FakeBillingState,
} from './fake-stripe-subscriptions.ts';
import { serveHostedCheckout } from './fake-stripe-hosted.ts';
import { signEvent, type SignedEvent } from './fake-stripe-webhooks.ts';
import { newCheckoutSession } from './fake-stripe-checkout.ts';
import { stripeRequestHandler, type RecordedRequest } from './fake-stripe-http.ts';

export type { SignedEvent } from './fake-stripe-webhooks.ts';
export type { RecordedRequest } from './fake-stripe-http.ts';

export interface FakeStripeOptions {
  /** The API key the server accepts (Bearer); default 'sk_test_fake'. */
  secretKey?: string;
  /** The webhook signing secret for `signedEvent`; default 'whsec_fake'. */
  webhookSecret?: string;
  /** Price ids per plan; default price_basic, price_pro, price_enterprise. Amounts come from PLANS. */
  prices?: Record<PlanId, string>;
  /** The fake's clock (object times, periods, event times); default the real clock. */
  now?: () => Date;
}

/** One API request as the fake received it, for assertions. */

type Json = Record<string, unknown>;

export interface FakeStripe {
  /** Base URL, e.g. http://127.0.0.1:54321. */
  readonly url: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly prices: Record<PlanId, string>;
  readonly requests: RecordedRequest[];
  readonly customers: Map<string, FakeCustomer>;
  readonly sessions: Map<string, FakeCheckoutSession>;
  readonly subscriptions: Map<string, FakeSubscription>;
  readonly invoices: Map<string, FakeInvoice>;
  /** Customer-portal sessions created (Stripe's JSON). */
  readonly portalSessions: Json[];
  /** When true, invoices for upgrades are declined (with pending_if_incomplete the change waits). */
  declinePayments: boolean;
  /** API requests with this method and path (exact, or a prefix when it ends in '/'). */
  requestsTo(method: string, path: string): RecordedRequest[];
  /** Completes an open checkout session as Stripe does after payment: customer, subscription, paid invoice. */
  completeCheckout(sessionId: string): { session: Json; subscription: Json; invoice: Json };
  /** Expires an open checkout session (abandoned). */
  expireCheckout(sessionId: string): Json;
  /** Ends the current period: a subscription set to cancel is canceled; otherwise it renews with a paid invoice. */
  advancePeriod(subscriptionId: string): { subscription: Json; invoice: Json | null };
  /** Ends a subscription at once, as Stripe does after failed payments or a cancel in the dashboard. */
  endSubscription(subscriptionId: string): Json;
  /** The Stripe JSON of a stored subscription, as GET answers it. */
  subscriptionJson(subscriptionId: string): Json;
  /** Builds a Stripe event around `object`, signed with `webhookSecret`; times default to the fake's clock. */
  signedEvent(
    type: string,
    object: unknown,
    opts?: { id?: string; created?: Date; signedAt?: Date; secret?: string },
  ): SignedEvent;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1:0. Close it in `afterAll`. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const now = options.now ?? (() => new Date());
  const prices = options.prices ?? { basic: 'price_basic', pro: 'price_pro', enterprise: 'price_enterprise' };
  const amounts = new Map(PLANS.map((plan) => [prices[plan.id], Math.round(plan.price * 100)]));
  const amountOf = (price: string) => amounts.get(price) ?? 0;
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';

  const requests: RecordedRequest[] = [];
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const portalSessions: Json[] = [];
  const billing: FakeBillingState = {
    declinePayments: false,
    now,
    amountOf,
    invoices,
    pendingItems: new Map(),
    creditCustomer: (id, cents) => {
      const customer = customers.get(id);
      if (customer) customer.balance = (customer.balance ?? 0) - cents;
    },
    isKnownPrice: (price) => amounts.has(price),
    productName: (price) => PLANS.find((plan) => prices[plan.id] === price)?.name ?? price,
  };
  let baseUrl = '';

  const find = <T>(map: Map<string, T>, id: string, what: string): T => {
    const found = map.get(id);
    if (!found)
      throw new StripeHttpError(404, `No such ${what}: '${id}'`, { code: 'resource_missing', param: 'id' });
    return found;
  };
  const subJson = (sub: FakeSubscription) => subscriptionJson(sub, amountOf) as Json;
  const sessionJson = (session: FakeCheckoutSession) => checkoutSessionJson(session, amountOf) as Json;

  function createCustomer(email: string | null, metadata: Record<string, string>): FakeCustomer {
    const customer = { id: newId('cus'), email, metadata, created: now() };
    customers.set(customer.id, customer);
    return customer;
  }

  function createSession(body: FormObject): FakeCheckoutSession {
    const session = newCheckoutSession(body, {
      now: now(),
      baseUrl,
      isKnownPrice: (price) => amounts.has(price),
      customerEmail: (id) => (customers.has(id) ? (customers.get(id)?.email ?? null) : undefined),
    });
    sessions.set(session.id, session);
    return session;
  }

  function completeCheckout(sessionId: string) {
    const session = find(sessions, sessionId, 'checkout.session');
    if (session.status !== 'open')
      throw new Error(`checkout session ${sessionId} is ${session.status}, not open`);
    const at = now();
    const customer = session.customer ?? createCustomer(session.customerEmail, {}).id;
    const periodEnd = addMonth(at);
    const sub: FakeSubscription = {
      id: newId('sub'),
      customer,
      status: 'active',
      items: session.lineItems.map((li) => ({
        id: newId('si'),
        ...li,
        created: at,
        periodStart: at,
        periodEnd,
      })),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      created: at,
      metadata: { ...session.subscriptionMetadata },
      latestInvoice: null,
      pendingUpdate: null,
    };
    const invoice = recordPeriodInvoice(sub, 'subscription_create', billing);
    subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', customer, subscription: sub.id });
    return {
      session: sessionJson(session),
      subscription: subJson(sub),
      invoice: invoiceJson(invoice, sub.metadata),
    };
  }

  function advancePeriod(subscriptionId: string) {
    const sub = find(subscriptions, subscriptionId, 'subscription');
    if (sub.cancelAtPeriodEnd) {
      const at = now();
      Object.assign(sub, { status: 'canceled', canceledAt: at, endedAt: at });
      return { subscription: subJson(sub), invoice: null };
    }
    for (const item of sub.items) {
      item.periodStart = item.periodEnd;
      item.periodEnd = addMonth(item.periodEnd);
    }
    sub.status = 'active';
    const invoice = recordPeriodInvoice(sub, 'subscription_cycle', billing);
    return { subscription: subJson(sub), invoice: invoiceJson(invoice, sub.metadata) };
  }

  function endSubscription(sub: FakeSubscription): Json {
    const at = now();
    Object.assign(sub, { status: 'canceled', canceledAt: at, endedAt: at, cancelAtPeriodEnd: false });
    return subJson(sub);
  }

  /** Stripe's list envelope; the fake keeps everything on one page. */
  const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });

  /** GET /v1/checkout/sessions: newest first, filtered by customer and status as Stripe does. */
  function listSessions(query: FormObject) {
    const customer = formString(query.customer);
    const status = formString(query.status);
    const found = [...sessions.values()]
      .filter((s) => (!customer || s.customer === customer) && (!status || s.status === status))
      .sort((a, b) => b.created.getTime() - a.created.getTime());
    return list(
      '/v1/checkout/sessions',
      found.slice(0, Number(formString(query.limit) ?? '10')).map(sessionJson),
    );
  }

  /** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
  function expireSession(id: string) {
    const session = find(sessions, id, 'checkout.session');
    if (session.status !== 'open') {
      throw new StripeHttpError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
    }
    session.status = 'expired';
    return sessionJson(session);
  }

  /** GET /v1/invoices: the customer's invoices, newest first. */
  function listInvoices(query: FormObject) {
    const customer = formString(query.customer);
    const found = [...invoices.values()]
      .filter((inv) => !customer || inv.customer === customer)
      .sort((a, b) => b.created.getTime() - a.created.getTime())
      .slice(0, Number(formString(query.limit) ?? '10'));
    return list(
      '/v1/invoices',
      found.map((inv) => invoiceJson(inv, subscriptions.get(inv.subscription)?.metadata ?? {})),
    );
  }

  /** POST /v1/billing_portal/sessions: a portal session for a known customer. */
  function createPortalSession(body: FormObject) {
    const customer = formString(body.customer);
    if (!customer || !customers.has(customer)) {
      throw new StripeHttpError(400, `No such customer: '${customer ?? ''}'`, {
        code: 'resource_missing',
        param: 'customer',
      });
    }
    const id = newId('bps');
    const portal = portalSessionJson({
      id,
      customer,
      created: now(),
      returnUrl: formString(body.return_url) ?? null,
      url: `${baseUrl}/p/session/${id}`,
    });
    portalSessions.push(portal);
    return portal;
  }

  function route(method: string, path: string, body: FormObject): unknown {
    const [, , resource, id, extra, action] = path.split('/');
    if (method === 'GET' && path === '/v1/checkout/sessions') return listSessions(body);
    if (method === 'POST' && resource === 'checkout' && id === 'sessions' && extra && action === 'expire') {
      return expireSession(extra);
    }
    if (method === 'GET' && path === '/v1/invoices') return listInvoices(body);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(body);
    if (method === 'POST' && path === '/v1/customers') {
      return customerJson(createCustomer(formString(body.email) ?? null, formStrings(body.metadata)));
    }
    if (method === 'GET' && path === '/v1/invoiceitems') {
      const customer = formString(body.customer) ?? '';
      const items = billing.pendingItems.get(customer) ?? [];
      return list(
        path,
        items.map((l, i) => ({
          id: `ii_${customer}_${i}`,
          object: 'invoiceitem',
          customer,
          invoice: null,
          ...l,
        })),
      );
    }
    if (method === 'GET' && resource === 'customers' && id)
      return customerJson(find(customers, id, 'customer'));
    if (method === 'POST' && path === '/v1/checkout/sessions') return sessionJson(createSession(body));
    if (method === 'GET' && resource === 'checkout' && id === 'sessions' && extra) {
      return sessionJson(find(sessions, extra, 'checkout.session'));
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const subscriptionId = formString(body.subscription);
      if (!subscriptionId) throw new StripeHttpError(400, 'This fake previews subscription changes only.');
      const sub = find(subscriptions, subscriptionId, 'subscription');
      return invoiceJson(previewSubscriptionChange(sub, body, billing), sub.metadata);
    }
    if (resource === 'subscriptions' && id) {
      const sub = find(subscriptions, id, 'subscription');
      if (method === 'GET') return subJson(sub);
      if (method === 'POST') {
        handleSubscriptionUpdate(sub, body, billing);
        return subJson(sub);
      }
      if (method === 'DELETE') {
        if (sub.status === 'canceled') {
          throw new StripeHttpError(
            400,
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        return endSubscription(sub);
      }
    }
    throw new StripeHttpError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const onRequest = stripeRequestHandler({
    baseUrl: () => baseUrl,
    secretKey,
    requests,
    idempotent,
    route,
    hosted: (method, pathname, res) =>
      serveHostedCheckout(method, pathname, res, { sessions, complete: completeCheckout, amountOf }),
  });

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    prices,
    requests,
    customers,
    sessions,
    subscriptions,
    invoices,
    portalSessions,
    get declinePayments() {
      return billing.declinePayments;
    },
    set declinePayments(value: boolean) {
      billing.declinePayments = value;
    },
    requestsTo: (method, path) =>
      requests.filter(
        (r) => r.method === method && (path.endsWith('/') ? r.path.startsWith(path) : r.path === path),
      ),
    completeCheckout,
    expireCheckout(sessionId) {
      const session = find(sessions, sessionId, 'checkout.session');
      if (session.status !== 'open')
        throw new Error(`checkout session ${sessionId} is ${session.status}, not open`);
      session.status = 'expired';
      return sessionJson(session);
    },
    advancePeriod,
    endSubscription: (id) => endSubscription(find(subscriptions, id, 'subscription')),
    subscriptionJson: (id) => subJson(find(subscriptions, id, 'subscription')),
    signedEvent: (type, object, opts = {}) =>
      signEvent(type, object, {
        id: opts.id,
        created: opts.created ?? now(),
        signedAt: opts.signedAt ?? now(),
        secret: opts.secret ?? webhookSecret,
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
