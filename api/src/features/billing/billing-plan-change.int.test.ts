import { startFakeStripe, type FakeStripe } from '@coinpace/adapters/testing';
import { testEngines } from '@coinpace/db/testing';
import { quotePlanChange } from '@coinpace/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { checkoutBody, stripeEnv, testClock } from './billing-test-support.ts';

const START = new Date('2026-03-15T10:00:00Z');
const END = new Date('2026-04-15T10:00:00Z');
const LATER = new Date('2026-03-25T10:00:00Z'); // 21 of 31 days left
const PRICES = { basic: 'price_pc_basic', pro: 'price_pc_pro', enterprise: 'price_pc_enterprise' };

describe.each(testEngines(process.env.DATABASE_URL))('plan changes on %s', (engine) => {
  let local: TestApi;
  let stripe: TestApi;
  let fake: FakeStripe;
  const clock = testClock(START);
  beforeAll(async () => {
    fake = await startFakeStripe({ prices: PRICES, now: clock.now });
    local = await startTestApi(engine, {}, { now: clock.now });
    stripe = await startTestApi(engine, stripeEnv(fake), { now: clock.now });
  });
  afterAll(async () => {
    await local?.close();
    await stripe?.close();
    await fake?.close();
  });
  beforeEach(() => clock.set(START));

  /** A fresh user on `planId`, paid through the API's provider (local page or fake Stripe). */
  async function subscribed(api: TestApi, planId: 'basic' | 'pro' | 'enterprise') {
    const { token } = await api.signUp();
    const plans = (await api.call('GET', '/api/billing/plans', { token })).body.plans;
    const priceId = plans.find((p: { id: string }) => p.id === planId).priceId;
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, priceId),
    });
    if (api === stripe) fake.completeCheckout(created.body.sessionId);
    else await api.call('POST', `/api/billing/local-checkout/${created.body.sessionId}/complete`, { token });
    await api.call('POST', '/api/billing/payment-success', {
      token,
      body: { sessionId: created.body.sessionId },
    });
    return token;
  }
  const preview = (api: TestApi, token: string, planId: string) =>
    api.call('POST', '/api/billing/plan-change/preview', { token, body: { planId } });
  const change = (api: TestApi, token: string, planId: string, effectiveAt: string) =>
    api.call('POST', '/api/billing/plan-change', { token, body: { planId, effectiveAt } });

  for (const provider of ['local', 'stripe'] as const) {
    const apiOf = () => (provider === 'local' ? local : stripe);

    it(`${provider}: previews an upgrade with the charge now, then charges exactly that`, async () => {
      const api = apiOf();
      const token = await subscribed(api, 'basic');
      clock.set(LATER);
      const res = await preview(api, token, 'enterprise');
      expect(res.status).toBe(200);
      const expected = quotePlanChange({
        fromPlanId: 'basic',
        toPlanId: 'enterprise',
        periodStart: START,
        periodEnd: END,
        at: LATER,
      });
      expect(res.body).toMatchObject({
        planId: 'enterprise',
        plan: 'Moon Race',
        fromPlan: 'Coinpace',
        direction: 'upgrade',
        amountDueNow: expected.amountDueNow,
        creditToNextInvoice: 0,
        currency: 'usd',
        effectiveAt: LATER.toISOString(),
        periodEnd: END.toISOString(),
        allowances: { notifications: { total: 1000, sms: 500, email: 500 }, setupCap: 5000 },
        usage: { notifications: { total: 0, sms: 0, email: 0 }, alertsSetUp: 0 },
      });
      expect(res.body.lines.map((l: { amount: number }) => l.amount)).toEqual([-406, 3386]);
      expect((await api.call('GET', '/api/billing/user', { token })).body.plan).toBe('Coinpace');

      clock.advance(5 * 60_000); // the user reads the dialog for five minutes
      const done = await change(api, token, 'enterprise', res.body.effectiveAt);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        success: true,
        plan: 'Moon Race',
        amountCharged: expected.amountDueNow,
        message: 'Your plan is now Moon Race.',
        billing: { plan: 'Moon Race', planLimits: { totalAlerts: 1000 } },
      });
      if (provider === 'stripe') {
        const charged = [...fake.invoices.values()].find((i) => i.billingReason === 'subscription_update')!;
        expect(charged.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(expected.amountDueNow);
      }
      // The prorated charge is an invoice of its own on the billing screen, next to the first period's.
      const invoices = await api.call('GET', '/api/billing/invoices', { token });
      expect(invoices.status).toBe(200);
      expect(invoices.body.invoices).toContainEqual(
        expect.objectContaining({ plan: 'Moon Race', amount: expected.amountDueNow / 100, status: 'paid' }),
      );
      expect(invoices.body.invoices).toHaveLength(2);
      expect(invoices.body.credit).toBe(0);
    });

    it(`${provider}: a downgrade charges nothing now, credits the next invoice, and applies at once`, async () => {
      const api = apiOf();
      const token = await subscribed(api, 'enterprise');
      clock.set(LATER);
      const res = await preview(api, token, 'basic');
      expect(res.body).toMatchObject({
        direction: 'downgrade',
        amountDueNow: 0,
        creditToNextInvoice: 3386 - 406,
        nextInvoiceAmount: 0,
        allowances: { notifications: { total: 50, sms: 25, email: 25 }, setupCap: 200 },
      });
      const done = await change(api, token, 'basic', res.body.effectiveAt);
      expect(done.body).toMatchObject({ plan: 'Coinpace', amountCharged: 0, billing: { plan: 'Coinpace' } });
      // The credit is shown with the invoices until the next invoices use it.
      const invoices = await api.call('GET', '/api/billing/invoices', { token });
      expect(invoices.body.credit).toBe((3386 - 406) / 100);
    });

    it(`${provider}: refuses what cannot be changed, with a reason`, async () => {
      const api = apiOf();
      const { token: none } = await api.signUp();
      expect(await preview(api, none, 'pro')).toMatchObject({
        status: 409,
        body: { error: 'You have no plan to change yet. Please choose a plan to subscribe first.' },
      });
      const token = await subscribed(api, 'pro');
      expect(await preview(api, token, 'pro')).toMatchObject({
        status: 409,
        body: { error: 'Token Run is already your current plan.' },
      });
      const unknown = await preview(api, token, 'platinum');
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(unknown.body)).toContain('Unknown plan');
      expect((await change(api, token, 'basic', 'yesterday')).status).toBe(400);

      const stale = new Date(START.getTime()).toISOString();
      clock.set(LATER);
      expect(await change(api, token, 'basic', stale)).toMatchObject({
        status: 409,
        body: { error: 'The price shown for this change has expired. Please review the change again.' },
      });
      await api.call('POST', '/api/billing/cancel-subscription', { token, body: {} });
      expect(await preview(api, token, 'basic')).toMatchObject({
        status: 409,
        body: { error: 'Your plan is set to end on April 15, 2026. Reactivate it before changing plan.' },
      });
      expect((await api.call('GET', '/api/billing/user', { token })).body.plan).toBe('Token Run');
    });
  }

  it('stripe: a declined upgrade leaves the plan as it was', async () => {
    const token = await subscribed(stripe, 'basic');
    const res = await preview(stripe, token, 'pro');
    fake.declinePayments = true;
    try {
      const done = await change(stripe, token, 'pro', res.body.effectiveAt);
      expect(done.status).toBe(409);
      expect(done.body.error).toMatch(/did not go through/);
    } finally {
      fake.declinePayments = false;
    }
    expect((await stripe.call('GET', '/api/billing/user', { token })).body.plan).toBe('Coinpace');
  });
});
