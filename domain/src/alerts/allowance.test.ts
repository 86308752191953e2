import { describe, expect, it } from 'vitest';
import {
  addNoticeUsage,
  allowanceLeft,
  decideDelivery,
  limitReachedMessage,
  methodAllowance,
} from './allowance.ts';

const basic = { total: 50, email: 25, sms: 25 };
const contact = { email: 'a@b.c', phone: '+15550001111' };

describe('allowanceLeft', () => {
  it.each([
    [
      { total: 0, email: 0, sms: 0 },
      { total: 50, email: 25, sms: 25 },
    ],
    // SMS used up while the total still shows 25: e-mail has 25 left, SMS none.
    [
      { total: 25, email: 0, sms: 25 },
      { total: 25, email: 25, sms: 0 },
    ],
    // A channel never has more left than the total.
    [
      { total: 48, email: 24, sms: 24 },
      { total: 2, email: 1, sms: 1 },
    ],
    [
      { total: 49, email: 24, sms: 24 },
      { total: 1, email: 1, sms: 1 },
    ],
    [
      { total: 50, email: 25, sms: 25 },
      { total: 0, email: 0, sms: 0 },
    ],
    [
      { total: 60, email: 30, sms: 30 },
      { total: 0, email: 0, sms: 0 },
    ],
  ])('used %o leaves %o', (used, left) => {
    expect(allowanceLeft(basic, used)).toEqual(left);
  });

  it('leaves nothing without a plan', () => {
    expect(allowanceLeft(null, { total: 0, email: 0, sms: 0 })).toEqual({ total: 0, email: 0, sms: 0 });
  });

  it('agrees with the firing decision: a channel with nothing left is not sent on', () => {
    const used = { total: 25, email: 0, sms: 25 };
    const left = allowanceLeft(basic, used);
    for (const method of ['Email', 'SMS', 'Both'] as const) {
      const decision = decideDelivery(method, contact, basic, used);
      const { state, usedUp } = methodAllowance(method, left);
      expect(decision.outcome === 'skipped_allowance').toBe(state === 'blocked');
      for (const channel of usedUp) expect(decision.channels).not.toContain(channel);
    }
  });
});

describe('methodAllowance', () => {
  const left = { total: 25, email: 25, sms: 0 };
  it.each([
    ['Email', 'ok', []],
    ['SMS', 'blocked', ['sms']],
    ['Both', 'partial', ['sms']],
  ] as const)('%s with SMS used up: %s', (method, state, usedUp) => {
    expect(methodAllowance(method, left)).toEqual({ state, usedUp });
  });

  it('blocks every method once the total is used up', () => {
    expect(methodAllowance('Both', { total: 0, email: 0, sms: 0 }).state).toBe('blocked');
  });
});

describe('limitReachedMessage', () => {
  it("keeps SPEC.md's text for the whole allowance and names a used-up channel", () => {
    expect(limitReachedMessage()).toBe(
      'You have used all of your alerts for this billing period. Upgrade your plan or wait for your next billing cycle.',
    );
    expect(limitReachedMessage(['sms'])).toBe(
      'You have used all of your SMS alerts for this billing period. Upgrade your plan or wait for your next billing cycle.',
    );
    expect(limitReachedMessage(['email'])).toContain('all of your e-mail alerts');
  });
});

describe('addNoticeUsage', () => {
  const none = { total: 0, email: 0, sms: 0 };
  const limits = basic;

  it('counts the alerts one tick fired for a user once, and once per channel they go out on', () => {
    const decisions = [
      ...Array.from({ length: 16 }, () => decideDelivery('Both', contact, limits, none)),
      decideDelivery('Email', contact, limits, none),
    ];
    expect(addNoticeUsage(none, decisions)).toEqual({ total: 1, email: 1, sms: 1 });
    expect(addNoticeUsage(none, [decideDelivery('SMS', contact, limits, none)])).toEqual({
      total: 1,
      email: 0,
      sms: 1,
    });
  });

  it('counts nothing when no alert was queued', () => {
    const used = { total: 50, email: 25, sms: 25 };
    expect(addNoticeUsage(used, [decideDelivery('Both', contact, limits, used)])).toEqual(used);
    expect(addNoticeUsage(none, [])).toEqual(none);
  });
});
