import { describe, expect, it } from 'vitest';
import { addUsage, decideDelivery } from './allowance.ts';
import {
  alertLifecycle,
  distanceToTrigger,
  isPastTrigger,
  isRearmDue,
  rearmAt,
  triggerStanding,
} from './lifecycle.ts';

const fired = new Date('2026-05-01T10:00:00Z');

describe('alertLifecycle', () => {
  it.each([
    [{ status: 'Active', pausedBy: null, lastTriggered: null, armed: true }, 'ready', null],
    [{ status: 'Active', pausedBy: null, lastTriggered: fired, armed: true }, 'rearmed', null],
    [{ status: 'Active', pausedBy: null, lastTriggered: null, armed: false }, 'not_armed', null],
    [{ status: 'Paused', pausedBy: 'user', lastTriggered: fired, armed: true }, 'paused', null],
    [
      { status: 'Paused', pausedBy: 'trigger', lastTriggered: fired, armed: true },
      'cooling_down',
      '2026-05-01T15:00:00.000Z',
    ],
  ] as const)('%o is %s', (alert, state, until) => {
    const result = alertLifecycle({ ...alert, resetInterval: '5hours' });
    expect(result.state).toBe(state);
    expect(result.cooldownUntil?.toISOString() ?? null).toBe(until);
  });

  it.each([
    ['1hour', '2026-05-01T11:00:00.000Z'],
    ['1day', '2026-05-02T10:00:00.000Z'],
    ['3days', '2026-05-04T10:00:00.000Z'],
    ['1week', '2026-05-08T10:00:00.000Z'],
  ] as const)('re-arms %s after firing at %s', (interval, at) => {
    expect(rearmAt(fired, interval).toISOString()).toBe(at);
  });

  it('re-arm is due only for trigger-paused alerts past their interval', () => {
    const alert = {
      status: 'Paused' as const,
      pausedBy: 'trigger' as const,
      lastTriggered: fired,
      resetInterval: '1hour' as const,
    };
    expect(isRearmDue(alert, new Date('2026-05-01T10:59:59.999Z'))).toBe(false);
    expect(isRearmDue(alert, new Date('2026-05-01T11:00:00.000Z'))).toBe(true);
    expect(isRearmDue({ ...alert, pausedBy: 'user' }, new Date('2027-01-01'))).toBe(false);
    expect(isRearmDue({ ...alert, status: 'Active' }, new Date('2027-01-01'))).toBe(false);
  });
});

describe('distanceToTrigger', () => {
  it('is the signed percent move to the trigger', () => {
    expect(distanceToTrigger(110, 100)).toBeCloseTo(10, 9);
    expect(distanceToTrigger(90, 100)).toBeCloseTo(-10, 9);
    expect(distanceToTrigger(null, 100)).toBeNull();
    expect(distanceToTrigger(100, 0)).toBeNull();
    expect(distanceToTrigger(100, undefined)).toBeNull();
    expect(isPastTrigger('above', 100, 100)).toBe(true);
    expect(isPastTrigger('below', 100, 100.01)).toBe(false);
  });
});

describe('decideDelivery (DESIGN.md section 5, Allowance)', () => {
  const limits = { total: 50, email: 25, sms: 25 };
  const contact = { email: 'a@example.test', phone: '+15550001111' };
  const none = { total: 0, email: 0, sms: 0 };

  it('queues every channel asked for while allowance is left', () => {
    expect(decideDelivery('Both', contact, limits, none)).toEqual({
      outcome: 'queued',
      channels: ['email', 'sms'],
      notes: [],
    });
    expect(decideDelivery('SMS', contact, limits, { total: 49, email: 24, sms: 24 }).channels).toEqual([
      'sms',
    ]);
  });

  it('skips for allowance at zero remaining or without a plan', () => {
    expect(decideDelivery('Both', contact, limits, { total: 50, email: 0, sms: 0 })).toMatchObject({
      outcome: 'skipped_allowance',
      channels: [],
    });
    expect(decideDelivery('Email', contact, null, none)).toMatchObject({
      outcome: 'skipped_allowance',
      notes: ['no active plan'],
    });
    expect(decideDelivery('Email', contact, limits, { total: 30, email: 25, sms: 5 })).toMatchObject({
      outcome: 'skipped_allowance',
    });
  });

  it('leaves out a destination not confirmed, using no allowance for it', () => {
    const unconfirmedPhone = { ...contact, emailVerified: true, phoneVerified: false };
    const both = decideDelivery('Both', unconfirmedPhone, limits, none);
    expect(both).toEqual({ outcome: 'queued', channels: ['email'], notes: ['phone number not verified'] });
    expect(addUsage(none, both)).toEqual({ total: 1, email: 1, sms: 0 });
    const smsOnly = decideDelivery('SMS', unconfirmedPhone, limits, none);
    expect(smsOnly).toEqual({ outcome: 'failed', channels: [], notes: ['phone number not verified'] });
    expect(addUsage(none, smsOnly)).toEqual(none);
    expect(
      decideDelivery('Email', { ...contact, emailVerified: false, phoneVerified: true }, limits, none),
    ).toMatchObject({ outcome: 'failed', notes: ['e-mail address not verified'] });
  });

  it('drops a capped or unreachable channel and keeps the other', () => {
    expect(decideDelivery('Both', contact, limits, { total: 30, email: 25, sms: 5 })).toEqual({
      outcome: 'queued',
      channels: ['sms'],
      notes: ['e-mail allowance used up'],
    });
    expect(decideDelivery('Both', { email: 'a@example.test', phone: null }, limits, none)).toEqual({
      outcome: 'queued',
      channels: ['email'],
      notes: ['no phone number on the profile'],
    });
    expect(decideDelivery('SMS', { email: 'a@example.test', phone: null }, limits, none)).toMatchObject({
      outcome: 'failed',
    });
  });

  it('counts one notification plus one per channel', () => {
    const decision = decideDelivery('Both', contact, limits, none);
    expect(addUsage(none, decision)).toEqual({ total: 1, email: 1, sms: 1 });
    expect(addUsage(none, decideDelivery('Both', contact, null, none))).toEqual(none);
  });
});

describe('triggerStanding', () => {
  it.each([
    // A gain alert at $100.17 on a coin at $190: already past, never '-47.27% from now'.
    ['above', 100.17, 190, { holds: true, movePercent: null }],
    ['above', 100, 100, { holds: true, movePercent: null }],
    ['below', 100, 100, { holds: true, movePercent: null }],
    ['below', 100, 80, { holds: true, movePercent: null }],
    ['above', 110, 100, { holds: false, movePercent: 10 }],
    ['below', 90, 100, { holds: false, movePercent: -10 }],
    ['above', 110, null, { holds: false, movePercent: null }],
    ['above', 110, 0, { holds: false, movePercent: null }],
  ] as const)('%s %d at %s -> %o', (direction, trigger, current, standing) => {
    const found = triggerStanding(direction, trigger, current);
    expect(found.holds).toBe(standing.holds);
    if (standing.movePercent === null) expect(found.movePercent).toBeNull();
    else expect(found.movePercent).toBeCloseTo(standing.movePercent, 9);
  });

  it('never gives a move in the wrong direction', () => {
    for (const current of [1, 50, 99.99, 100, 100.01, 150]) {
      const up = triggerStanding('above', 100, current).movePercent;
      const down = triggerStanding('below', 100, current).movePercent;
      if (up !== null) expect(up).toBeGreaterThan(0);
      if (down !== null) expect(down).toBeLessThan(0);
    }
  });
});
