import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlanId } from '../plans.ts';
import {
  EMPTY_MIRROR,
  applyProviderWord,
  isLiveStatus,
  startCheckout,
  type ProviderWord,
  type SubscriptionMirror,
  type SubscriptionSnapshot,
} from './subscription-state.ts';

/**
 * Walks the order space of a subscription's life. A provider model (checkout, plan change, cancel,
 * reactivate, payment failure, renewal, deletion, re-subscribe) emits webhooks; each delivery is a handler that
 * draws its ticket and reads the provider at one step and applies under the lock at a later one, as the API's
 * handlers do (api/src/features/billing/apply-subscription.ts wordsAbout), with duplicates, any order, and the
 * user's own read-backs interleaved. After every life our mirror must equal the provider's final state.
 * A failure prints fast-check's seed and path, the life shrunk: replay it with BILLING_PROPERTY_SEED.
 */

const PLANS: PlanId[] = ['basic', 'pro', 'enterprise'];
const MONTH = 30 * 86_400_000;
const LIVES = Number(process.env.BILLING_PROPERTY_LIVES ?? 500);
/**
 * A fixed seed keeps CI repeatable; set BILLING_PROPERTY_SEED (and BILLING_PROPERTY_LIVES) to walk other
 * lives, e.g. `for s in $(seq 1 200); do BILLING_PROPERTY_SEED=$s npx vitest run ...; done`.
 */
const SEED = Number(process.env.BILLING_PROPERTY_SEED ?? 20_261_129);

interface ProviderSub {
  id: string;
  planId: PlanId;
  status: SubscriptionSnapshot['status'];
  cancelAtPeriodEnd: boolean;
  period: number;
}

/** A handler in flight: its words drawn and read, not yet applied. */
type Inflight = ProviderWord[];

const step = fc.oneof(
  fc.record({ kind: fc.constant('checkout' as const), plan: fc.constantFrom(...PLANS) }),
  fc.record({ kind: fc.constant('changePlan' as const), plan: fc.constantFrom(...PLANS) }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'reactivate' as const) }),
  fc.record({ kind: fc.constantFrom('paymentFailure' as const, 'renewal' as const, 'deletion' as const) }),
  fc.record({ kind: fc.constantFrom('syncPlan' as const, 'paymentSuccess' as const) }),
  fc.record({ kind: fc.constant('startDelivery' as const), pick: fc.nat(), duplicate: fc.boolean() }),
  fc.record({ kind: fc.constant('finish' as const), pick: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

let lives = 0;
let stepsWalked = 0;
let deliveries = 0;
let limitHits = 0;
afterAll(() => {
  console.log(
    `billing property (domain): ${lives} lives, ${stepsWalked} steps, ${deliveries} webhook deliveries, ${limitHits} re-subscriptions ended unseen`,
  );
});

function runLife(steps: Step[], drainOrder: number[]): void {
  lives += 1;
  let ticket = 0;
  let subCount = 0;
  const subs = new Map<string, ProviderSub>();
  let current: ProviderSub | null = null;
  let mirror: SubscriptionMirror = EMPTY_MIRROR;
  const undelivered: { subscriptionId: string; final?: SubscriptionSnapshot }[] = [];
  const inflight: Inflight[] = [];

  const snapshotOf = (sub: ProviderSub): SubscriptionSnapshot => ({
    subscriptionId: sub.id,
    customerId: 'cus_1',
    planId: sub.planId,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodStart: new Date(sub.period * MONTH),
    currentPeriodEnd: new Date((sub.period + 1) * MONTH),
    itemId: `si_${sub.id}`,
  });
  const read = (id: string): ProviderWord => {
    ticket += 1;
    const sub = subs.get(id);
    return { subscriptionId: id, snapshot: sub ? snapshotOf(sub) : null, ticket };
  };
  const signal = (sub: ProviderSub, final = false) =>
    undelivered.push({ subscriptionId: sub.id, final: final ? snapshotOf(sub) : undefined });
  /** The API's handler: a final word as is; else the row's other live subscription first, then this one. */
  const startHandler = (subscriptionId: string, final?: SubscriptionSnapshot) => {
    if (final) {
      ticket += 1;
      inflight.push([{ subscriptionId, snapshot: final, ticket }]);
      return;
    }
    const words: ProviderWord[] = [];
    if (
      mirror.subscriptionId &&
      mirror.subscriptionId !== subscriptionId &&
      isLiveStatus(mirror.state.status)
    ) {
      words.push(read(mirror.subscriptionId));
    }
    words.push(read(subscriptionId));
    inflight.push(words);
  };
  const finish = (index: number) => {
    const [words] = inflight.splice(index, 1);
    for (const word of words ?? []) mirror = applyProviderWord(mirror, word);
  };
  const live = () => (current && isLiveStatus(current.status) ? current : null);
  /** A user's mutation: ticket drawn, provider changed, the answer applied at once (as the API does). */
  const mutate = (sub: ProviderSub, change: () => void) => {
    ticket += 1;
    const drawn = ticket;
    change();
    mirror = applyProviderWord(mirror, { subscriptionId: sub.id, snapshot: snapshotOf(sub), ticket: drawn });
    signal(sub);
  };

  for (const s of steps) {
    stepsWalked += 1;
    const sub = live();
    switch (s.kind) {
      case 'checkout':
        if (sub || isLiveStatus(mirror.state.status)) break;
        // A read takes milliseconds and a new subscription a trip through checkout: reads in flight return
        // before one is created (webhooks may still arrive any time later, and read when they do).
        while (inflight.length > 0) finish(0);
        mirror = { ...mirror, state: startCheckout(mirror.state) };
        subCount += 1;
        current = {
          id: `sub_${subCount}`,
          planId: s.plan,
          status: 'active',
          cancelAtPeriodEnd: false,
          period: 0,
        };
        subs.set(current.id, current);
        signal(current); // checkout.session.completed
        signal(current); // invoice.paid
        signal(current); // customer.subscription.created/updated
        break;
      case 'changePlan':
        if (sub && mirror.subscriptionId === sub.id && isLiveStatus(mirror.state.status))
          mutate(sub, () => (sub.planId = s.plan));
        break;
      case 'cancel':
      case 'reactivate':
        if (sub && mirror.subscriptionId === sub.id && isLiveStatus(mirror.state.status))
          mutate(sub, () => (sub.cancelAtPeriodEnd = s.kind === 'cancel'));
        break;
      case 'paymentFailure':
        if (sub) {
          sub.status = 'past_due';
          signal(sub);
        }
        break;
      case 'renewal':
        if (!sub) break;
        if (sub.cancelAtPeriodEnd) {
          sub.status = 'canceled';
          sub.cancelAtPeriodEnd = false;
          signal(sub, true);
        } else {
          sub.period += 1;
          sub.status = 'active';
          signal(sub); // invoice.paid
          signal(sub); // customer.subscription.updated
        }
        break;
      case 'deletion':
        if (!sub) break;
        sub.status = 'canceled';
        sub.cancelAtPeriodEnd = false;
        signal(sub, true);
        break;
      case 'syncPlan':
        if (mirror.subscriptionId) startHandler(mirror.subscriptionId);
        break;
      case 'paymentSuccess':
        if (current) startHandler(current.id);
        break;
      case 'startDelivery': {
        if (undelivered.length === 0) break;
        const index = s.pick % undelivered.length;
        const hook = undelivered[index]!;
        if (!s.duplicate) undelivered.splice(index, 1);
        deliveries += 1;
        startHandler(hook.subscriptionId, hook.final);
        break;
      }
      case 'finish':
        if (inflight.length > 0) finish(s.pick % inflight.length);
        break;
    }
  }
  // Every webhook is delivered in the end, in the generated order, and every handler finishes.
  let turn = 0;
  while (undelivered.length > 0 || inflight.length > 0) {
    const pick = drainOrder[turn++ % Math.max(1, drainOrder.length)] ?? 0;
    if (undelivered.length > 0 && (pick % 2 === 0 || inflight.length === 0)) {
      const [hook] = undelivered.splice(pick % undelivered.length, 1);
      deliveries += 1;
      startHandler(hook!.subscriptionId, hook!.final);
    } else finish(pick % inflight.length);
  }

  const truth = current;
  if (!truth) {
    expect(isLiveStatus(mirror.state.status)).toBe(false);
    return;
  }
  if (
    mirror.subscriptionId !== truth.id &&
    truth.status === 'canceled' &&
    !isLiveStatus(mirror.state.status)
  ) {
    // Known limit: a re-subscription that ended before any live word about it arrived cannot be told from an
    // older subscription's late end (words carry no creation order); the user stays without a plan, as at the
    // provider.
    limitHits += 1;
    return;
  }
  expect(mirror.subscriptionId).toBe(truth.id);
  const ended = truth.status === 'canceled';
  expect(mirror.state).toMatchObject({
    planId: ended ? null : truth.planId,
    status: truth.status,
    cancelAtPeriodEnd: ended ? false : truth.cancelAtPeriodEnd,
    currentPeriodStart: new Date(truth.period * MONTH),
    currentPeriodEnd: new Date((truth.period + 1) * MONTH),
  });
}

describe('billing reconciliation walks the order space (domain)', () => {
  it(`ends equal to the provider after ${LIVES} generated lives`, () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        runLife,
      ),
      { numRuns: LIVES, seed: SEED },
    );
  });
});
