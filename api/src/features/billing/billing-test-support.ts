/** Test support for the billing suites (not used by production code). */
import { subscribeUserEvents, type Bus } from '@coinpace/adapters';
import type { FakeStripe } from '@coinpace/adapters/testing';
import type { UserEvent } from '@coinpace/domain';
import type { TestApi } from '../../testing/harness.ts';

/** Collects the billing:updated events published on the bus from now on. */
export async function watchBillingEvents(bus: Bus) {
  const events: Extract<UserEvent, { type: 'billing:updated' }>[] = [];
  const stop = await subscribeUserEvents(bus, (event) => {
    if (event.type === 'billing:updated') events.push(event);
  });
  return {
    events,
    forUser: (userId: string) => events.filter((e) => e.userId === userId).map((e) => e.payload),
    stop,
  };
}

/** The body the web app sends to create-checkout-session (SPEC.md section 7), on the test API's origin. */
export function checkoutBody(api: TestApi, priceId: string, extra: Record<string, unknown> = {}) {
  return {
    priceId,
    successUrl: `${api.url}/account?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${api.url}/dashboard`,
    ...extra,
  };
}

/** A mutable clock for a suite: `clock.now` is passed to the API, `clock.set` moves it. */
export function testClock(start: Date) {
  let current = start;
  return {
    now: () => current,
    set: (date: Date) => {
      current = date;
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** The env that puts the API on Stripe, pointed at the fake Stripe server. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PRICE_BASIC: fake.prices.basic,
    STRIPE_PRICE_PRO: fake.prices.pro,
    STRIPE_PRICE_ENTERPRISE: fake.prices.enterprise,
    STRIPE_API_URL: fake.url,
  };
}
