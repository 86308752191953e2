import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyProviderWord, NO_SUBSCRIPTION, type PlanId } from '@coinpace/domain';
import { createStripeProvider } from './stripe.ts';
import type { PaymentProvider } from './port.ts';
import { startFakeStripe, type FakeStripe } from './testing/fake-stripe.ts';

const PRICES = { basic: 'price_b', pro: 'price_p', enterprise: 'price_e' };
const START = new Date('2026-03-15T10:00:00Z');
let clock = START;
let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe({ prices: PRICES, now: () => clock });
  stripe = createStripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    prices: PRICES,
    apiUrl: fake.url,
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  clock = START;
  fake.declinePayments = false;
});

/** A user who went through checkout for `planId`; returns the subscription id. */
async function subscribed(planId: PlanId): Promise<string> {
  const created = await stripe.createCheckoutSession({
    userId: `user-${planId}`,
    email: `${planId}@example.com`,
    planId,
    successUrl: 'http://app.test/account?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://app.test/dashboard',
  });
  fake.completeCheckout(created.sessionId);
  fake.requests.length = 0;
  return (await stripe.getCheckoutSession(created.sessionId)).subscriptionId!;
}

const itemsOf = (subscriptionId: string) => fake.subscriptions.get(subscriptionId)!.items;

describe('Stripe adapter: subscriptions', () => {
  it('maps a subscription, taking the period from its item', async () => {
    const id = await subscribed('basic');
    const [item] = itemsOf(id);
    expect(await stripe.getSubscription(id)).toEqual({
      subscriptionId: id,
      customerId: fake.subscriptions.get(id)!.customer,
      planId: 'basic',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodStart: START,
      currentPeriodEnd: new Date('2026-04-15T10:00:00Z'),
      itemId: item!.id,
    });
    // The period is not on the subscription object any more (basil+), only on the item.
    expect(fake.subscriptionJson(id)).not.toHaveProperty('current_period_end');
  });

  it('upgrades by replacing the existing item, invoicing the difference now', async () => {
    const id = await subscribed('basic');
    const itemId = itemsOf(id)[0]!.id;
    clock = new Date('2026-03-30T10:00:00Z');

    const after = await stripe.changePlan(id, 'enterprise');

    const [update] = fake.requestsTo('POST', `/v1/subscriptions/${id}`);
    expect(update?.body).toEqual({
      items: [{ id: itemId, price: 'price_e' }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(itemsOf(id).map((i) => [i.id, i.price])).toEqual([[itemId, 'price_e']]);
    expect(after).toMatchObject({ planId: 'enterprise', status: 'active', itemId });
    const invoice = fake.invoices.get(fake.subscriptions.get(id)!.latestInvoice!)!;
    expect(invoice).toMatchObject({ billingReason: 'subscription_update', status: 'paid' });
    expect(invoice.lines.reduce((sum, l) => sum + l.amount, 0)).toBeGreaterThan(0);
  });

  it('leaves the plan as it was when the upgrade cannot be paid', async () => {
    const id = await subscribed('basic');
    fake.declinePayments = true;
    const after = await stripe.changePlan(id, 'pro');
    expect(after).toMatchObject({ planId: 'basic', status: 'active' });
    expect(fake.subscriptions.get(id)!.pendingUpdate?.items).toEqual([
      { id: after.itemId, price: 'price_p' },
    ]);
  });

  it('downgrades at once with prorations credited to the next invoice', async () => {
    const id = await subscribed('enterprise');
    const itemId = itemsOf(id)[0]!.id;
    const after = await stripe.changePlan(id, 'pro');
    expect(fake.requestsTo('POST', `/v1/subscriptions/${id}`)[0]?.body).toEqual({
      items: [{ id: itemId, price: 'price_p' }],
      proration_behavior: 'create_prorations',
    });
    expect(after.planId).toBe('pro');
    expect(itemsOf(id)).toHaveLength(1);
  });

  it('changes nothing when asked for the current plan', async () => {
    const id = await subscribed('pro');
    expect((await stripe.changePlan(id, 'pro')).planId).toBe('pro');
    expect(fake.requestsTo('POST', `/v1/subscriptions/${id}`)).toHaveLength(0);
  });

  it('cancels at period end, keeps access, and reactivates', async () => {
    const id = await subscribed('pro');
    const canceling = await stripe.setCancelAtPeriodEnd(id, true);
    expect(fake.requestsTo('POST', `/v1/subscriptions/${id}`)[0]?.body).toEqual({
      cancel_at_period_end: 'true',
    });
    expect(canceling).toMatchObject({ planId: 'pro', status: 'active', cancelAtPeriodEnd: true });
    expect(fake.subscriptionJson(id).cancel_at).toBe(Math.floor(canceling.currentPeriodEnd.getTime() / 1000));

    const again = await stripe.setCancelAtPeriodEnd(id, false);
    expect(fake.requestsTo('POST', `/v1/subscriptions/${id}`)[1]?.body).toEqual({
      cancel_at_period_end: 'false',
    });
    expect(again).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('ends a subscription set to cancel when its period ends', async () => {
    const id = await subscribed('basic');
    await stripe.setCancelAtPeriodEnd(id, true);
    clock = new Date('2026-04-15T10:00:01Z');
    fake.advancePeriod(id);
    expect(await stripe.getSubscription(id)).toMatchObject({ status: 'canceled', planId: 'basic' });
  });

  it('renews a subscription into the next period', async () => {
    const id = await subscribed('basic');
    clock = new Date('2026-04-15T10:00:01Z');
    fake.advancePeriod(id);
    expect(await stripe.getSubscription(id)).toMatchObject({
      status: 'active',
      currentPeriodStart: new Date('2026-04-15T10:00:00Z'),
      currentPeriodEnd: new Date('2026-05-15T10:00:00Z'),
    });
  });

  it('cancels now, and cancelling again is harmless', async () => {
    const id = await subscribed('enterprise');
    const ended = await stripe.cancelNow(id);
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${id}`)).toHaveLength(1);
    expect(ended).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });

    expect((await stripe.cancelNow(id)).status).toBe('canceled');
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${id}`)).toHaveLength(1);
    expect(
      applyProviderWord(
        {
          state: { ...NO_SUBSCRIPTION, status: 'active', planId: 'enterprise' },
          subscriptionId: id,
          ticket: 1,
          endedIds: [],
        },
        { subscriptionId: id, snapshot: ended, ticket: 2 },
      ).state,
    ).toMatchObject({
      planId: null,
      status: 'canceled',
    });
  });

  it('turns an unknown subscription into NOT_FOUND', async () => {
    await expect(stripe.getSubscription('sub_missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(stripe.changePlan('sub_missing', 'pro')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('fake Stripe fidelity', () => {
  it('adds a second item when an update names no item id, as Stripe does', async () => {
    const id = await subscribed('basic');
    const res = await fetch(`${fake.url}/v1/subscriptions/${id}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'items[0][price]=price_p',
    });
    expect(res.status).toBe(200);
    expect(itemsOf(id).map((i) => i.price)).toEqual(['price_b', 'price_p']);
  });

  it('replays the answer to a repeated idempotency key instead of acting twice', async () => {
    const post = () =>
      fetch(`${fake.url}/v1/customers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': 'same-key',
        },
        body: 'email=twice%40example.com',
      }).then((r) => r.json() as Promise<{ id: string }>);
    const before = fake.customers.size;
    const [a, b] = [await post(), await post()];
    expect(a.id).toBe(b.id);
    expect(fake.customers.size).toBe(before + 1);
  });
});

describe('Stripe adapter: plan-change preview', () => {
  it('previews an upgrade with invoices.createPreview, then charges exactly that at the same proration date', async () => {
    const id = await subscribed('basic');
    const sub = fake.subscriptions.get(id)!;
    const itemId = sub.items[0]!.id;
    const at = new Date('2026-03-25T10:00:00Z');
    clock = at;

    const quote = await stripe.previewPlanChange(id, 'enterprise', at);

    const [preview] = fake.requestsTo('POST', '/v1/invoices/create_preview');
    expect(preview?.body).toEqual({
      customer: sub.customer,
      subscription: id,
      subscription_details: {
        items: [{ id: itemId, price: PRICES.enterprise }],
        proration_behavior: 'always_invoice',
        proration_date: String(at.getTime() / 1000),
      },
    });
    expect(quote).toMatchObject({ direction: 'upgrade', amountDueNow: 3386 - 406, effectiveAt: at });
    expect(quote.lines.map((l) => [l.description, l.amount, l.proration])).toEqual([
      ['Unused time on Coinpace after 25 Mar 2026', -406, true],
      ['Remaining time on Moon Race after 25 Mar 2026', 3386, true],
    ]);
    expect(fake.subscriptions.get(id)!.items[0]!.price).toBe(PRICES.basic);

    clock = new Date('2026-03-25T10:07:00Z'); // the user took seven minutes to confirm
    await stripe.changePlan(id, 'enterprise', { prorationDate: quote.effectiveAt });
    const [update] = fake.requestsTo('POST', `/v1/subscriptions/${id}`);
    expect(update?.body.proration_date).toBe(String(at.getTime() / 1000));
    const invoice = fake.invoices.get(fake.subscriptions.get(id)!.latestInvoice!)!;
    expect(invoice.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(quote.amountDueNow);
  });

  it('previews a downgrade as the next invoice: nothing now, the credit off the renewal', async () => {
    const id = await subscribed('enterprise');
    const at = new Date('2026-04-05T10:00:00Z'); // 10 of 31 days left
    clock = at;
    const quote = await stripe.previewPlanChange(id, 'basic', at);
    const [preview] = fake.requestsTo('POST', '/v1/invoices/create_preview');
    expect(preview?.body.subscription_details).toMatchObject({ proration_behavior: 'create_prorations' });
    const credit = Math.round((4999 * 10) / 31) - Math.round((599 * 10) / 31);
    expect(quote).toMatchObject({
      direction: 'downgrade',
      amountDueNow: 0,
      creditToNextInvoice: credit,
      nextInvoiceAmount: Math.max(0, 599 - credit),
      periodEnd: new Date('2026-04-15T10:00:00Z'),
    });
    expect(quote.lines.at(-1)).toMatchObject({
      amount: 599,
      proration: false,
      periodStart: new Date('2026-04-15T10:00:00Z'),
    });
  });

  it('a proration date outside the period is refused by Stripe (the fake keeps that rule)', async () => {
    const id = await subscribed('pro');
    await expect(
      stripe.previewPlanChange(id, 'basic', new Date('2026-05-01T00:00:00Z')),
    ).rejects.toMatchObject({
      status: 500,
    });
  });

  it("counts the customer's credit balance and a downgrade's pending proration credit, less what the renewal used", async () => {
    const id = await subscribed('enterprise');
    const customerId = fake.subscriptions.get(id)!.customer;
    expect(await stripe.creditBalance({ userId: 'user-enterprise', customerId })).toBe(0);
    expect(await stripe.creditBalance({ userId: 'user-enterprise', customerId: null })).toBe(0);
    // A negative balance is credit; a positive one is owed, never credit.
    fake.customers.get(customerId)!.balance = -250;
    expect(await stripe.creditBalance({ userId: 'user-enterprise', customerId })).toBe(250);
    fake.customers.get(customerId)!.balance = 400;
    expect(await stripe.creditBalance({ userId: 'user-enterprise', customerId })).toBe(0);
    fake.customers.get(customerId)!.balance = 0;

    clock = new Date('2026-03-25T10:00:00Z');
    const quote = await stripe.previewPlanChange(id, 'basic', clock);
    await stripe.changePlan(id, 'basic', { prorationDate: clock });
    expect(await stripe.creditBalance({ userId: 'user-enterprise', customerId })).toBe(
      quote.creditToNextInvoice,
    );
    // The renewal takes the pending items in; what its $5.99 does not use is left on the balance.
    fake.advancePeriod(id);
    expect(await stripe.creditBalance({ userId: 'user-enterprise', customerId })).toBe(
      quote.creditToNextInvoice - 599,
    );
  });
});
