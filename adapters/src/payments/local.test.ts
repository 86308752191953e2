import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalPaymentProvider, isLocalPaymentProvider, type LocalPaymentProvider } from './local.ts';
import { createMemoryLocalPaymentStore } from './local-memory-store.ts';

const START = new Date('2026-01-31T12:00:00Z');
let clock: Date;
let store: ReturnType<typeof createMemoryLocalPaymentStore>;
let local: LocalPaymentProvider;

beforeEach(() => {
  clock = START;
  store = createMemoryLocalPaymentStore();
  local = createLocalPaymentProvider({ store, now: () => clock, sessionTtlMs: 3600_000 });
});

const checkout = (planId: 'basic' | 'pro' | 'enterprise' = 'pro') =>
  local.createCheckoutSession({
    userId: 'user-1',
    planId,
    successUrl: 'http://127.0.0.1:4321/account?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1:4321/dashboard',
  });

describe('local payment provider', () => {
  it("uses a downgrade's credit on the next invoices until it is spent", async () => {
    const created = await checkout('enterprise');
    await local.completeCheckout(created.sessionId);
    const at = new Date(START.getTime() + 24 * 3600_000);
    clock = at;
    const quote = await local.previewPlanChange(created.sessionId, 'basic', at);
    await local.changePlan(created.sessionId, 'basic', { prorationDate: at });
    expect(await local.creditBalance({ userId: 'user-1', customerId: null })).toBe(quote.creditToNextInvoice);
    // The credit (about $46) covers the next renewal of the $5.99 plan in full, and is that much smaller after.
    const sub = await local.getSubscription(created.sessionId);
    clock = new Date(sub.currentPeriodEnd.getTime() + 1000);
    await local.getSubscription(created.sessionId);
    const [renewal] = await local.listInvoices({ userId: 'user-1', customerId: null });
    expect(renewal).toMatchObject({ planId: 'basic', amountCents: 0 });
    expect(await local.creditBalance({ userId: 'user-1', customerId: null })).toBe(
      quote.creditToNextInvoice - 599,
    );
  });

  it('sends the browser to our own checkout page, on the origin of the success URL', async () => {
    const created = await checkout();
    expect(created.url).toBe(`http://127.0.0.1:4321/billing/local-checkout/${created.sessionId}`);
    expect(created.sessionId).toMatch(/^local_[\w-]{24}$/);
    expect(await local.describeCheckout(created.sessionId)).toMatchObject({
      status: 'open',
      planId: 'pro',
      expiresAt: new Date(START.getTime() + 3600_000),
    });
  });

  it("closing the user's checkouts (account deletion) expires the open ones, so the page refuses to take them", async () => {
    const open = await checkout('basic');
    const paid = await checkout('pro');
    await local.completeCheckout(paid.sessionId);
    expect(await local.closeCheckouts({ userId: 'user-1', customerId: null })).toEqual([]);
    expect((await local.describeCheckout(open.sessionId)).status).toBe('expired');
    await expect(local.completeCheckout(open.sessionId)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await local.describeCheckout(paid.sessionId)).status).toBe('complete');
  });

  it('uses local price ids', () => {
    expect(local.priceIdFor('enterprise')).toBe('local_enterprise');
    expect(local.planForPriceId('local_basic')).toBe('basic');
    expect(local.planForPriceId('local_gold')).toBeNull();
    expect(local.planForPriceId('price_basic')).toBeNull();
    expect(isLocalPaymentProvider(local)).toBe(true);
  });

  it('completing twice starts one subscription', async () => {
    const created = await checkout();
    const first = await local.completeCheckout(created.sessionId);
    clock = new Date(START.getTime() + 1000);
    const second = await local.completeCheckout(created.sessionId);
    expect(second).toEqual(first);
    expect(store.subscriptions.size).toBe(1);
    expect((await local.getSubscription(first.subscriptionId!)).currentPeriodStart).toEqual(START);
  });

  it('an hour-old open session expires and can no longer be paid', async () => {
    const created = await checkout();
    clock = new Date(START.getTime() + 3600_000);
    expect((await local.getCheckoutSession(created.sessionId)).status).toBe('expired');
    await expect(local.completeCheckout(created.sessionId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/expired/),
    });
    expect(store.subscriptions.size).toBe(0);
  });

  it('a cancelled session cannot be paid, and a paid one cannot be cancelled', async () => {
    const cancelled = await checkout();
    await local.cancelCheckout(cancelled.sessionId);
    expect(store.sessions.get(cancelled.sessionId)?.status).toBe('canceled');
    await expect(local.completeCheckout(cancelled.sessionId)).rejects.toMatchObject({ code: 'CONFLICT' });

    const paid = await checkout();
    await local.completeCheckout(paid.sessionId);
    await expect(local.cancelCheckout(paid.sessionId)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('renews at the period end, counting months from the day it started', async () => {
    const { subscriptionId } = await local.completeCheckout((await checkout()).sessionId);
    expect((await local.getSubscription(subscriptionId!)).currentPeriodEnd).toEqual(
      new Date('2026-02-28T12:00:00Z'),
    );
    clock = new Date('2026-03-01T00:00:00Z');
    expect(await local.getSubscription(subscriptionId!)).toMatchObject({
      status: 'active',
      currentPeriodStart: new Date('2026-02-28T12:00:00Z'),
      currentPeriodEnd: new Date('2026-03-31T12:00:00Z'),
    });
  });

  it('a subscription set to cancel ends at the period end, and cannot change plan then', async () => {
    const { subscriptionId } = await local.completeCheckout((await checkout('basic')).sessionId);
    await local.setCancelAtPeriodEnd(subscriptionId!, true);
    clock = new Date('2026-02-28T11:59:59Z');
    expect((await local.getSubscription(subscriptionId!)).status).toBe('active');
    clock = new Date('2026-02-28T12:00:00Z');
    expect(await local.getSubscription(subscriptionId!)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: false,
      planId: 'basic',
    });
    await expect(local.changePlan(subscriptionId!, 'pro')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(local.setCancelAtPeriodEnd(subscriptionId!, false)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('has no webhooks', () => {
    expect(() => local.parseWebhook('{}', 'sig')).toThrow(/no webhooks/);
  });
});
