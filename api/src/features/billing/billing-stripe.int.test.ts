import { startFakeStripe, type FakeStripe } from '@coinpace/adapters/testing';
import { findSubscription, subscriptions } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestApi, type TestApi } from '../../testing/harness.ts';
import { checkoutBody, stripeEnv, testClock } from './billing-test-support.ts';

const START = new Date('2026-03-15T10:00:00Z');
const PRICES = { basic: 'price_t_basic', pro: 'price_t_pro', enterprise: 'price_t_enterprise' };

describe.each(testEngines(process.env.DATABASE_URL))(
  'billing on Stripe (fake Stripe server) on %s',
  (engine) => {
    let api: TestApi;
    let fake: FakeStripe;
    const clock = testClock(START);
    beforeAll(async () => {
      fake = await startFakeStripe({
        prices: PRICES,
        secretKey: 'sk_test_api',
        webhookSecret: 'whsec_api',
        now: clock.now,
      });
      api = await startTestApi(engine, stripeEnv(fake), { now: clock.now });
    });
    afterAll(async () => {
      await api?.close();
      await fake?.close();
    });
    beforeEach(() => {
      clock.set(START);
      fake.declinePayments = false;
      fake.requests.length = 0;
    });

    const billing = async (token: string) => (await api.call('GET', '/api/billing/user', { token })).body;

    /** A fresh user who paid for `priceId` on (fake) Stripe and came back to payment-success. */
    async function subscribed(priceId: string) {
      const { token, user } = await api.signUp();
      const created = await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, priceId),
      });
      fake.completeCheckout(created.body.sessionId);
      const confirmed = await api.call('POST', '/api/billing/payment-success', {
        token,
        body: { sessionId: created.body.sessionId },
      });
      const row = await findSubscription(api.database.db, user.id);
      fake.requests.length = 0;
      return { token, user, confirmed: confirmed.body, subscriptionId: row!.subscriptionId! };
    }

    it('serves the Stripe price ids', async () => {
      const { token } = await api.signUp();
      const res = await api.call('GET', '/api/billing/plans', { token });
      expect(res.body.provider).toBe('stripe');
      expect(res.body.plans.map((p: { priceId: string }) => p.priceId)).toEqual([
        PRICES.basic,
        PRICES.pro,
        PRICES.enterprise,
      ]);
    });

    it("creates a checkout session with the plan price and the user's own customer", async () => {
      const { token, user } = await api.signUp();
      const email = (await api.call('GET', '/api/users/me', { token })).body.user.email;
      const created = await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, PRICES.pro),
      });
      expect(created.status).toBe(200);
      expect(created.body.url).toBe(`${fake.url}/c/pay/${created.body.sessionId}`);

      const [customerReq] = fake.requestsTo('POST', '/v1/customers');
      expect(customerReq?.body).toEqual({ email, metadata: { userId: user.id } });
      const customerId = [...fake.customers.values()].find((c) => c.metadata.userId === user.id)!.id;
      const [sessionReq] = fake.requestsTo('POST', '/v1/checkout/sessions');
      expect(sessionReq?.body).toMatchObject({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        line_items: [{ price: PRICES.pro, quantity: '1' }],
        success_url: `${api.url}/account?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${api.url}/dashboard`,
      });
      expect((await findSubscription(api.database.db, user.id))?.customerId).toBe(customerId);

      // A second checkout (abandoned the first) reuses the customer.
      fake.requests.length = 0;
      await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, PRICES.basic),
      });
      expect(fake.requestsTo('POST', '/v1/customers')).toHaveLength(0);
      expect(fake.requestsTo('POST', '/v1/checkout/sessions')[0]?.body.customer).toBe(customerId);
    });

    it('payment-success reads the paid session and subscription back from Stripe', async () => {
      const { token, confirmed } = await subscribed(PRICES.pro);
      expect(confirmed).toEqual({ success: true, plan: 'Token Run' });
      expect(await billing(token)).toMatchObject({
        plan: 'Token Run',
        accountStatus: 'Active',
        billingCycleEnd: '2026-04-15T10:00:00.000Z',
      });
    });

    it('payment-success for an unpaid session says so', async () => {
      const { token } = await api.signUp();
      const created = await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, PRICES.pro),
      });
      const res = await api.call('POST', '/api/billing/payment-success', {
        token,
        body: { sessionId: created.body.sessionId },
      });
      expect(res.body).toMatchObject({ success: false, plan: 'None' });
    });

    it('upgrades through a subscription update of the existing item, invoiced now', async () => {
      const { token, subscriptionId } = await subscribed(PRICES.basic);
      const itemId = fake.subscriptions.get(subscriptionId)!.items[0]!.id;
      clock.set(new Date('2026-03-25T10:00:00Z'));
      const up = await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, PRICES.enterprise),
      });
      expect(up.body).toMatchObject({ upgrade: true, plan: 'Moon Race' });
      expect(fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).map((r) => r.body)).toEqual([
        {
          items: [{ id: itemId, price: PRICES.enterprise }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'pending_if_incomplete',
        },
      ]);
      expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
      expect((await billing(token)).plan).toBe('Moon Race');
    });

    it('a declined upgrade leaves the plan as it was', async () => {
      const { token } = await subscribed(PRICES.basic);
      fake.declinePayments = true;
      const up = await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, PRICES.pro),
      });
      expect(up.status).toBe(409);
      expect(up.body.error).toMatch(/did not go through/);
      expect((await billing(token)).plan).toBe('Coinpace');
    });

    it('answers current without calling Stripe', async () => {
      const { token } = await subscribed(PRICES.pro);
      const same = await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, PRICES.pro),
      });
      expect(same.body).toMatchObject({ current: true, plan: 'Token Run' });
      expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    });

    it('cancels at the period end and reactivates on Stripe', async () => {
      const { token, subscriptionId } = await subscribed(PRICES.pro);
      const cancel = await api.call('POST', '/api/billing/cancel-subscription', { token, body: {} });
      expect(cancel.body.billing).toMatchObject({ cancelAtPeriodEnd: true, plan: 'Token Run' });
      const react = await api.call('POST', '/api/billing/reactivate-subscription', { token, body: {} });
      expect(react.body.billing).toMatchObject({ cancelAtPeriodEnd: false });
      expect(fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).map((r) => r.body)).toEqual([
        { cancel_at_period_end: 'true' },
        { cancel_at_period_end: 'false' },
      ]);
    });

    it('sync-plan reads back a subscription that ended at Stripe', async () => {
      const { token, subscriptionId } = await subscribed(PRICES.basic);
      await api.call('POST', '/api/billing/cancel-subscription', { token, body: {} });
      clock.set(new Date('2026-04-15T10:00:01Z'));
      fake.advancePeriod(subscriptionId);
      const synced = await api.call('POST', '/api/billing/sync-plan', { token, body: {} });
      expect(synced.body).toMatchObject({ plan: 'None', billing: { planStatus: 'canceled' } });
    });

    it('account deletion cancels the Stripe subscription now', async () => {
      const { token, subscriptionId } = await subscribed(PRICES.enterprise);
      const res = await api.call('DELETE', '/api/billing/delete-account', {
        token,
        body: { password: TEST_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
      expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    });

    it("account deletion expires the user's open Checkout session, so its page no longer takes a payment", async () => {
      const { token } = await api.signUp();
      const created = await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, PRICES.pro),
      });
      const sessionId: string = created.body.sessionId;
      const res = await api.call('DELETE', '/api/billing/delete-account', {
        token,
        body: { password: TEST_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(fake.requestsTo('POST', `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
      expect(fake.sessions.get(sessionId)?.status).toBe('expired');
      const page = await fetch(created.body.url as string);
      expect(page.status).toBe(410);
      const pay = await fetch(`${fake.url}/c/pay/${sessionId}/complete`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(pay.status).toBe(410);
      expect(
        [...fake.subscriptions.values()].filter(
          (s) => s.status === 'active' && s.customer === fake.sessions.get(sessionId)?.customer,
        ),
      ).toHaveLength(0);
    });

    it('account deletion cancels at once a subscription paid just before, whose webhook has not come yet', async () => {
      const { token } = await api.signUp();
      const created = await api.call('POST', '/api/billing/create-checkout-session', {
        token,
        body: checkoutBody(api, PRICES.basic),
      });
      const { subscription } = fake.completeCheckout(created.body.sessionId);
      const subscriptionId = subscription.id as string;
      const res = await api.call('DELETE', '/api/billing/delete-account', {
        token,
        body: { password: TEST_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
      expect(fake.subscriptions.get(subscriptionId)).toMatchObject({
        status: 'canceled',
        cancelAtPeriodEnd: false,
      });
    });

    it('account deletion ends a subscription set to cancel at the period end at once', async () => {
      const { token, subscriptionId } = await subscribed(PRICES.pro);
      await api.call('POST', '/api/billing/cancel-subscription', { token, body: {} });
      expect(fake.subscriptions.get(subscriptionId)?.cancelAtPeriodEnd).toBe(true);
      const res = await api.call('DELETE', '/api/billing/delete-account', {
        token,
        body: { password: TEST_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'canceled', endedAt: START });
    });

    it("lists the customer's invoices from Stripe with date, plan, amount and status", async () => {
      const { token, subscriptionId } = await subscribed(PRICES.basic);
      clock.set(new Date('2026-04-15T10:00:00Z'));
      fake.advancePeriod(subscriptionId);
      const res = await api.call('GET', '/api/billing/invoices', { token });
      expect(res.status).toBe(200);
      const customer = fake.subscriptions.get(subscriptionId)!.customer;
      expect(fake.requestsTo('GET', '/v1/invoices')[0]?.body).toMatchObject({ customer });
      expect(res.body.invoices).toEqual([
        expect.objectContaining({
          date: '2026-04-15T10:00:00.000Z',
          plan: 'Coinpace',
          status: 'paid',
          currency: 'usd',
        }),
        expect.objectContaining({
          date: START.toISOString(),
          plan: 'Coinpace',
          status: 'paid',
          currency: 'usd',
        }),
      ]);
      expect(res.body.invoices[0].amount).toBeGreaterThan(0);
    });

    it("opens Stripe's customer portal for the user's customer, returning to the account page", async () => {
      const { token, subscriptionId } = await subscribed(PRICES.pro);
      const res = await api.call('POST', '/api/billing/portal-session', { token, body: {} });
      expect(res.status).toBe(200);
      const [portal] = fake.portalSessions;
      expect(res.body.url).toBe(portal?.url);
      const [request] = fake.requestsTo('POST', '/v1/billing_portal/sessions');
      expect(request?.body).toEqual({
        customer: fake.subscriptions.get(subscriptionId)!.customer,
        return_url: `${api.config.publicUrl}/account`,
      });
      const foreign = await api.call('POST', '/api/billing/portal-session', {
        token,
        body: { returnUrl: 'https://evil.example/account' },
      });
      expect(foreign.status).toBe(400);
    });

    it('a user who never started a checkout has no invoices and no portal yet', async () => {
      const { token } = await api.signUp();
      expect((await api.call('GET', '/api/billing/invoices', { token })).body).toEqual({
        invoices: [],
        credit: 0,
      });
      const portal = await api.call('POST', '/api/billing/portal-session', { token, body: {} });
      expect(portal.status).toBe(409);
      expect(portal.body.error).toBe('No payment account yet: subscribe to a plan first.');
      expect((await api.call('GET', '/api/billing/local-portal/card', { token })).status).toBe(404);
    });

    it('a Stripe outage is a 503 and deletes nothing', async () => {
      const down = await startFakeStripe();
      await down.close();
      const broken = await startTestApi(engine, { ...stripeEnv(fake), STRIPE_API_URL: down.url });
      try {
        const { token, user } = await broken.signUp();
        await broken.database.db.insert(subscriptions).values({
          userId: user.id,
          provider: 'stripe',
          subscriptionId: 'sub_unreachable',
          planId: 'basic',
          status: 'active',
        });
        const res = await broken.call('DELETE', '/api/billing/delete-account', {
          token,
          body: { password: TEST_PASSWORD },
        });
        expect(res.status).toBe(503);
        expect((await broken.call('GET', '/api/users/me', { token })).body.user.id).toBe(user.id);
        expect((await broken.call('GET', '/api/billing/user', { token })).body.plan).toBe('Coinpace');
      } finally {
        await broken.close();
      }
      // A whole API of its own starts, and the deletion checks the password at the production scrypt cost.
    }, 90_000);
  },
);
