import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { checkoutBody } from './billing-test-support.ts';

/** Every billing route but the webhook (DESIGN.md section 4: all need the bearer token). */
const ROUTES: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/billing/plans'],
  ['GET', '/api/billing/user'],
  ['POST', '/api/billing/create-checkout-session', { priceId: 'local_pro' }],
  ['POST', '/api/billing/payment-success', { sessionId: 'local_x' }],
  ['POST', '/api/billing/cancel-subscription', {}],
  ['POST', '/api/billing/reactivate-subscription', {}],
  ['POST', '/api/billing/sync-plan', {}],
  ['DELETE', '/api/billing/delete-account', {}],
  ['GET', '/api/billing/local-checkout/local_x'],
  ['POST', '/api/billing/local-checkout/local_x/complete'],
  ['POST', '/api/billing/local-checkout/local_x/cancel'],
];

describe.each(testEngines(process.env.DATABASE_URL))('billing authorization on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it.each(ROUTES)('%s %s without a token is 401', async (method, path, body) => {
    const res = await api.call(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'No authentication token available' });
    const bad = await api.call(method, path, { body, token: 'not.a.token' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('Authentication failed - please sign in again');
  });

  it('a body naming another user is refused, and changes nothing of theirs', async () => {
    const victim = await api.signUp();
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token: victim.token,
      body: checkoutBody(api, 'local_pro'),
    });
    await api.call('POST', `/api/billing/local-checkout/${created.body.sessionId}/complete`, {
      token: victim.token,
    });
    const victimBilling = async () =>
      (await api.call('GET', '/api/billing/user', { token: victim.token })).body;
    const before = await victimBilling();
    expect(before).toMatchObject({ plan: 'Token Run', cancelAtPeriodEnd: false });

    const attacker = await api.signUp();
    const naming = [
      { userId: victim.user.id },
      { clerkId: victim.user.clerkId },
      { userId: victim.user.clerkId },
    ];
    for (const who of naming) {
      const attempts: [string, string, unknown][] = [
        ['POST', '/api/billing/cancel-subscription', who],
        ['POST', '/api/billing/reactivate-subscription', who],
        ['POST', '/api/billing/sync-plan', who],
        ['POST', '/api/billing/create-checkout-session', checkoutBody(api, 'local_enterprise', who)],
        ['POST', '/api/billing/payment-success', { sessionId: created.body.sessionId, ...who }],
        ['DELETE', '/api/billing/delete-account', who],
      ];
      for (const [method, path, body] of attempts) {
        const res = await api.call(method, path, { token: attacker.token, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(who)}`).toBe(403);
        expect(res.body.error).toMatch(/does not match the signed-in user/);
      }
    }
    // The victim's own session, without naming anyone: not found for the attacker.
    for (const [method, path] of [
      ['POST', '/api/billing/payment-success'],
      ['GET', `/api/billing/local-checkout/${created.body.sessionId}`],
      ['POST', `/api/billing/local-checkout/${created.body.sessionId}/complete`],
      ['POST', `/api/billing/local-checkout/${created.body.sessionId}/cancel`],
    ] as const) {
      const res = await api.call(method, path, {
        token: attacker.token,
        body:
          method === 'POST' && path.endsWith('payment-success')
            ? { sessionId: created.body.sessionId }
            : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }

    expect(await victimBilling()).toEqual(before);
    expect((await api.call('GET', '/api/users/me', { token: victim.token })).status).toBe(200);
    expect((await api.call('GET', '/api/billing/user', { token: attacker.token })).body.plan).toBe('None');
    // The attacker's own account is untouched by the refused deletions too.
    expect((await api.call('GET', '/api/users/me', { token: attacker.token })).status).toBe(200);
  });
});
