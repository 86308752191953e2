import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, applyProviderWord, EMPTY_MIRROR, type ProviderWord } from '@coinpace/domain';
import { createStripeProvider } from './stripe.ts';
import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from './port.ts';
import { startFakeStripe, type FakeStripe } from './testing/fake-stripe.ts';

const PRICES = { basic: 'price_b', pro: 'price_p', enterprise: 'price_e' };
const NOW = new Date('2026-06-01T12:00:00Z');
let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe({ prices: PRICES, webhookSecret: 'whsec_hooks', now: () => NOW });
  stripe = createStripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: 'whsec_hooks',
    prices: PRICES,
    apiUrl: fake.url,
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.close());

/** Runs a checkout for `userId` to completion; returns the Stripe objects Stripe would put in webhooks. */
async function completedCheckout(userId: string) {
  const created = await stripe.createCheckoutSession({
    userId,
    email: `${userId}@example.com`,
    planId: 'pro',
    successUrl: 'http://app.test/account?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://app.test/dashboard',
  });
  return { created, ...fake.completeCheckout(created.sessionId) };
}

const parse = (signed: { payload: string; signature: string }, now = NOW) =>
  stripe.parseWebhook(signed.payload, signed.signature, now);

describe('Stripe adapter: webhooks, normalised', () => {
  it('checkout.session.completed', async () => {
    const { created, session } = await completedCheckout('user-hook-1');
    const signed = fake.signedEvent('checkout.session.completed', session, { id: 'evt_checkout_1' });
    const event = parse(signed);
    expect(event).toEqual({
      id: 'evt_checkout_1',
      type: 'checkout.session.completed',
      created: new Date(Math.floor(NOW.getTime() / 1000) * 1000),
      session: {
        sessionId: created.sessionId,
        status: 'complete',
        userId: 'user-hook-1',
        planId: 'pro',
        customerId: created.customerId,
        subscriptionId: expect.stringMatching(/^sub_/),
      },
    });
  });

  it.each(['customer.subscription.updated', 'customer.subscription.deleted'] as const)('%s', async (type) => {
    const { subscription } = await completedCheckout(`user-${type}`);
    const sub = subscription as { id: string; customer: string; items: { data: { id: string }[] } };
    const event = parse(fake.signedEvent(type, subscription, { created: new Date('2026-06-01T11:59:00Z') }));
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type,
      created: new Date('2026-06-01T11:59:00Z'),
      subscription: {
        subscriptionId: sub.id,
        customerId: sub.customer,
        planId: 'pro',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodStart: NOW,
        currentPeriodEnd: new Date('2026-07-01T12:00:00Z'),
        itemId: sub.items.data[0]!.id,
      },
    });
  });

  it('invoice.paid, with the period the invoice paid for', async () => {
    const { subscription } = await completedCheckout('user-invoice');
    const subId = (subscription as { id: string }).id;
    const { invoice } = fake.advancePeriod(subId);
    const event = parse(fake.signedEvent('invoice.paid', invoice));
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'invoice.paid',
      created: NOW,
      invoiceId: (invoice as { id: string }).id,
      subscriptionId: subId,
      customerId: fake.subscriptions.get(subId)!.customer,
      periodStart: new Date('2026-07-01T12:00:00Z'),
      periodEnd: new Date('2026-08-01T12:00:00Z'),
    });
  });

  it('other event types are verified but ignored', () => {
    const event = parse(
      fake.signedEvent('customer.created', { id: 'cus_x', object: 'customer' }, { id: 'evt_other' }),
    );
    expect(event).toEqual({
      id: 'evt_other',
      type: 'ignored',
      providerType: 'customer.created',
      created: NOW,
    });
  });

  it('accepts the raw body as a Buffer', () => {
    const signed = fake.signedEvent('customer.created', { id: 'cus_y', object: 'customer' });
    expect(stripe.parseWebhook(Buffer.from(signed.payload, 'utf8'), signed.signature, NOW).type).toBe(
      'ignored',
    );
  });

  it('drives the subscription state machine to an active plan', async () => {
    const { subscription, invoice } = await completedCheckout('user-flow');
    const events = [
      parse(fake.signedEvent('invoice.paid', invoice)),
      parse(fake.signedEvent('customer.subscription.updated', subscription)),
    ];
    const mirror = events
      .map(toWord)
      .filter((word) => word !== undefined)
      .reduce(applyProviderWord, EMPTY_MIRROR);
    expect(mirror.state).toMatchObject({
      planId: 'pro',
      status: 'active',
      currentPeriodEnd: new Date('2026-07-01T12:00:00Z'),
    });
  });
});

describe('Stripe adapter: webhook signatures', () => {
  const event = () => fake.signedEvent('customer.created', { id: 'cus_z', object: 'customer' });

  function expectSignatureError(run: () => unknown, reason: RegExp) {
    let caught: unknown;
    try {
      run();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WebhookSignatureError);
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ status: 400, expose: true, message: expect.stringMatching(reason) });
  }

  it('refuses a signature made with another secret', () => {
    const signed = fake.signedEvent('customer.created', { id: 'cus_z' }, { secret: 'whsec_someone_else' });
    expectSignatureError(() => parse(signed), /No signatures found matching/);
  });

  it('refuses a tampered body', () => {
    const signed = event();
    const tampered = signed.payload.replace('cus_z', 'cus_evil');
    expectSignatureError(
      () => stripe.parseWebhook(tampered, signed.signature, NOW),
      /No signatures found matching/,
    );
  });

  it('refuses a missing or malformed header', () => {
    expectSignatureError(
      () => stripe.parseWebhook(event().payload, undefined, NOW),
      /no Stripe-Signature header/,
    );
    expectSignatureError(() => stripe.parseWebhook(event().payload, 'garbage', NOW), /verification failed/);
  });

  it('refuses a signature older than five minutes, and accepts one just inside', () => {
    const signed = fake.signedEvent(
      'customer.created',
      { id: 'cus_old' },
      { signedAt: new Date(NOW.getTime() - 301_000) },
    );
    expectSignatureError(() => parse(signed), /Timestamp outside the tolerance zone/);
    const fresh = fake.signedEvent(
      'customer.created',
      { id: 'cus_ok' },
      { signedAt: new Date(NOW.getTime() - 299_000) },
    );
    expect(parse(fresh).type).toBe('ignored');
  });
});

/** The subscription a webhook carries, as a provider word (here only to prove the shapes fit the reducer). */
function toWord(event: ProviderEvent, index: number): ProviderWord | undefined {
  switch (event.type) {
    case 'customer.subscription.updated':
      return {
        subscriptionId: event.subscription.subscriptionId,
        snapshot: event.subscription,
        ticket: index,
      };
    case 'invoice.paid':
      return undefined;
    default:
      throw new Error(`not used here: ${event.type}`);
  }
}
