import { describe, expect, it } from 'vitest';
import {
  NO_SUBSCRIPTION,
  applySubscriptionEvent,
  hasActivePlan,
  type SubscriptionEvent,
  type SubscriptionSnapshot,
  type SubscriptionState,
} from './subscription-state.ts';

const t = (iso: string) => new Date(iso);
const PERIOD_START = t('2026-03-01T00:00:00Z');
const PERIOD_END = t('2026-04-01T00:00:00Z');

function snapshot(over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    planId: 'basic',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodStart: PERIOD_START,
    currentPeriodEnd: PERIOD_END,
    itemId: 'si_1',
    ...over,
  };
}

const sub = (at: string, over: Partial<SubscriptionSnapshot> = {}): SubscriptionEvent => ({
  kind: 'subscription',
  at: t(at),
  snapshot: snapshot(over),
});

const reduce = (events: SubscriptionEvent[], from: SubscriptionState = NO_SUBSCRIPTION) =>
  events.reduce(applySubscriptionEvent, from);

describe('applySubscriptionEvent: the transitions of DESIGN.md section 7', () => {
  it('None -> checkout started -> pending, without a plan', () => {
    const s = reduce([{ kind: 'checkout_started', at: t('2026-03-01T00:00:00Z'), planId: 'pro' }]);
    expect(s).toMatchObject({ status: 'pending', planId: null });
    expect(hasActivePlan(s)).toBe(false);
  });

  it('None -> checkout completed -> Active on the bought plan, with its period', () => {
    const s = reduce([sub('2026-03-01T00:00:05Z', { planId: 'pro' })]);
    expect(s).toEqual({
      planId: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodStart: PERIOD_START,
      currentPeriodEnd: PERIOD_END,
      lastEventAt: t('2026-03-01T00:00:05Z'),
    });
    expect(hasActivePlan(s)).toBe(true);
  });

  it('pending -> checkout completed -> Active', () => {
    const s = reduce([
      { kind: 'checkout_started', at: t('2026-03-01T00:00:00Z'), planId: 'basic' },
      sub('2026-03-01T00:01:00Z'),
    ]);
    expect(s).toMatchObject({ status: 'active', planId: 'basic' });
  });

  it('a checkout started by a paying user changes nothing', () => {
    const active = reduce([sub('2026-03-01T00:00:00Z')]);
    expect(
      applySubscriptionEvent(active, {
        kind: 'checkout_started',
        at: t('2026-03-02T00:00:00Z'),
        planId: 'pro',
      }),
    ).toBe(active);
  });

  it('Active -> upgrade -> Active on the higher plan at once', () => {
    const s = reduce([sub('2026-03-01T00:00:00Z'), sub('2026-03-10T00:00:00Z', { planId: 'enterprise' })]);
    expect(s).toMatchObject({ status: 'active', planId: 'enterprise', cancelAtPeriodEnd: false });
  });

  it('Active -> cancel -> Active with cancelAtPeriodEnd -> period end -> None', () => {
    const canceling = reduce([
      sub('2026-03-01T00:00:00Z'),
      sub('2026-03-10T00:00:00Z', { cancelAtPeriodEnd: true }),
    ]);
    expect(canceling).toMatchObject({ status: 'active', planId: 'basic', cancelAtPeriodEnd: true });
    expect(hasActivePlan(canceling)).toBe(true);

    const ended = applySubscriptionEvent(canceling, { kind: 'deleted', at: t('2026-04-01T00:00:01Z') });
    expect(ended).toMatchObject({ status: 'canceled', planId: null, cancelAtPeriodEnd: false });
    expect(ended.currentPeriodEnd).toEqual(PERIOD_END);
    expect(hasActivePlan(ended)).toBe(false);
  });

  it('cancelAtPeriodEnd -> reactivate -> Active', () => {
    const s = reduce([
      sub('2026-03-01T00:00:00Z'),
      sub('2026-03-10T00:00:00Z', { cancelAtPeriodEnd: true }),
      sub('2026-03-11T00:00:00Z', { cancelAtPeriodEnd: false }),
    ]);
    expect(s).toMatchObject({ status: 'active', planId: 'basic', cancelAtPeriodEnd: false });
  });

  it('a snapshot with status canceled ends the plan like a deletion', () => {
    const s = reduce([
      sub('2026-03-01T00:00:00Z'),
      sub('2026-03-02T00:00:00Z', { status: 'canceled', cancelAtPeriodEnd: true }),
    ]);
    expect(s).toMatchObject({ status: 'canceled', planId: null, cancelAtPeriodEnd: false });
  });

  it('past_due keeps the plan (dunning); a paid invoice makes it active with the new period', () => {
    const due = reduce([sub('2026-03-01T00:00:00Z'), sub('2026-04-01T00:10:00Z', { status: 'past_due' })]);
    expect(due).toMatchObject({ status: 'past_due', planId: 'basic' });
    expect(hasActivePlan(due)).toBe(true);

    const paid = applySubscriptionEvent(due, {
      kind: 'period_renewed',
      at: t('2026-04-02T00:00:00Z'),
      periodStart: PERIOD_END,
      periodEnd: t('2026-05-01T00:00:00Z'),
    });
    expect(paid).toMatchObject({
      status: 'active',
      currentPeriodStart: PERIOD_END,
      currentPeriodEnd: t('2026-05-01T00:00:00Z'),
    });
  });

  it('incomplete (first payment pending) grants nothing until paid', () => {
    const s = reduce([sub('2026-03-01T00:00:00Z', { status: 'incomplete' })]);
    expect(hasActivePlan(s)).toBe(false);
    const paid = applySubscriptionEvent(s, {
      kind: 'period_renewed',
      at: t('2026-03-01T00:01:00Z'),
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
    });
    expect(paid.status).toBe('active');
    expect(hasActivePlan(paid)).toBe(true);
  });

  it('a paid invoice during a trial keeps the trial', () => {
    const s = reduce([
      sub('2026-03-01T00:00:00Z', { status: 'trialing' }),
      {
        kind: 'period_renewed',
        at: t('2026-03-01T00:00:01Z'),
        periodStart: PERIOD_START,
        periodEnd: PERIOD_END,
      },
    ]);
    expect(s.status).toBe('trialing');
  });

  it('a renewal never moves the period backwards', () => {
    const s = reduce([
      sub('2026-03-01T00:00:00Z'),
      {
        kind: 'period_renewed',
        at: t('2026-03-02T00:00:00Z'),
        periodStart: t('2026-02-01T00:00:00Z'),
        periodEnd: PERIOD_START,
      },
    ]);
    expect(s.currentPeriodEnd).toEqual(PERIOD_END);
  });

  it('a paid invoice without a subscription changes nothing and hides no later snapshot of the same moment', () => {
    const invoice: SubscriptionEvent = {
      kind: 'period_renewed',
      at: t('2026-03-01T00:00:02Z'),
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
    };
    expect(applySubscriptionEvent(NO_SUBSCRIPTION, invoice)).toBe(NO_SUBSCRIPTION);
    expect(reduce([invoice, sub('2026-03-01T00:00:01Z')])).toMatchObject({
      status: 'active',
      planId: 'basic',
    });
  });

  it('an unknown price keeps the plan we knew', () => {
    const s = reduce([
      sub('2026-03-01T00:00:00Z', { planId: 'pro' }),
      sub('2026-03-02T00:00:00Z', { planId: null }),
    ]);
    expect(s.planId).toBe('pro');
  });

  it('does not change the state it is given', () => {
    const before = reduce([sub('2026-03-01T00:00:00Z')]);
    const copy = structuredClone(before);
    applySubscriptionEvent(before, { kind: 'deleted', at: t('2026-03-05T00:00:00Z') });
    expect(before).toEqual(copy);
  });
});

describe('applySubscriptionEvent: out-of-order delivery', () => {
  it('ignores an update older than the newest applied (late cancel after a reactivation)', () => {
    const s = reduce([
      sub('2026-03-01T00:00:00Z'),
      sub('2026-03-11T00:00:00Z', { cancelAtPeriodEnd: false, planId: 'pro' }),
      sub('2026-03-10T00:00:00Z', { cancelAtPeriodEnd: true }),
    ]);
    expect(s).toMatchObject({
      cancelAtPeriodEnd: false,
      planId: 'pro',
      lastEventAt: t('2026-03-11T00:00:00Z'),
    });
  });

  it('a late checkout snapshot does not revive a deleted subscription', () => {
    const s = reduce([
      sub('2026-03-01T00:00:00Z'),
      { kind: 'deleted', at: t('2026-04-01T00:00:00Z') },
      sub('2026-03-01T00:00:00Z'),
    ]);
    expect(s).toMatchObject({ status: 'canceled', planId: null });
  });

  it('a late deletion of an older moment does not end a newer subscription', () => {
    const s = reduce([
      sub('2026-05-01T00:00:00Z', { planId: 'enterprise' }),
      { kind: 'deleted', at: t('2026-04-01T00:00:00Z') },
    ]);
    expect(s).toMatchObject({ status: 'active', planId: 'enterprise' });
  });

  it('ignores an old invoice', () => {
    const s = reduce([
      sub('2026-03-10T00:00:00Z', { status: 'past_due' }),
      {
        kind: 'period_renewed',
        at: t('2026-03-01T00:00:00Z'),
        periodStart: PERIOD_START,
        periodEnd: PERIOD_END,
      },
    ]);
    expect(s.status).toBe('past_due');
  });

  it('applies events of the same second (provider times have one-second resolution)', () => {
    const s = reduce([sub('2026-03-01T00:00:00Z'), sub('2026-03-01T00:00:00Z', { planId: 'pro' })]);
    expect(s.planId).toBe('pro');
  });

  it('gives the same state whatever order a shuffled history arrives in', () => {
    const history: SubscriptionEvent[] = [
      sub('2026-03-01T00:00:00Z'),
      sub('2026-03-05T00:00:00Z', { planId: 'pro' }),
      sub('2026-03-07T00:00:00Z', { planId: 'pro', cancelAtPeriodEnd: true }),
      sub('2026-03-08T00:00:00Z', { planId: 'enterprise' }),
    ];
    const expected = reduce(history);
    const orders = [
      [3, 2, 1, 0],
      [1, 3, 0, 2],
      [2, 0, 3, 1],
    ];
    for (const order of orders) expect(reduce(order.map((i) => history[i]!))).toEqual(expected);
  });
});
