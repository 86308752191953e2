import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@coinpace/domain';
import { createStripeProvider } from './stripe.ts';
import type { PaymentProvider } from './port.ts';
import { startFakeStripe, type FakeStripe } from './testing/fake-stripe.ts';

const PRICES = { basic: 'price_test_basic', pro: 'price_test_pro', enterprise: 'price_test_enterprise' };
const SUCCESS = 'http://app.test/account?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://app.test/dashboard';

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe({
    secretKey: 'sk_test_checkout',
    webhookSecret: 'whsec_checkout',
    prices: PRICES,
  });
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
  fake.requests.length = 0;
});

const checkout = (over: Partial<Parameters<PaymentProvider['createCheckoutSession']>[0]> = {}) =>
  stripe.createCheckoutSession({
    userId: 'user-1',
    email: 'ada@example.com',
    planId: 'pro',
    successUrl: SUCCESS,
    cancelUrl: CANCEL,
    ...over,
  });

describe('Stripe adapter: checkout', () => {
  it('creates a customer for a new user, then a subscription checkout at the plan price', async () => {
    const created = await checkout();

    const [customerReq] = fake.requestsTo('POST', '/v1/customers');
    expect(customerReq?.body).toEqual({ email: 'ada@example.com', metadata: { userId: 'user-1' } });
    expect(customerReq?.headers.authorization).toBe('Bearer sk_test_checkout');
    expect(created.customerId).toMatch(/^cus_/);
    expect(fake.customers.get(created.customerId!)?.metadata).toEqual({ userId: 'user-1' });

    const [sessionReq] = fake.requestsTo('POST', '/v1/checkout/sessions');
    expect(sessionReq?.body).toMatchObject({
      mode: 'subscription',
      customer: created.customerId,
      client_reference_id: 'user-1',
      line_items: [{ price: 'price_test_pro', quantity: '1' }],
      success_url: SUCCESS,
      cancel_url: CANCEL,
      metadata: { userId: 'user-1', planId: 'pro' },
      subscription_data: { metadata: { userId: 'user-1', planId: 'pro' } },
    });
    expect(created.sessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${fake.url}/c/pay/${created.sessionId}`);
  });

  it('reuses the kept customer on the next checkout', async () => {
    const first = await checkout({ planId: 'basic' });
    fake.requests.length = 0;
    const second = await checkout({ planId: 'enterprise', customerId: first.customerId });

    expect(fake.requestsTo('POST', '/v1/customers')).toHaveLength(0);
    expect(second.customerId).toBe(first.customerId);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')[0]?.body).toMatchObject({
      customer: first.customerId,
      line_items: [{ price: 'price_test_enterprise' }],
    });
  });

  it('replaces a kept customer that Stripe no longer knows', async () => {
    const created = await checkout({ customerId: 'cus_deleted' });
    expect(created.customerId).not.toBe('cus_deleted');
    expect(fake.customers.has(created.customerId!)).toBe(true);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').map((r) => r.body.customer)).toEqual([
      'cus_deleted',
      created.customerId,
    ]);
  });

  it('reads an open session back, then the completed one with its subscription', async () => {
    const created = await checkout({ userId: 'user-2', planId: 'enterprise' });
    expect(await stripe.getCheckoutSession(created.sessionId)).toEqual({
      sessionId: created.sessionId,
      status: 'open',
      userId: 'user-2',
      planId: 'enterprise',
      customerId: created.customerId,
      subscriptionId: null,
    });

    fake.completeCheckout(created.sessionId);
    const done = await stripe.getCheckoutSession(created.sessionId);
    expect(done).toMatchObject({ status: 'complete', userId: 'user-2', planId: 'enterprise' });
    expect(done.subscriptionId).toMatch(/^sub_/);
    expect((await stripe.getSubscription(done.subscriptionId!)).planId).toBe('enterprise');
  });

  it('completes through the hosted page, redirecting to the success URL with the session id', async () => {
    const created = await checkout();
    const res = await fetch(`${fake.url}/c/pay/${created.sessionId}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://app.test/account?session_id=${created.sessionId}`);
    expect((await stripe.getCheckoutSession(created.sessionId)).status).toBe('complete');
  });

  it('reads an abandoned session as expired', async () => {
    const created = await checkout();
    fake.expireCheckout(created.sessionId);
    expect(await stripe.getCheckoutSession(created.sessionId)).toMatchObject({
      status: 'expired',
      subscriptionId: null,
    });
  });

  it('turns an unknown session into NOT_FOUND', async () => {
    await expect(stripe.getCheckoutSession('cs_test_missing')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
  });

  it('turns a wrong API key into INTERNAL, not a user-facing 4xx', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: 'whsec_x',
      prices: PRICES,
      apiUrl: fake.url,
      maxNetworkRetries: 0,
    });
    const error = await wrong.getCheckoutSession('cs_test_any').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'INTERNAL', expose: false });
  });

  it('turns an unreachable Stripe into UNAVAILABLE', async () => {
    const closed = await startFakeStripe();
    await closed.close();
    const down = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_x',
      prices: PRICES,
      apiUrl: closed.url,
      maxNetworkRetries: 0,
    });
    await expect(down.getSubscription('sub_1')).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
  });

  it('maps prices and plans both ways', () => {
    expect(stripe.priceIdFor('basic')).toBe('price_test_basic');
    expect(stripe.planForPriceId('price_test_enterprise')).toBe('enterprise');
    expect(stripe.planForPriceId('price_someone_else')).toBeNull();
    expect(stripe.name).toBe('stripe');
  });
});
