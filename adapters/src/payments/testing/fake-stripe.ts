/**
 * A fake Stripe API for tests: a real HTTP server on 127.0.0.1 (ephemeral port) that answers the routes the
 * Stripe adapter calls, with Stripe's form-encoded requests, JSON shapes and error bodies, and keeps state.
 * Point stripe-node at it with `apiUrl: fake.url`. Webhooks are signed with stripe-node's own test helper.
 *
 * Routes: POST /v1/customers, GET /v1/customers/:id, POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
 * GET|POST|DELETE /v1/subscriptions/:id, plus a hosted-checkout page GET /c/pay/:id whose form posts to
 * /c/pay/:id/complete (completes the session and redirects to its success URL) for browser tests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PLANS, type PlanId } from '@coinpace/domain';
import { parseStripeForm, type FormObject } from './form-body.ts';
import {
  addMonth,
  checkoutSessionJson,
  customerJson,
  invoiceJson,
  newId,
  subscriptionJson,
  toUnix,
  type FakeCheckoutSession,
  type FakeCustomer,
  type FakeInvoice,
  type FakeSubscription,
} from './fake-stripe-objects.ts';
import { handleSubscriptionUpdate, StripeHttpError } from './fake-stripe-subscriptions.ts';

export interface FakeStripeOptions {
  /** The API key the server accepts (Bearer); default 'sk_test_fake'. */
  secretKey?: string;
  /** The webhook signing secret for `signedEvent`; default 'whsec_fake'. */
  webhookSecret?: string;
  /** Price ids per plan; default price_basic, price_pro, price_enterprise. Amounts come from PLANS. */
  prices?: Record<PlanId, string>;
  /** The fake's clock (object times, periods); default the real clock. */
  now?: () => Date;
}

/** One request as the fake received it, for assertions. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body, parsed from Stripe's bracket notation (values are strings). */
  body: FormObject;
  headers: IncomingMessage['headers'];
}

/** A signed webhook delivery: send `payload` as the body and `signature` as the Stripe-Signature header. */
export interface SignedEvent {
  event: { id: string; type: string; created: number; data: { object: unknown } };
  payload: string;
  signature: string;
}

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
  /** When true, invoices for upgrades fail to be paid (the update becomes a pending update). */
  declinePayments: boolean;
  /** Requests with this method and path (exact path, or a prefix ending in '/'). */
  requestsTo(method: string, path: string): RecordedRequest[];
  /** Completes an open checkout session as Stripe does after payment: customer, subscription, paid invoice. */
  completeCheckout(sessionId: string): { session: unknown; subscription: unknown; invoice: unknown };
  /** Ends the current period: a subscription set to cancel is deleted; otherwise it renews with a paid invoice. */
  advancePeriod(subscriptionId: string): { subscription: unknown; invoice: unknown | null };
  /** The Stripe JSON of a stored object, as GET would answer. */
  subscriptionJson(subscriptionId: string): ReturnType<typeof subscriptionJson>;
  sessionJson(sessionId: string): ReturnType<typeof checkoutSessionJson>;
  /** Builds a Stripe event around `object`, signed for `webhookSecret` (timestamp default: the fake's clock). */
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
  let baseUrl = '';

  const find = <T>(map: Map<string, T>, id: string, what: string): T => {
    const found = map.get(id);
    if (!found)
      throw new StripeHttpError(404, `No such ${what}: '${id}'`, { code: 'resource_missing', param: 'id' });
    return found;
  };

  const state = {
    declinePayments: false,
    now,
    amountOf,
    invoices,
    isKnownPrice: (price: string) => amounts.has(price),
  };

  function createCustomer(email: string | null, metadata: Record<string, string>): FakeCustomer {
    const customer = { id: newId('cus'), email, metadata, created: now() };
    customers.set(customer.id, customer);
    return customer;
  }

  function createSession(body: FormObject): FakeCheckoutSession {
    if (body.mode !== 'subscription')
      throw new StripeHttpError(400, 'This fake only supports mode=subscription.', { param: 'mode' });
    const lineItems = asArray(body.line_items).map((li, i) => {
      const price = str(asObject(li).price);
      if (!price || !amounts.has(price)) {
        throw new StripeHttpError(400, `No such price: '${price}'`, {
          code: 'resource_missing',
          param: `line_items[${i}][price]`,
        });
      }
      return { price, quantity: Number(str(asObject(li).quantity) ?? '1') };
    });
    if (lineItems.length === 0)
      throw new StripeHttpError(400, 'Missing required param: line_items.', { param: 'line_items' });
    const successUrl = str(body.success_url);
    const cancelUrl = str(body.cancel_url);
    if (!successUrl)
      throw new StripeHttpError(400, 'Missing required param: success_url.', { param: 'success_url' });
    const customer = str(body.customer) ?? null;
    if (customer && !customers.has(customer)) {
      throw new StripeHttpError(400, `No such customer: '${customer}'`, {
        code: 'resource_missing',
        param: 'customer',
      });
    }
    const id = newId('cs_test');
    const created = now();
    const session: FakeCheckoutSession = {
      id,
      created,
      expiresAt: new Date(created.getTime() + 24 * 3600_000),
      status: 'open',
      customer,
      customerEmail: str(body.customer_email) ?? (customer ? (customers.get(customer)?.email ?? null) : null),
      clientReferenceId: str(body.client_reference_id) ?? null,
      metadata: strings(body.metadata),
      subscriptionMetadata: strings(asObject(body.subscription_data ?? {}).metadata),
      lineItems,
      successUrl,
      cancelUrl: cancelUrl ?? successUrl,
      subscription: null,
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
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
        price: li.price,
        quantity: li.quantity,
        created: at,
        periodStart: at,
        periodEnd,
      })),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      created: at,
      metadata: session.subscriptionMetadata,
      latestInvoice: null,
      pendingUpdate: null,
    };
    const invoice = recordInvoice(sub, 'subscription_create', at);
    subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', customer, subscription: sub.id });
    return {
      session: checkoutSessionJson(session, amountOf),
      subscription: subscriptionJson(sub, amountOf),
      invoice: invoiceJson(invoice, sub.metadata),
    };
  }

  function recordInvoice(sub: FakeSubscription, reason: FakeInvoice['billingReason'], at: Date): FakeInvoice {
    const invoice: FakeInvoice = {
      id: newId('in'),
      customer: sub.customer,
      subscription: sub.id,
      billingReason: reason,
      status: 'paid',
      created: at,
      lines: sub.items.map((item) => ({
        price: item.price,
        amount: amountOf(item.price) * item.quantity,
        periodStart: item.periodStart,
        periodEnd: item.periodEnd,
        itemId: item.id,
        proration: false,
      })),
    };
    invoices.set(invoice.id, invoice);
    sub.latestInvoice = invoice.id;
    return invoice;
  }

  function advancePeriod(subscriptionId: string) {
    const sub = find(subscriptions, subscriptionId, 'subscription');
    const at = now();
    if (sub.cancelAtPeriodEnd) {
      Object.assign(sub, { status: 'canceled', canceledAt: at, endedAt: at });
      return { subscription: subscriptionJson(sub, amountOf), invoice: null };
    }
    for (const item of sub.items) {
      item.periodStart = item.periodEnd;
      item.periodEnd = addMonth(item.periodEnd);
    }
    sub.status = 'active';
    const invoice = recordInvoice(sub, 'subscription_cycle', at);
    return { subscription: subscriptionJson(sub, amountOf), invoice: invoiceJson(invoice, sub.metadata) };
  }

  function route(method: string, path: string, body: FormObject): { status?: number; json: unknown } {
    const [, , resource, id, extra] = path.split('/');
    if (method === 'POST' && path === '/v1/customers') {
      return { json: customerJson(createCustomer(str(body.email) ?? null, strings(body.metadata))) };
    }
    if (method === 'GET' && resource === 'customers' && id)
      return { json: customerJson(find(customers, id, 'customer')) };
    if (path === '/v1/checkout/sessions' && method === 'POST')
      return { json: checkoutSessionJson(createSession(body), amountOf) };
    if (resource === 'checkout' && id === 'sessions' && extra && method === 'GET') {
      return { json: checkoutSessionJson(find(sessions, extra, 'checkout.session'), amountOf) };
    }
    if (resource === 'subscriptions' && id) {
      const sub = find(subscriptions, id, 'subscription');
      if (method === 'GET') return { json: subscriptionJson(sub, amountOf) };
      if (method === 'POST') {
        handleSubscriptionUpdate(sub, body, state);
        return { json: subscriptionJson(sub, amountOf) };
      }
      if (method === 'DELETE') {
        if (sub.status === 'canceled') {
          throw new StripeHttpError(
            400,
            `A canceled subscription can only update its cancellation_details and metadata.`,
          );
        }
        const at = now();
        Object.assign(sub, { status: 'canceled', canceledAt: at, endedAt: at, cancelAtPeriodEnd: false });
        return { json: subscriptionJson(sub, amountOf) };
      }
    }
    throw new StripeHttpError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', baseUrl);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const body = parseStripeForm(
      method === 'GET' || method === 'DELETE' ? url.search.slice(1) + '&' + raw : raw,
    );

    if (url.pathname.startsWith('/c/pay/')) return hostedCheckout(method, url.pathname, res);

    requests.push({ method, path: url.pathname, body, headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.setHeader('request-id', newId('req'));
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      res.statusCode = 401;
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }),
      );
      return;
    }
    // Stripe replays the stored answer to a repeated Idempotency-Key (stripe-node's retries rely on it).
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (replay) {
      res.setHeader('idempotent-replayed', 'true');
      res.statusCode = replay.status;
      res.end(replay.body);
      return;
    }
    let answer: { status: number; body: string };
    try {
      const out = route(method, url.pathname, body);
      answer = { status: out.status ?? 200, body: JSON.stringify(out.json) };
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      answer = { status: error.status, body: JSON.stringify({ error: error.body }) };
    }
    if (typeof key === 'string') idempotent.set(key, answer);
    res.statusCode = answer.status;
    res.end(answer.body);
  }

  function hostedCheckout(method: string, pathname: string, res: ServerResponse) {
    const [, , , id, action] = pathname.split('/');
    const session = id ? sessions.get(id) : undefined;
    if (!session) {
      res.statusCode = 404;
      res.end('No such checkout session');
    } else if (method === 'POST' && action === 'complete') {
      if (session.status === 'open') completeCheckout(session.id);
      res.statusCode = 303;
      res.setHeader('location', session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id));
      res.end();
    } else {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      const price = session.lineItems.map((li) => (amountOf(li.price) / 100).toFixed(2)).join(' + ');
      res.end(
        `<!doctype html><title>Fake Stripe Checkout</title><h1>Pay $${price} / month</h1>` +
          `<form method="post" action="/c/pay/${session.id}/complete"><button type="submit">Pay</button></form>` +
          `<a href="${escapeHtml(session.cancelUrl)}">Cancel</a>`,
      );
    }
  }

  const server: Server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url: baseUrl,
    secretKey,
    webhookSecret,
    prices,
    requests,
    customers,
    sessions,
    subscriptions,
    invoices,
    get declinePayments() {
      return state.declinePayments;
    },
    set declinePayments(value: boolean) {
      state.declinePayments = value;
    },
    requestsTo: (method, path) =>
      requests.filter(
        (r) => r.method === method && (path.endsWith('/') ? r.path.startsWith(path) : r.path === path),
      ),
    completeCheckout,
    advancePeriod,
    subscriptionJson: (id) => subscriptionJson(find(subscriptions, id, 'subscription'), amountOf),
    sessionJson: (id) => checkoutSessionJson(find(sessions, id, 'checkout.session'), amountOf),
    signedEvent(type, object, opts = {}) {
      const created = toUnix(opts.created ?? now());
      const event = {
        id: opts.id ?? newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const payload = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? webhookSecret,
        timestamp: toUnix(opts.signedAt ?? now()),
      });
      return { event, payload, signature };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function asObject(value: unknown): FormObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as FormObject) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value.filter((v) => v !== undefined) : [];
}

function strings(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(asObject(value)).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
