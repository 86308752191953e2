import { describe, expect, it } from 'vitest';
import { NO_SUBSCRIPTION, type SubscriptionState } from '../billing/subscription-state.ts';
import {
  betaPurgeCutoff,
  lifecycleStart,
  nextLifecycleStep,
  type AccountLifecycleFacts,
} from './lifecycle.ts';

const DAY = 24 * 60 * 60 * 1000;
const registered = new Date('2026-01-01T00:00:00Z');
const at = (days: number, base = registered) => new Date(base.getTime() + days * DAY);

const facts = (overrides: Partial<AccountLifecycleFacts> = {}): AccountLifecycleFacts => ({
  createdAt: registered,
  email: 'ada@example.test',
  deletionWarnedAt: null,
  subscription: NO_SUBSCRIPTION,
  ...overrides,
});

const paid: SubscriptionState = {
  planId: 'basic',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodStart: at(2),
  currentPeriodEnd: at(32),
};

describe('nextLifecycleStep', () => {
  it.each([0, 5, 10.99])('keeps a new account on day %d', (day) => {
    expect(nextLifecycleStep(facts(), at(day))).toEqual({ action: 'keep' });
  });

  it('warns on day 11 naming day 14', () => {
    expect(nextLifecycleStep(facts(), at(11))).toEqual({
      action: 'warn',
      startsAt: registered,
      deleteAt: at(14),
    });
  });

  it('keeps a warned account until day 14, then deletes it', () => {
    const warned = facts({ deletionWarnedAt: at(11) });
    expect(nextLifecycleStep(warned, at(12))).toEqual({ action: 'keep' });
    expect(nextLifecycleStep(warned, at(13.99))).toEqual({ action: 'keep' });
    expect(nextLifecycleStep(warned, at(14))).toEqual({ action: 'delete', startsAt: registered });
  });

  it('gives three days of notice when the warning went out late', () => {
    const step = nextLifecycleStep(facts(), at(20));
    expect(step).toEqual({ action: 'warn', startsAt: registered, deleteAt: at(23) });
    const warned = facts({ deletionWarnedAt: at(20) });
    expect(nextLifecycleStep(warned, at(22.9)).action).toBe('keep');
    expect(nextLifecycleStep(warned, at(23)).action).toBe('delete');
  });

  it('deletes an account without an e-mail on day 14, with no warning', () => {
    expect(nextLifecycleStep(facts({ email: null }), at(11)).action).toBe('keep');
    expect(nextLifecycleStep(facts({ email: null }), at(14)).action).toBe('delete');
  });

  it.each(['active', 'trialing', 'past_due'] as const)('never touches a %s paid plan', (status) => {
    const subscription = { ...paid, status };
    expect(nextLifecycleStep(facts({ subscription }), at(400))).toEqual({ action: 'keep' });
  });

  it('keeps a plan cancelled at period end until the period is over', () => {
    const subscription = { ...paid, cancelAtPeriodEnd: true };
    expect(nextLifecycleStep(facts({ subscription }), at(40))).toEqual({ action: 'keep' });
  });

  it('counts from the end of the billing cycle after a cancellation', () => {
    const ended: SubscriptionState = { ...paid, planId: null, status: 'canceled' };
    const cycleEnd = at(32);
    expect(lifecycleStart(facts({ subscription: ended }))).toEqual(cycleEnd);
    expect(nextLifecycleStep(facts({ subscription: ended }), at(42.9)).action).toBe('keep');
    expect(nextLifecycleStep(facts({ subscription: ended }), at(43))).toEqual({
      action: 'warn',
      startsAt: cycleEnd,
      deleteAt: at(46),
    });
    // A warning from the first, unpaid fortnight does not count for the new cycle.
    const warnedEarlier = facts({ subscription: ended, deletionWarnedAt: at(11) });
    expect(nextLifecycleStep(warnedEarlier, at(46)).action).toBe('warn');
    const warned = facts({ subscription: ended, deletionWarnedAt: at(43) });
    expect(nextLifecycleStep(warned, at(46)).action).toBe('delete');
  });

  it('treats an unfinished checkout as not upgraded', () => {
    const pending: SubscriptionState = { planId: null, status: 'pending', cancelAtPeriodEnd: false };
    expect(nextLifecycleStep(facts({ subscription: pending }), at(11)).action).toBe('warn');
  });
});

describe('betaPurgeCutoff', () => {
  it('is two calendar years before now', () => {
    expect(betaPurgeCutoff(new Date('2028-03-15T10:00:00Z'))).toEqual(new Date('2026-03-15T10:00:00Z'));
  });
});
