import { startFakeStripe, type FakeStripe, type SignedEvent } from '@coinpace/adapters/testing';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { checkoutBody, stripeEnv, testClock } from './billing-test-support.ts';

const START = new Date('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(START.getTime() + ms);

/**
 * The defect: a deletion whose `created` (whole seconds, Stripe's clock) falls in the same second as a
 * read-back we made (our clock, milliseconds) must still end the plan.
 */
describe.each(testEngines(process.env.DATABASE_URL))('Billing truth in any order on %s', (engine) => {
  let api: TestApi;
  let fake: FakeStripe;
  const clock = testClock(START);
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: 'whsec_order', now: clock.now });
    api = await startTestApi(engine, stripeEnv(fake), { now: clock.now });
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });

  const deliver = (signed: Pick<SignedEvent, 'payload' | 'signature'>) =>
    api.call('POST', '/api/billing/webhook', {
      body: signed.payload,
      headers: { 'stripe-signature': signed.signature },
    });
  const billing = async (token: string) => (await api.call('GET', '/api/billing/user', { token })).body;

  it('subscribe, cancel at period end, reactivate, then a deletion in the same second ends the plan', async () => {
    clock.set(START);
    const { token } = await api.signUp();
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, fake.prices.enterprise),
    });
    const paid = fake.completeCheckout(created.body.sessionId);
    const subscriptionId = (paid.subscription as { id: string }).id;
    const confirmed = await api.call('POST', '/api/billing/payment-success', {
      token,
      body: { sessionId: created.body.sessionId },
    });
    expect(confirmed.body).toMatchObject({ success: true, plan: 'Moon Race' });

    clock.set(at(10_200));
    expect((await api.call('POST', '/api/billing/cancel-subscription', { token, body: {} })).status).toBe(
      200,
    );
    clock.set(at(10_700));
    expect((await api.call('POST', '/api/billing/reactivate-subscription', { token, body: {} })).status).toBe(
      200,
    );
    expect(await billing(token)).toMatchObject({ plan: 'Moon Race', cancelAtPeriodEnd: false });

    // Stripe ends it 200 ms later; the event's `created` is the same whole second as the reactivation.
    clock.set(at(10_900));
    const ended = fake.endSubscription(subscriptionId);
    const res = await deliver(fake.signedEvent('customer.subscription.deleted', ended));
    expect(res.status).toBe(200);
    expect(await billing(token)).toMatchObject({ plan: 'None' });
  });

  it('a Stripe clock a second behind ours cannot hide a deletion', async () => {
    clock.set(START);
    const { token } = await api.signUp();
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, fake.prices.pro),
    });
    const paid = fake.completeCheckout(created.body.sessionId);
    const subscriptionId = (paid.subscription as { id: string }).id;
    clock.set(at(5_000));
    await api.call('POST', '/api/billing/payment-success', {
      token,
      body: { sessionId: created.body.sessionId },
    });
    expect((await billing(token)).plan).toBe('Token Run');

    // Our clock read 5 s at the read-back; Stripe's says 4 s when it ends the subscription afterwards.
    clock.set(at(4_000));
    const ended = fake.endSubscription(subscriptionId);
    await deliver(fake.signedEvent('customer.subscription.deleted', ended));
    clock.set(at(6_000));
    expect(await billing(token)).toMatchObject({ plan: 'None' });
  });
});
