import type { AlertView, BillingInfo } from '@coinpace/domain';
import { alertView as view } from './testing.ts';
import { describe, expect, it } from 'vitest';
import {
  conditionText,
  creationBlock,
  distanceText,
  lifecycleText,
  liveDistance,
  methodOf,
  toAlertUi,
  usageLevel,
} from './alert-ui.ts';

const billing = (over: Partial<BillingInfo> = {}): BillingInfo => ({
  plan: 'Coinpace',
  planStatus: 'active',
  accountStatus: 'Active',
  isInTrial: false,
  daysRemaining: 12,
  cancelAtPeriodEnd: false,
  billingCycleEnd: null,
  planLimits: { totalAlerts: 50, smsAlerts: 25, emailAlerts: 25 },
  alertUsage: { alertsSent: 0, remaining: 50 },
  ...over,
});

describe('toAlertUi (SPEC.md "Alert (UI)")', () => {
  it('maps a watch-list price alert', () => {
    expect(toAlertUi(view())).toMatchObject({
      id: 'a1',
      coin: 'Bitcoin',
      coinSymbol: 'BTC',
      type: 'price',
      condition: 'above',
      value: 50000,
      currentPrice: 40000,
      enabled: true,
      isPortfolioCoin: false,
      notificationPreferences: { email: true, sms: true },
      lastAlerted: null,
      resetInterval: '1week',
    });
  });

  it.each([
    [
      { thresholdType: 'Loss', type: 'PortfolioGainLoss', notificationMethod: 'SMS', status: 'Paused' },
      {
        type: 'percentage',
        condition: 'below',
        isPortfolioCoin: true,
        enabled: false,
        notificationPreferences: { email: false, sms: true },
      },
    ],
    [
      { scope: 'portfolio', coinId: null, coinSymbol: 'PORTFOLIO_TOTAL', thresholdType: 'Gain' },
      { coin: 'Whole portfolio', coinSymbol: 'PORTFOLIO_TOTAL', type: 'percentage', condition: 'above' },
    ],
    [
      { scope: 'all_coins', coinId: null, coinSymbol: 'ALL_COINS', notificationMethod: 'Email' },
      { coin: 'All coins', notificationPreferences: { email: true, sms: false } },
    ],
  ] as const)('maps %o', (over, expected) => {
    expect(toAlertUi(view(over as Partial<AlertView>))).toMatchObject(expected);
  });
});

describe('screen rules', () => {
  it('usage banner: warning at 5 or fewer remaining, critical at 0 or less (SPEC.md section 9)', () => {
    expect([6, 5, 1, 0, -1].map((n) => usageLevel(n))).toEqual([
      'ok',
      'warning',
      'warning',
      'critical',
      'critical',
    ]);
  });

  it('usage banner per channel: one channel used up warns, both used up is critical', () => {
    expect(usageLevel(25, { total: 25, email: 25, sms: 0 })).toBe('warning');
    expect(usageLevel(25, { total: 25, email: 0, sms: 0 })).toBe('critical');
    expect(usageLevel(40, { total: 40, email: 20, sms: 20 })).toBe('ok');
  });

  it('one channel used up does not block creation; both do, naming them', () => {
    const profile = { email: 'a@example.test', phone: '+15550001111' };
    const info = billing({ alertUsage: { alertsSent: 25, remaining: 25 } });
    expect(creationBlock(info, profile, { total: 25, email: 25, sms: 0 })).toBeNull();
    expect(creationBlock(info, profile, { total: 25, email: 0, sms: 0 })).toEqual({
      kind: 'limit',
      usedUp: ['email', 'sms'],
    });
  });

  it('creation is blocked without a plan, at zero remaining, and without phone and e-mail', () => {
    const profile = { email: 'a@example.test', phone: '+15550001111' };
    expect(creationBlock(null, profile)).toEqual({ kind: 'upgrade' });
    expect(creationBlock(billing({ plan: 'None' }), profile)).toEqual({ kind: 'upgrade' });
    expect(creationBlock(billing({ accountStatus: 'Pending' }), profile)).toEqual({ kind: 'upgrade' });
    expect(creationBlock(billing({ alertUsage: { alertsSent: 50, remaining: 0 } }), profile)).toEqual({
      kind: 'limit',
    });
    expect(creationBlock(billing(), { email: 'a@example.test', phone: null })).toEqual({
      kind: 'missing',
      items: ['phone number'],
    });
    expect(creationBlock(billing(), { email: null, phone: null })).toEqual({
      kind: 'missing',
      items: ['phone number', 'email address'],
    });
    expect(creationBlock(billing(), profile)).toBeNull();
  });

  it('notification method from the two checkboxes', () => {
    expect(methodOf({ email: true, sms: true })).toBe('Both');
    expect(methodOf({ email: true, sms: false })).toBe('Email');
    expect(methodOf({ email: false, sms: true })).toBe('SMS');
    expect(methodOf({ email: false, sms: false })).toBeNull();
  });

  it('condition, lifecycle and distance texts', () => {
    const text = (over: Partial<Parameters<typeof conditionText>[0]>) =>
      conditionText({ type: 'price', condition: 'above', value: 50000, currency: 'usd', ...over });
    expect(text({})).toBe('Above $50,000.00');
    expect(text({ type: 'percentage', condition: 'below', value: 12.5 })).toBe('Down 12.5%');
    expect(text({ type: 'percentage', value: 12.5, currency: 'eur' })).toBe('Up 12.5%');
    expect(text({ currency: 'eur', value: 46000 })).toBe('Above €46,000.00');
    expect(text({ currency: 'jpy', condition: 'below', value: 7_000_000 })).toBe('Below ¥7,000,000');
    expect(text({ currency: 'btc', value: 0.035 })).toBe('Above ₿0.03500000');
    const t = (iso: string) => iso.slice(11, 16);
    expect(lifecycleText({ state: 'cooling_down', cooldownUntil: '2026-01-01T10:30:00.000Z' }, t)).toBe(
      'Fired · cooling down until 10:30',
    );
    expect(lifecycleText({ state: 'rearmed', cooldownUntil: null }, t)).toBe('Re-armed');
    expect(liveDistance({ triggerPrice: 110, currentPrice: 50, distancePercent: 120 }, 100)).toBeCloseTo(
      10,
      9,
    );
    expect(liveDistance({ triggerPrice: 110, currentPrice: 100, distancePercent: 9 }, undefined)).toBeCloseTo(
      10,
      9,
    );
    // A whole-portfolio alert: no trigger price, the server's distance.
    expect(liveDistance({ triggerPrice: null, currentPrice: 2500, distancePercent: -4.5 }, undefined)).toBe(
      -4.5,
    );
    expect(liveDistance({ triggerPrice: null, currentPrice: null, distancePercent: null }, 3)).toBeNull();
    expect(distanceText(10, 'above')).toBe('+10.00% to go');
    expect(distanceText(-1, 'above')).toBe('Reached');
    expect(distanceText(-5, 'below')).toBe('-5.00% to go');
    expect(distanceText(null, 'below')).toBe('—');
  });
});

describe('portfolio kinds in the list', () => {
  it('names each kind in words', () => {
    const kind = (over: Partial<AlertView>) =>
      conditionText(toAlertUi(view({ type: 'PortfolioGainLoss', coinId: null, ...over })));
    expect(
      kind({
        scope: 'portfolio_value',
        coinSymbol: 'PORTFOLIO_TOTAL',
        thresholdValue: 50_000,
        currency: 'eur',
      }),
    ).toBe('Portfolio value above €50,000.00');
    expect(
      kind({ scope: 'drawdown', coinSymbol: 'PORTFOLIO_TOTAL', thresholdType: 'Loss', thresholdValue: 10 }),
    ).toBe('Drawdown of 10% from peak');
    expect(
      kind({
        scope: 'holding_pnl',
        coinSymbol: 'ETH',
        thresholdType: 'Loss',
        thresholdValue: 1_000,
        measure: 'amount',
      }),
    ).toBe('ETH loss of $1,000.00 or more');
    expect(kind({ scope: 'allocation', coinSymbol: 'SOL', thresholdType: 'Below', thresholdValue: 5 })).toBe(
      'SOL below 5% of portfolio',
    );
    expect(toAlertUi(view({ scope: 'drawdown', coinSymbol: 'PORTFOLIO_TOTAL', coinId: null })).coin).toBe(
      'Whole portfolio',
    );
  });
});
