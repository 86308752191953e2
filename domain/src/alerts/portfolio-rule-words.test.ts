import { describe, expect, it } from 'vitest';
import { renderNoticeSms, SMS_MAX_CHARS } from './notification-combined.ts';
import { renderAlertEmail, renderAlertSms, type AlertNotice } from './notification.ts';
import { portfolioRuleLabel } from './portfolio-rule-words.ts';

const base = {
  coinName: null,
  alertsUrl: 'https://coinpace.example/alerts',
} as const;

describe('portfolioRuleLabel', () => {
  it.each([
    [
      { scope: 'portfolio_value', thresholdType: 'Above', thresholdValue: 50_000, currency: 'eur' },
      'Portfolio value above €50,000.00',
    ],
    [
      { scope: 'drawdown', thresholdType: 'Loss', thresholdValue: 10, currency: 'usd' },
      'Drawdown of 10% from peak',
    ],
    [
      { scope: 'drawdown', thresholdType: 'Loss', thresholdValue: 15, coinSymbol: 'BTC', currency: 'usd' },
      'BTC drawdown of 15% from peak',
    ],
    [
      {
        scope: 'holding_pnl',
        thresholdType: 'Gain',
        thresholdValue: 25,
        measure: 'percent',
        coinSymbol: 'ETH',
        currency: 'usd',
      },
      'ETH gain of 25% or more',
    ],
    [
      {
        scope: 'holding_pnl',
        thresholdType: 'Loss',
        thresholdValue: 1_000,
        measure: 'amount',
        coinSymbol: 'ETH',
        currency: 'usd',
      },
      'ETH loss of $1,000.00 or more',
    ],
    [
      { scope: 'allocation', thresholdType: 'Below', thresholdValue: 5, coinSymbol: 'SOL', currency: 'usd' },
      'SOL below 5% of portfolio',
    ],
  ] as const)('%o -> %s', (rule, text) => {
    expect(portfolioRuleLabel(rule)).toBe(text);
  });
});

describe('portfolio-kind messages', () => {
  const value: AlertNotice = {
    ...base,
    scope: 'portfolio_value',
    coinSymbol: null,
    thresholdType: 'Above',
    thresholdValue: 50_000,
    currency: 'eur',
    price: 51_234.5,
    observed: 51_234.5,
  };

  it('tells what crossed and the value in the alert currency, in text, HTML and SMS', () => {
    const mail = renderAlertEmail(value);
    expect(mail.subject).toBe('Coinpace alert: Your portfolio value is above €50,000.00');
    expect(mail.text).toContain('Your portfolio is now worth €51,234.50.');
    expect(mail.text).toContain(base.alertsUrl);
    expect(mail.html).toContain('Your portfolio is now worth €51,234.50.');
    expect(mail.html).toContain(`href="${base.alertsUrl}"`);
    const sms = renderAlertSms(value);
    expect(sms).toBe(`Coinpace: Your portfolio value is above €50,000.00, now €51,234.50. ${base.alertsUrl}`);
  });

  it('tells a drawdown with its peak and keeps every SMS within one message', () => {
    const dd: AlertNotice = {
      ...base,
      scope: 'drawdown',
      coinSymbol: null,
      thresholdType: 'Loss',
      thresholdValue: 10,
      currency: 'usd',
      price: 72_000,
      observed: 10,
      highWater: 80_000,
    };
    expect(renderAlertEmail(dd).text).toContain(
      'Your portfolio is now worth $72,000.00, down 10% from its peak of $80,000.00',
    );
    const long = { ...dd, alertsUrl: `https://coinpace.example/${'x'.repeat(40)}/alerts` };
    expect(renderAlertSms(long).length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    const pnl: AlertNotice = {
      ...base,
      scope: 'holding_pnl',
      coinSymbol: 'ETH',
      thresholdType: 'Loss',
      thresholdValue: 1_000,
      measure: 'amount',
      currency: 'usd',
      price: 15_000,
      observed: -5_000,
    };
    expect(renderAlertEmail(pnl).text).toContain('a loss of $5,000.00 against its cost');
    const both = renderNoticeSms([dd, pnl]);
    expect(both).toContain('Drawdown of 10% from peak and ETH loss of $1,000 or more');
    expect(both.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
  });
});
