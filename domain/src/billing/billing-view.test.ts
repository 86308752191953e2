import { describe, expect, it } from 'vitest';
import { DEFAULT_DAYS_REMAINING, billingView } from './billing-view.ts';
import { NO_SUBSCRIPTION, type SubscriptionState } from './subscription-state.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const END = new Date('2026-04-01T00:00:00Z');

function state(over: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    planId: 'pro',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodStart: new Date('2026-03-01T00:00:00Z'),
    currentPeriodEnd: END,
    syncedAt: new Date('2026-03-01T00:00:00Z'),
    ...over,
  };
}

describe('billingView', () => {
  it('shows a user without a subscription as plan None, Pending, zero limits, 30 days', () => {
    expect(billingView(NO_SUBSCRIPTION, { alertsSent: 0 }, NOW)).toEqual({
      plan: 'None',
      planStatus: 'none',
      accountStatus: 'Pending',
      isInTrial: false,
      daysRemaining: DEFAULT_DAYS_REMAINING,
      cancelAtPeriodEnd: false,
      billingCycleEnd: null,
      planLimits: { totalAlerts: 0, smsAlerts: 0, emailAlerts: 0 },
      alertUsage: { alertsSent: 0, remaining: 0 },
    });
  });

  it('shows an active plan with its limits, usage and period', () => {
    expect(billingView(state(), { alertsSent: 12 }, NOW)).toEqual({
      plan: 'Token Run',
      planStatus: 'active',
      accountStatus: 'Active',
      isInTrial: false,
      daysRemaining: 22, // 21.5 days, rounded up
      cancelAtPeriodEnd: false,
      billingCycleEnd: '2026-04-01T00:00:00.000Z',
      planLimits: { totalAlerts: 200, smsAlerts: 100, emailAlerts: 100 },
      alertUsage: { alertsSent: 12, remaining: 188 },
    });
  });

  it.each([
    ['basic', 'Coinpace', 50],
    ['enterprise', 'Moon Race', 1000],
  ] as const)('names plan %s %s with %d notifications', (planId, name, total) => {
    const view = billingView(state({ planId }), { alertsSent: 0 }, NOW);
    expect(view.plan).toBe(name);
    expect(view.planLimits.totalAlerts).toBe(total);
  });

  it('keeps access, with Access until, while cancelling at period end', () => {
    const view = billingView(state({ cancelAtPeriodEnd: true }), { alertsSent: 0 }, NOW);
    expect(view).toMatchObject({ plan: 'Token Run', accountStatus: 'Active', cancelAtPeriodEnd: true });
  });

  it('flags a trial', () => {
    const view = billingView(state({ status: 'trialing' }), { alertsSent: 0 }, NOW);
    expect(view).toMatchObject({
      plan: 'Token Run',
      planStatus: 'trial',
      accountStatus: 'Active',
      isInTrial: true,
    });
  });

  it('keeps the plan as PastDue while a payment is retried', () => {
    const view = billingView(state({ status: 'past_due' }), { alertsSent: 3 }, NOW);
    expect(view).toMatchObject({
      plan: 'Token Run',
      accountStatus: 'PastDue',
      alertUsage: { alertsSent: 3, remaining: 197 },
    });
  });

  it.each(['pending', 'incomplete', 'canceled'] as const)(
    'treats status %s as no plan: Pending, zero limits',
    (status) => {
      const view = billingView(
        state({ status, planId: status === 'canceled' ? null : 'pro' }),
        { alertsSent: 4 },
        NOW,
      );
      expect(view).toMatchObject({
        plan: 'None',
        planStatus: status,
        accountStatus: 'Pending',
        cancelAtPeriodEnd: false,
        planLimits: { totalAlerts: 0, smsAlerts: 0, emailAlerts: 0 },
        alertUsage: { alertsSent: 4, remaining: 0 },
      });
    },
  );

  it('never reports negative remaining or days', () => {
    const view = billingView(
      state({ planId: 'basic' }),
      { alertsSent: 70 },
      new Date('2026-04-03T00:00:00Z'),
    );
    expect(view.alertUsage).toEqual({ alertsSent: 70, remaining: 0 });
    expect(view.daysRemaining).toBe(0);
  });

  it('counts the allowance boundary exactly', () => {
    expect(billingView(state({ planId: 'basic' }), { alertsSent: 49 }, NOW).alertUsage.remaining).toBe(1);
    expect(billingView(state({ planId: 'basic' }), { alertsSent: 50 }, NOW).alertUsage.remaining).toBe(0);
  });

  it('counts one day for the last hours of a period and 30 without a known period', () => {
    expect(billingView(state(), { alertsSent: 0 }, new Date('2026-03-31T23:00:00Z')).daysRemaining).toBe(1);
    expect(billingView(state({ currentPeriodEnd: undefined }), { alertsSent: 0 }, NOW).daysRemaining).toBe(
      30,
    );
  });
});
