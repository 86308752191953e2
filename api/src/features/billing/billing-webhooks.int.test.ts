import { eq } from 'drizzle-orm';
import { startFakeStripe, waitFor, type FakeStripe, type SignedEvent } from '@coinpace/adapters/testing';
import { findSubscription, processedWebhookEvents, usagePeriods } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { checkoutBody, stripeEnv, testClock, watchBillingEvents } from './billing-test-support.ts';

const START = new Date('2026-06-01T12:00:00Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);

describe.each(testEngines(process.env.DATABASE_URL))('Stripe webhooks on %s', (engine) => {
  let api: TestApi;
  let fake: FakeStripe;
  let watcher: Awaited<ReturnType<typeof watchBillingEvents>>;
  const clock = testClock(START);
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: 'whsec_hooks', now: clock.now });
    api = await startTestApi(engine, stripeEnv(fake), { now: clock.now });
    watcher = await watchBillingEvents(api.bus);
  });
  afterAll(async () => {
    await watcher?.stop();
    await api?.close();
    await fake?.close();
  });
  beforeEach(() => clock.set(START));

  const deliver = (signed: Pick<SignedEvent, 'payload' | 'signature'>) =>
    api.call('POST', '/api/billing/webhook', {
      body: signed.payload,
      headers: { 'stripe-signature': signed.signature },
    });
  const billing = async (token: string) => (await api.call('GET', '/api/billing/user', { token })).body;
  const recorded = async (eventId: string) =>
    api.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, eventId));

  /** A user who started checkout and paid at the fake Stripe, without coming back to payment-success. */
  async function paidAtStripe(priceId = fake.prices.pro) {
    const { token, user } = await api.signUp();
    const created = await api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: checkoutBody(api, priceId),
    });
    const paid = fake.completeCheckout(created.body.sessionId);
    return { token, user, ...paid, subscriptionId: (paid.subscription as { id: string }).id };
  }

  it('applies a valid checkout.session.completed', async () => {
    const { token, user, session } = await paidAtStripe();
    expect((await billing(token)).planStatus).toBe('pending');
    const res = await deliver(
      fake.signedEvent('checkout.session.completed', session, { id: `evt_ok_${user.id}` }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await billing(token)).toMatchObject({
      plan: 'Token Run',
      accountStatus: 'Active',
      billingCycleEnd: '2026-07-01T12:00:00.000Z',
    });
    expect(await recorded(`evt_ok_${user.id}`)).toHaveLength(1);
    await waitFor(() => watcher.forUser(user.id).some((e) => e.reason === 'checkout.session.completed'));
  });

  it('refuses a bad signature with 400 and applies nothing', async () => {
    const { token, user, session } = await paidAtStripe();
    const forged = fake.signedEvent('checkout.session.completed', session, {
      id: `evt_forged_${user.id}`,
      secret: 'whsec_someone_else',
    });
    const res = await deliver(forged);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/signature/i);

    const genuine = fake.signedEvent('checkout.session.completed', session, { id: `evt_tamper_${user.id}` });
    const tampered = await deliver({
      payload: genuine.payload.replace('"complete"', '"open"'),
      signature: genuine.signature,
    });
    expect(tampered.status).toBe(400);
    const unsigned = await api.call('POST', '/api/billing/webhook', { body: genuine.payload });
    expect(unsigned.status).toBe(400);

    expect((await billing(token)).plan).toBe('None');
    expect(await recorded(`evt_forged_${user.id}`)).toHaveLength(0);
    expect(await recorded(`evt_tamper_${user.id}`)).toHaveLength(0);
    expect(watcher.forUser(user.id).map((e) => e.reason)).toEqual(['checkout_started']);
  });

  it('applies a redelivered event once', async () => {
    const { token, user, subscriptionId } = await paidAtStripe();
    const { invoice } = (() => {
      clock.set(new Date('2026-07-01T12:00:01Z'));
      return fake.advancePeriod(subscriptionId);
    })();
    const signed = fake.signedEvent('invoice.paid', invoice, { id: `evt_dup_${user.id}` });
    const sub = fake.signedEvent('customer.subscription.updated', fake.subscriptionJson(subscriptionId), {
      id: `evt_sub_${user.id}`,
    });
    expect((await deliver(sub)).body).toEqual({ received: true });
    const before = watcher.forUser(user.id).length;

    const first = await deliver(signed);
    const second = await deliver(signed);
    expect(first.body).toEqual({ received: true });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ received: true, duplicate: true });
    expect(await recorded(`evt_dup_${user.id}`)).toHaveLength(1);
    await waitFor(() => watcher.forUser(user.id).length === before + 1);
    const usage = await api.database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage.map((u) => u.periodStart.toISOString())).toContain('2026-07-01T12:00:00.000Z');
    expect(await billing(token)).toMatchObject({
      plan: 'Token Run',
      billingCycleEnd: '2026-08-01T12:00:00.000Z',
    });
  });

  it('tolerates customer.subscription.updated arriving before checkout.session.completed', async () => {
    const { token, user, session, subscription, subscriptionId } = await paidAtStripe(fake.prices.enterprise);
    // Stripe sends the session event first, but the subscription event is delivered first.
    const completed = fake.signedEvent('checkout.session.completed', session, { created: at(0) });
    const updated = fake.signedEvent('customer.subscription.updated', subscription, { created: at(1) });

    expect((await deliver(updated)).body).toEqual({ received: true });
    expect(await billing(token)).toMatchObject({ plan: 'Moon Race', accountStatus: 'Active' });
    const row = await findSubscription(api.database.db, user.id);
    // lastEventAt is our clock when the provider's word was applied, never Stripe's `created`.
    expect(row).toMatchObject({ subscriptionId, lastEventAt: START });

    fake.requests.length = 0;
    expect((await deliver(completed)).status).toBe(200);
    // A webhook is a signal: the subscription is read back, and nothing moves back.
    expect(fake.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(await billing(token)).toMatchObject({
      plan: 'Moon Race',
      billingCycleEnd: '2026-07-01T12:00:00.000Z',
    });

    // An older snapshot arriving last (set to cancel, created before both) changes nothing.
    const stale = fake.signedEvent(
      'customer.subscription.updated',
      { ...(subscription as object), cancel_at_period_end: true },
      { created: new Date(START.getTime() - 60_000) },
    );
    expect((await deliver(stale)).status).toBe(200);
    expect((await billing(token)).cancelAtPeriodEnd).toBe(false);
  });

  it('checkout.session.completed alone reads the subscription back', async () => {
    const { token, session, subscriptionId } = await paidAtStripe(fake.prices.basic);
    fake.requests.length = 0;
    await deliver(fake.signedEvent('checkout.session.completed', session));
    expect(fake.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect((await billing(token)).plan).toBe('Coinpace');
  });

  it('customer.subscription.deleted ends the plan; an event about an old subscription leaves the new one', async () => {
    const first = await paidAtStripe(fake.prices.basic);
    await deliver(fake.signedEvent('checkout.session.completed', first.session));
    clock.set(at(60));
    const ended = { ...fake.subscriptionJson(first.subscriptionId), status: 'canceled' };
    expect((await deliver(fake.signedEvent('customer.subscription.deleted', ended))).status).toBe(200);
    expect(await billing(first.token)).toMatchObject({ plan: 'None', planStatus: 'canceled' });

    // The same user subscribes again; a late duplicate-looking deletion of the old one must not end the new one.
    clock.set(at(120));
    const again = await api.call('POST', '/api/billing/create-checkout-session', {
      token: first.token,
      body: checkoutBody(api, fake.prices.pro),
    });
    fake.completeCheckout(again.body.sessionId);
    await api.call('POST', '/api/billing/payment-success', {
      token: first.token,
      body: { sessionId: again.body.sessionId },
    });
    expect((await billing(first.token)).plan).toBe('Token Run');
    clock.set(at(180));
    await deliver(fake.signedEvent('customer.subscription.deleted', ended));
    expect((await billing(first.token)).plan).toBe('Token Run');
  });

  it('acknowledges events it does not act on, or about no user of ours', async () => {
    const other = fake.signedEvent('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver(other)).body).toEqual({ received: true, ignored: 'customer.created' });
    const { subscription } = await paidAtStripe();
    const stranger = fake.signedEvent('customer.subscription.updated', {
      ...(subscription as object),
      id: 'sub_not_ours',
      customer: 'cus_not_ours',
    });
    const res = await deliver(stranger);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, ignored: 'no matching user' });
  });
});
