/**
 * Malformed request bodies on every route that takes one (DESIGN.md section 4: bad input gets a 4xx
 * with a clear message, never a 500). The table must name every POST, PUT and PATCH route the routers
 * declare (and DELETE routes that read a body), so a new route cannot slip past it.
 */
import { testEngines, createTestSubscription } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyLimiters, startTestApi, type TestApi } from './testing/harness.ts';

interface Fixture {
  token: string;
  holdingId: string;
  /** The holding's opening transaction. */
  transactionId: string;
  alertId: string;
}

type Kind = 'text' | 'number' | 'list' | 'flag' | 'object';

interface RouteCase {
  /** The concrete path, with real ids where the route has parameters. */
  path: (f: Fixture) => string;
  /** Whether the route needs the bearer token. */
  token: boolean;
  /** The body fields the route's schema knows, by kind; malformed variants give each a wrong value. */
  fields: Record<string, Kind>;
  /**
   * A list whose items are checked one by one (bulk add, SPEC.md section 3): a well-formed list of bad
   * items is a 200 that adds nothing and names each item's problem.
   */
  itemsOneByOne?: true;
}

const ROUTES: Record<string, RouteCase> = {
  'POST /api/auth/local/sign-up': {
    path: () => '/api/auth/local/sign-up',
    token: false,
    fields: { email: 'text', password: 'text', firstName: 'text' },
  },
  'POST /api/auth/local/confirm-email': {
    path: () => '/api/auth/local/confirm-email',
    token: false,
    fields: { code: 'text' },
  },
  'POST /api/auth/local/sign-in': {
    path: () => '/api/auth/local/sign-in',
    token: false,
    fields: { email: 'text', password: 'text' },
  },
  'POST /api/users/ensure': {
    path: () => '/api/users/ensure',
    token: true,
    fields: { clerkId: 'text', email: 'text', firstName: 'text' },
  },
  'PATCH /api/users/me': {
    path: () => '/api/users/me',
    token: true,
    fields: { firstName: 'text', email: 'text', phone: 'text' },
  },
  'POST /api/users/me/verification': {
    path: () => '/api/users/me/verification',
    token: true,
    fields: { channel: 'text' },
  },
  'POST /api/users/me/verification/confirm': {
    path: () => '/api/users/me/verification/confirm',
    token: true,
    fields: { channel: 'text', code: 'text' },
  },
  'POST /api/portfolio': {
    path: () => '/api/portfolio',
    token: true,
    fields: {
      coingeckoId: 'text',
      name: 'text',
      symbol: 'text',
      address: 'text',
      quantity: 'number',
      purchasePrice: 'number',
      image: 'text',
    },
  },
  'POST /api/portfolio/bulk': {
    path: () => '/api/portfolio/bulk',
    token: true,
    fields: { portfolioItems: 'list' },
    itemsOneByOne: true,
  },
  'POST /api/portfolio/balances': {
    path: () => '/api/portfolio/balances',
    token: true,
    fields: { balances: 'list' },
  },
  'POST /api/portfolio/import-trades': {
    path: () => '/api/portfolio/import-trades',
    token: true,
    fields: { text: 'text', replaceOpening: 'flag', fileName: 'text' },
  },
  'POST /api/alert-destinations': {
    path: () => '/api/alert-destinations',
    token: true,
    fields: { kind: 'text', url: 'text', label: 'text' },
  },
  // Takes no body: whatever is sent, a destination of someone else (or of no one) is not found.
  'POST /api/alert-destinations/:id/test': {
    path: () => '/api/alert-destinations/00000000-0000-4000-8000-000000000000/test',
    token: true,
    fields: {},
  },
  'POST /api/push/subscriptions': {
    path: () => '/api/push/subscriptions',
    token: true,
    fields: { endpoint: 'text', keys: 'object', expirationTime: 'number' },
  },
  'POST /api/exchange-accounts': {
    path: () => '/api/exchange-accounts',
    token: true,
    fields: {
      exchange: 'text',
      label: 'text',
      apiKey: 'text',
      secret: 'text',
      password: 'text',
      confirmReadOnly: 'flag',
    },
  },
  // Takes no body: whatever is sent, an account of someone else (or of no one) is not found.
  'POST /api/exchange-accounts/:id/sync': {
    path: () => '/api/exchange-accounts/00000000-0000-4000-8000-000000000000/sync',
    token: true,
    fields: {},
  },
  // A valid body is mapped only on the user's own account: on no one's, it is not found.
  'POST /api/exchange-accounts/:id/assets': {
    path: () => '/api/exchange-accounts/00000000-0000-4000-8000-000000000000/assets',
    token: true,
    fields: { asset: 'text', coingeckoId: 'text' },
  },
  'POST /api/wallets': {
    path: () => '/api/wallets',
    token: true,
    fields: { label: 'text', address: 'text' },
  },
  // Takes no body: whatever is sent, a wallet of someone else (or of no one) is not found.
  'POST /api/wallets/:id/refresh': {
    path: () => '/api/wallets/00000000-0000-4000-8000-000000000000/refresh',
    token: true,
    fields: {},
  },
  'POST /api/holding-locations/:holdingId/adjust': {
    path: (f) => `/api/holding-locations/${f.holdingId}/adjust`,
    token: true,
    fields: { accountId: 'text' },
  },
  'POST /api/portfolio/import-trades/preview': {
    path: () => '/api/portfolio/import-trades/preview',
    token: true,
    fields: { text: 'text', replaceOpening: 'flag', fileName: 'text' },
  },
  'POST /api/portfolio/:id/report': {
    path: (f) => `/api/portfolio/${f.holdingId}/report`,
    token: true,
    fields: { note: 'text' },
  },
  'PUT /api/portfolio/:id': {
    path: (f) => `/api/portfolio/${f.holdingId}`,
    token: true,
    fields: { purchasePrice: 'number', quantity: 'number' },
  },
  'POST /api/portfolio/:id/transactions': {
    path: (f) => `/api/portfolio/${f.holdingId}/transactions`,
    token: true,
    fields: {
      type: 'text',
      at: 'text',
      quantity: 'number',
      pricePerCoin: 'number',
      fee: 'number',
      note: 'text',
    },
  },
  'PATCH /api/portfolio/:id/transactions/:transactionId': {
    path: (f) => `/api/portfolio/${f.holdingId}/transactions/${f.transactionId}`,
    token: true,
    fields: {
      type: 'text',
      at: 'text',
      quantity: 'number',
      pricePerCoin: 'number',
      fee: 'number',
      note: 'text',
    },
  },
  'POST /api/alerts': {
    path: () => '/api/alerts',
    token: true,
    fields: {
      type: 'text',
      coinId: 'text',
      coinIds: 'list',
      allCoins: 'flag',
      wholePortfolio: 'flag',
      thresholdType: 'text',
      thresholdValue: 'number',
      notificationMethod: 'text',
      resetInterval: 'text',
      coin: 'object',
      // A portfolio kind: the same route with a `kind`.
      kind: 'text',
      measure: 'text',
      holdingId: 'text',
    },
  },
  'POST /api/alerts/protect-portfolio': {
    path: () => '/api/alerts/protect-portfolio',
    token: true,
    fields: { lossPercent: 'number', notificationMethod: 'text', resetInterval: 'text' },
  },
  'PUT /api/alerts/:id': {
    path: (f) => `/api/alerts/${f.alertId}`,
    token: true,
    fields: {
      thresholdType: 'text',
      thresholdValue: 'number',
      notificationMethod: 'text',
      resetInterval: 'text',
      status: 'text',
      measure: 'text',
    },
  },
  'PATCH /api/alerts/:id/status': {
    path: (f) => `/api/alerts/${f.alertId}/status`,
    token: true,
    fields: { status: 'text' },
  },
  'PATCH /api/alerts/:id/reset-interval': {
    path: (f) => `/api/alerts/${f.alertId}/reset-interval`,
    token: true,
    fields: { resetInterval: 'text' },
  },
  'POST /api/billing/webhook': {
    path: () => '/api/billing/webhook',
    token: false,
    fields: { id: 'text', type: 'text', data: 'object' },
  },
  'POST /api/billing/create-checkout-session': {
    path: () => '/api/billing/create-checkout-session',
    token: true,
    fields: { priceId: 'text', successUrl: 'text', cancelUrl: 'text', userId: 'text' },
  },
  'POST /api/billing/payment-success': {
    path: () => '/api/billing/payment-success',
    token: true,
    fields: { sessionId: 'text', userId: 'text' },
  },
  'POST /api/billing/cancel-subscription': {
    path: () => '/api/billing/cancel-subscription',
    token: true,
    fields: { userId: 'text', clerkId: 'text' },
  },
  'POST /api/billing/reactivate-subscription': {
    path: () => '/api/billing/reactivate-subscription',
    token: true,
    fields: { userId: 'text', clerkId: 'text' },
  },
  'POST /api/billing/sync-plan': {
    path: () => '/api/billing/sync-plan',
    token: true,
    fields: { userId: 'text', clerkId: 'text' },
  },
  'DELETE /api/billing/delete-account': {
    path: () => '/api/billing/delete-account',
    token: true,
    fields: { userId: 'text', clerkId: 'text', password: 'text' },
  },
  'POST /api/billing/portal-session': {
    path: () => '/api/billing/portal-session',
    token: true,
    fields: { returnUrl: 'text', userId: 'text', clerkId: 'text' },
  },
  'POST /api/billing/plan-change/preview': {
    path: () => '/api/billing/plan-change/preview',
    token: true,
    fields: { planId: 'text', userId: 'text', clerkId: 'text' },
  },
  'POST /api/billing/plan-change': {
    path: () => '/api/billing/plan-change',
    token: true,
    fields: { planId: 'text', effectiveAt: 'text', userId: 'text', clerkId: 'text' },
  },
  'PUT /api/billing/local-portal/card': {
    path: () => '/api/billing/local-portal/card',
    token: true,
    fields: { number: 'text', expMonth: 'number', expYear: 'number', cvc: 'text', userId: 'text' },
  },
  'POST /api/billing/local-checkout/:sessionId/complete': {
    path: () => '/api/billing/local-checkout/local_missing/complete',
    token: true,
    fields: { sessionId: 'text' },
  },
  'POST /api/billing/local-checkout/:sessionId/cancel': {
    path: () => '/api/billing/local-checkout/local_missing/cancel',
    token: true,
    fields: { sessionId: 'text' },
  },
  'POST /api/prices/track': {
    path: () => '/api/prices/track',
    token: true,
    fields: { coingeckoId: 'text', name: 'text', symbol: 'text', address: 'text' },
  },
  'POST /api/prices/update': { path: () => '/api/prices/update', token: true, fields: { ids: 'list' } },
  'POST /api/check-password': {
    path: () => '/api/check-password',
    token: false,
    fields: { password: 'text' },
  },
  'POST /api/beta-signup': {
    path: () => '/api/beta-signup',
    token: false,
    fields: { email: 'text', tradingKnowledge: 'text', wallet: 'text' },
  },
  'POST /api/contact': {
    path: () => '/api/contact',
    token: false,
    fields: { name: 'text', email: 'text', message: 'text' },
  },
};

/** One malformed body: its raw text and content type. */
interface Variant {
  body: (fields: Record<string, Kind>) => string;
  contentType?: string;
}

/** A value of the wrong type for each kind of field. */
const WRONG_TYPE: Record<Kind, unknown> = {
  text: 12345,
  number: 'twelve',
  list: 'bitcoin',
  flag: 'yes',
  object: 'x',
};

const each = (value: (kind: Kind) => unknown) => (fields: Record<string, Kind>) =>
  JSON.stringify(Object.fromEntries(Object.entries(fields).map(([field, kind]) => [field, value(kind)])));
const every = (value: unknown) => each(() => value);

const VARIANTS: Record<string, Variant> = {
  'not JSON': { body: () => '{"email": ' },
  'JSON null': { body: () => 'null' },
  'a JSON number': { body: () => '42' },
  'a JSON string': { body: () => '"hello"' },
  'a JSON array': { body: () => '[{"a": 1}, 2]' },
  'a text/plain body': { body: () => 'email=a@example.test', contentType: 'text/plain' },
  'a form body': {
    body: () => 'email=a%40example.test&password=x',
    contentType: 'application/x-www-form-urlencoded',
  },
  'over the size limit': { body: () => JSON.stringify({ note: 'x'.repeat(1_100_000) }) },
  'the wrong type for every field': { body: each((kind) => WRONG_TYPE[kind]) },
  'negative numbers for every field': { body: every(-1) },
  'arrays for every field': { body: each((kind) => (kind === 'list' ? [[1]] : ['x'])) },
  'objects for every field': { body: every({ nested: true }) },
  'null for every field': { body: every(null) },
  'booleans for every field': { body: every(true) },
  'an unknown field': { body: () => JSON.stringify({ notAField: 'x' }) },
};

/** zod's own English (e.g. 'Invalid input: expected string, received number') is not a field message. */
const ZOD_DEFAULT = /^Invalid input|^Invalid option|^Too (big|small)|^Unrecognized key/;

/** Routes that read a body: every POST, PUT and PATCH, and DELETE /api/billing/delete-account. */
const takesBody = (route: string) =>
  /^(POST|PUT|PATCH) /.test(route) || route === 'DELETE /api/billing/delete-account';

describe.each(testEngines(process.env.DATABASE_URL))('malformed request bodies on %s', (engine) => {
  let api: TestApi;
  const fixture = {} as Fixture;

  beforeAll(async () => {
    // Generous limits: the point is what each request says, not how many the limiters let through.
    api = await startTestApi(
      engine,
      {},
      {
        limiters: roomyLimiters,
      },
    );
    const { token, user } = await api.signUp();
    fixture.token = token;
    await api.call('PATCH', '/api/users/me', { token, body: { phone: '+15550001111' } });
    await createTestSubscription(api.database.db, user.id, { planId: 'basic' });
    const holding = await api.call('POST', '/api/portfolio', {
      token,
      body: { coingeckoId: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', quantity: 1, purchasePrice: 30000 },
    });
    expect(holding.status).toBe(201);
    fixture.holdingId = holding.body.id;
    const history = await api.call('GET', `/api/portfolio/${holding.body.id}/transactions`, { token });
    expect(history.status).toBe(200);
    fixture.transactionId = history.body.transactions[0].id;
    const alert = await api.call('POST', '/api/alerts', {
      token,
      body: {
        type: 'PortfolioGainLoss',
        coinId: holding.body.id,
        thresholdType: 'Gain',
        thresholdValue: 10,
        notificationMethod: 'Email',
      },
    });
    expect(alert.status).toBe(201);
    fixture.alertId = alert.body.alerts[0].id;
  });
  afterAll(() => api?.close());

  it('names every route that takes a body', () => {
    const declared = api.routes.filter(takesBody).sort();
    expect(Object.keys(ROUTES).sort()).toEqual(declared);
  });

  const cases = Object.keys(ROUTES).flatMap((route) =>
    Object.keys(VARIANTS).map((variant) => [route, variant]),
  );

  it.each(cases)('%s with %s: a 4xx with a JSON error, never a 500', async (route, variant) => {
    const spec = ROUTES[route]!;
    const { body, contentType } = VARIANTS[variant]!;
    const response = await fetch(api.url + spec.path(fixture), {
      method: route.split(' ')[0],
      headers: {
        'content-type': contentType ?? 'application/json',
        ...(spec.token ? { authorization: `Bearer ${fixture.token}` } : {}),
      },
      body: body(spec.fields),
    });
    const text = await response.text();
    if (spec.itemsOneByOne && response.status === 200) {
      const result = JSON.parse(text) as { successful: number; failed: number; errors: { error: string }[] };
      expect(result.successful).toBe(0);
      expect(result.failed).toBeGreaterThan(0);
      for (const { error } of result.errors) expect(error).not.toMatch(ZOD_DEFAULT);
      return;
    }
    expect(response.status, text).toBeGreaterThanOrEqual(400);
    expect(response.status, text).toBeLessThan(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const answer = JSON.parse(text) as { error?: unknown; details?: { path: string; message: string }[] };
    expect(typeof answer.error).toBe('string');
    expect(answer.error).not.toBe('');
    expect(answer.error).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
    expect(answer.error).not.toMatch(ZOD_DEFAULT);
    for (const issue of answer.details ?? []) expect(issue.message).not.toMatch(ZOD_DEFAULT);
  });

  it('left the account and its data alone', async () => {
    const me = await api.call('GET', '/api/users/me', { token: fixture.token });
    expect(me.status).toBe(200);
    expect(me.body.user.phone).toBe('+15550001111');
    const holdings = await api.call('GET', '/api/portfolio', { token: fixture.token });
    expect(holdings.body).toHaveLength(1);
    expect(holdings.body[0].purchasePrice).toBe('30000');
    const alert = await api.call('GET', `/api/alerts/${fixture.alertId}`, { token: fixture.token });
    expect(alert.body).toMatchObject({ status: 'Active', thresholdValue: 10 });
  });
});
