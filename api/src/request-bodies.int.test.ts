/**
 * Malformed request bodies on every route that takes one (DESIGN.md section 4: bad input gets a 4xx
 * with a clear message, never a 500). The table must name every POST, PUT and PATCH route the routers
 * declare (and DELETE routes that read a body), so a new route cannot slip past it.
 */
import { testEngines, createTestSubscription } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyLimiters, startTestApi, type TestApi } from './testing/harness.ts';

import { ROUTES, type Fixture, type Kind } from './testing/request-body-routes.ts';

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
