import { eq } from 'drizzle-orm';
import { waitFor } from '@coinpace/adapters/testing';
import { usagePeriods } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestApi, type TestApi } from '../../testing/harness.ts';
import { rowsOfUser } from '../../testing/route-table.ts';
import { checkoutBody, testClock, watchBillingEvents } from './billing-test-support.ts';

const START = new Date('2026-03-15T10:00:00Z');
const DAY = 24 * 3600_000;

describe.each(testEngines(process.env.DATABASE_URL))('billing with local checkout on %s', (engine) => {
  let api: TestApi;
  let watcher: Awaited<ReturnType<typeof watchBillingEvents>>;
  const clock = testClock(START);
  beforeAll(async () => {
    api = await startTestApi(engine, {}, { now: clock.now });
    watcher = await watchBillingEvents(api.bus);
  });
  afterAll(async () => {
    await watcher?.stop();
    await api?.close();
  });
  beforeEach(() => clock.set(START));

  /** A fresh user subscribed to `priceId` through the local checkout; returns its token, id and session. */
  async function subscribed(priceId: string) {
    const { token, user } = await api.signUp();
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, priceId),
    });
    expect(created.status).toBe(200);
    const done = await api.call('POST', `/api/billing/local-checkout/${created.body.sessionId}/complete`, {
      token,
    });
    expect(done.status).toBe(200);
    return { token, user, sessionId: created.body.sessionId as string };
  }
  const billing = async (token: string) => (await api.call('GET', '/api/billing/user', { token })).body;

  it('lists the plans with local price ids', async () => {
    const { token } = await api.signUp();
    const res = await api.call('GET', '/api/billing/plans', { token });
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('local');
    expect(
      res.body.plans.map((p: { name: string; priceId: string; price: number; popular: boolean }) => [
        p.name,
        p.priceId,
        p.price,
        p.popular,
      ]),
    ).toEqual([
      ['Coinpace', 'local_basic', 5.99, false],
      ['Token Run', 'local_pro', 14.99, true],
      ['Moon Race', 'local_enterprise', 49.99, false],
    ]);
    expect(res.body.plans[1].features).toMatchObject({ totalAlerts: 200, smsAlerts: 100, emailAlerts: 100 });
  });

  it('a new user has no plan', async () => {
    const { token } = await api.signUp();
    expect(await billing(token)).toEqual({
      plan: 'None',
      planStatus: 'none',
      accountStatus: 'Pending',
      isInTrial: false,
      daysRemaining: 30,
      cancelAtPeriodEnd: false,
      billingCycleEnd: null,
      planLimits: { totalAlerts: 0, smsAlerts: 0, emailAlerts: 0 },
      alertUsage: { alertsSent: 0, remaining: 0 },
    });
  });

  it('subscribes through the local checkout page, and payment-success reads it back', async () => {
    const { token, user } = await api.signUp();
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, 'local_pro', { userId: user.id }),
    });
    expect(created.body).toEqual({
      url: `${api.url}/billing/local-checkout/${created.body.sessionId}`,
      sessionId: expect.stringMatching(/^local_/),
    });
    expect((await billing(token)).planStatus).toBe('pending');

    const page = await api.call('GET', `/api/billing/local-checkout/${created.body.sessionId}`, { token });
    expect(page.body).toEqual({
      sessionId: created.body.sessionId,
      status: 'open',
      plan: { id: 'pro', name: 'Token Run', price: 14.99 },
      expiresAt: new Date(START.getTime() + DAY).toISOString(),
    });

    const done = await api.call('POST', `/api/billing/local-checkout/${created.body.sessionId}/complete`, {
      token,
    });
    expect(done.body).toEqual({ url: `${api.url}/account?session_id=${created.body.sessionId}` });
    expect(await billing(token)).toMatchObject({
      plan: 'Token Run',
      planStatus: 'active',
      accountStatus: 'Active',
      daysRemaining: 31,
      billingCycleEnd: '2026-04-15T10:00:00.000Z',
      planLimits: { totalAlerts: 200, smsAlerts: 100, emailAlerts: 100 },
      alertUsage: { alertsSent: 0, remaining: 200 },
    });
    const usage = await api.database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject([{ periodStart: START, periodEnd: new Date('2026-04-15T10:00:00Z') }]);

    const confirmed = await api.call('POST', '/api/billing/payment-success', {
      token,
      body: { sessionId: created.body.sessionId },
    });
    expect(confirmed.body).toEqual({ success: true, plan: 'Token Run' });
    await waitFor(() => watcher.forUser(user.id).some((e) => e.plan === 'Token Run'), {
      what: 'billing:updated with Token Run',
    });
    expect(watcher.forUser(user.id)[0]).toEqual({ plan: 'None', reason: 'checkout_started' });
  });

  it('answers current for the plan in force, and changes plan at once up and down', async () => {
    const { token } = await subscribed('local_pro');
    const same = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, 'local_pro'),
    });
    expect(same.body).toMatchObject({ current: true, plan: 'Token Run' });
    expect(same.body.url).toBeUndefined();

    const up = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, 'local_enterprise'),
    });
    expect(up.body).toMatchObject({ upgrade: true, plan: 'Moon Race' });
    expect(await billing(token)).toMatchObject({ plan: 'Moon Race', planLimits: { totalAlerts: 1000 } });

    const down = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, 'local_basic'),
    });
    expect(down.body).toMatchObject({ upgrade: true, plan: 'Coinpace' });
    expect((await billing(token)).plan).toBe('Coinpace');
  });

  it('cancels at the period end keeping access, reactivates, and ends at the period end', async () => {
    const { token } = await subscribed('local_basic');
    const cancelled = await api.call('POST', '/api/billing/cancel-subscription', { token, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      success: true,
      plan: 'Coinpace',
      billing: {
        cancelAtPeriodEnd: true,
        accountStatus: 'Active',
        billingCycleEnd: '2026-04-15T10:00:00.000Z',
      },
    });
    const again = await api.call('POST', '/api/billing/reactivate-subscription', { token, body: {} });
    expect(again.body.billing).toMatchObject({ cancelAtPeriodEnd: false, plan: 'Coinpace' });

    await api.call('POST', '/api/billing/cancel-subscription', { token, body: {} });
    clock.set(new Date('2026-04-15T10:00:01Z'));
    expect(await billing(token)).toMatchObject({
      plan: 'None',
      planStatus: 'canceled',
      accountStatus: 'Pending',
    });
    const late = await api.call('POST', '/api/billing/reactivate-subscription', { token, body: {} });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/ended/);
  });

  it('renews at the period end into a new usage period', async () => {
    const { token, user } = await subscribed('local_pro');
    clock.set(new Date('2026-04-20T00:00:00Z'));
    expect(await billing(token)).toMatchObject({
      plan: 'Token Run',
      billingCycleEnd: '2026-05-15T10:00:00.000Z',
      daysRemaining: 26,
    });
    const usage = await api.database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage.map((u) => u.periodStart.toISOString()).sort()).toEqual([
      '2026-03-15T10:00:00.000Z',
      '2026-04-15T10:00:00.000Z',
    ]);
  });

  it('cancelling the checkout page goes back to the cancel URL and the session can no longer be paid', async () => {
    const { token } = await api.signUp();
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, 'local_pro'),
    });
    const back = await api.call('POST', `/api/billing/local-checkout/${created.body.sessionId}/cancel`, {
      token,
    });
    expect(back.body).toEqual({ url: `${api.url}/dashboard` });
    const paid = await api.call('POST', `/api/billing/local-checkout/${created.body.sessionId}/complete`, {
      token,
    });
    expect(paid.status).toBe(409);
    const confirmed = await api.call('POST', '/api/billing/payment-success', {
      token,
      body: { sessionId: created.body.sessionId },
    });
    expect(confirmed.body).toMatchObject({ success: false, plan: 'None' });
  });

  it('a checkout session expires after a day', async () => {
    const { token } = await api.signUp();
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, 'local_pro'),
    });
    clock.advance(DAY);
    const paid = await api.call('POST', `/api/billing/local-checkout/${created.body.sessionId}/complete`, {
      token,
    });
    expect(paid.status).toBe(409);
    expect(paid.body.error).toMatch(/expired/);
  });

  it('refuses unknown plans, foreign return URLs and missing fields with 400', async () => {
    const { token } = await api.signUp();
    const cases = [
      { priceId: 'price_gold' },
      { priceId: 'local_pro', successUrl: 'https://evil.example/account' },
      { priceId: 'local_pro', cancelUrl: 'javascript:alert(1)' },
      {},
    ];
    for (const body of cases) {
      const res = await api.call('POST', '/api/billing/create-checkout-session', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const noSession = await api.call('POST', '/api/billing/payment-success', { token, body: {} });
    expect(noSession.status).toBe(400);
    const unknown = await api.call('POST', '/api/billing/payment-success', {
      token,
      body: { sessionId: 'local_nope' },
    });
    expect(unknown.status).toBe(404);
  });

  it('cancel without a plan is a 409, sync-plan answers the billing info', async () => {
    const { token } = await api.signUp();
    expect((await api.call('POST', '/api/billing/cancel-subscription', { token, body: {} })).status).toBe(
      409,
    );
    const synced = await api.call('POST', '/api/billing/sync-plan', { token, body: {} });
    expect(synced.body).toMatchObject({ success: true, plan: 'None', billing: { accountStatus: 'Pending' } });
    const { token: paying } = await subscribed('local_enterprise');
    expect((await api.call('POST', '/api/billing/sync-plan', { token: paying, body: {} })).body.plan).toBe(
      'Moon Race',
    );
  });

  it('lists one paid invoice per period, and the local portal keeps a fake card as brand and last four only', async () => {
    const { token, user } = await subscribed('local_pro');
    clock.set(new Date(START.getTime() + 65 * DAY));
    await billing(token); // the period moved on twice while nobody looked: both renewals are invoiced
    const invoices = await api.call('GET', '/api/billing/invoices', { token });
    expect(invoices.status).toBe(200);
    expect(invoices.body.invoices.map((i: { date: string }) => i.date)).toEqual([
      '2026-05-15T10:00:00.000Z',
      '2026-04-15T10:00:00.000Z',
      START.toISOString(),
    ]);
    expect(invoices.body.invoices[0]).toMatchObject({ plan: 'Token Run', status: 'paid', currency: 'usd' });

    const portal = await api.call('POST', '/api/billing/portal-session', { token, body: {} });
    expect(portal.status).toBe(200);
    expect(new URL(portal.body.url).pathname).toBe('/billing/local-portal');

    expect((await api.call('GET', '/api/billing/local-portal/card', { token })).body).toEqual({ card: null });
    const bad = await api.call('PUT', '/api/billing/local-portal/card', {
      token,
      body: { number: '4242 4242 4242 4241', expMonth: 13, expYear: 2030, cvc: '12' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Card number is not valid');
    const expired = await api.call('PUT', '/api/billing/local-portal/card', {
      token,
      body: { number: '4242424242424242', expMonth: 1, expYear: 2026, cvc: '123' },
    });
    expect(expired.status).toBe(400);
    const saved = await api.call('PUT', '/api/billing/local-portal/card', {
      token,
      body: { number: '5555 5555 5555 4444', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(saved.body).toEqual({ card: { brand: 'Mastercard', last4: '4444', expMonth: 12, expYear: 2030 } });
    expect(JSON.stringify(await rowsOfUser(api, user.id))).not.toContain('5555555555554444');
  });

  it('has no webhook with local payments', async () => {
    const res = await api.call('POST', '/api/billing/webhook', {
      body: '{"id":"evt_1"}',
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(res.status).toBe(400);
  });

  it('deletes the account: subscription ended, data and local sign-in gone, old token refused', async () => {
    const { token, user } = await subscribed('local_pro');
    const email = (await api.call('GET', '/api/users/me', { token })).body.user.email;
    await api.call('POST', '/api/portfolio', {
      token,
      body: { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', quantity: 1, purchasePrice: 1 },
    });
    const res = await api.call('DELETE', '/api/billing/delete-account', {
      token,
      body: { userId: user.id, clerkId: user.clerkId, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await api.call('GET', '/api/portfolio', { token })).status).toBe(401);
    expect((await api.call('GET', '/api/billing/user', { token })).status).toBe(401);
    const signIn = await api.call('POST', '/api/auth/local/sign-in', {
      body: { email, password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(401);
    const usage = await api.database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toHaveLength(0);
    await waitFor(() => watcher.forUser(user.id).some((e) => e.reason === 'account_deleted'));
  });
});
