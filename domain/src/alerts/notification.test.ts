import { describe, expect, it } from 'vitest';
import {
  SIMULATED_NOTICE,
  describeCondition,
  renderAlertEmail,
  renderAlertSms,
  type AlertNotice,
} from './notification.ts';

const base: AlertNotice = {
  scope: 'coin',
  coinSymbol: 'BTC',
  coinName: 'Bitcoin',
  thresholdType: 'Above',
  thresholdValue: 50000,
  price: 50123.45,
  alertsUrl: 'https://coinpace.example/alerts',
};

describe('alert notification texts', () => {
  it('an e-mail carries the coin, the condition, the price and the link in text and HTML', () => {
    const mail = renderAlertEmail(base);
    expect(mail.subject).toBe('Coinpace alert: BTC is above $50,000.00');
    expect(mail.text).toContain(
      'Bitcoin (BTC) is now $50,123.45, at or above your alert price of $50,000.00.',
    );
    expect(mail.text).toContain('Manage your alerts: https://coinpace.example/alerts');
    expect(mail.html).toContain('<a href="https://coinpace.example/alerts">Manage your alerts</a>');
    expect(mail.html).toContain('$50,123.45');
  });

  it('an alert set in another currency states every amount in it', () => {
    const euro = renderAlertEmail({ ...base, currency: 'eur', thresholdValue: 46000, price: 46113.57 });
    expect(euro.subject).toBe('Coinpace alert: BTC is above €46,000.00');
    expect(euro.text).toContain(
      'Bitcoin (BTC) is now €46,113.57, at or above your alert price of €46,000.00.',
    );
    expect(euro.text).not.toContain('$');
    const yen = {
      ...base,
      currency: 'jpy',
      scope: 'portfolio',
      thresholdType: 'Gain',
      thresholdValue: 10,
      price: 1_650_000,
      referenceValue: 1_500_000,
    } as const;
    expect(renderAlertEmail(yen).text).toContain(
      'Your portfolio is now worth ¥1,650,000, +10.00% against the ¥1,500,000 you paid for it.',
    );
    expect(renderAlertSms(yen)).toBe(
      'Coinpace: Your portfolio is up 10% or more, now ¥1,650,000. https://coinpace.example/alerts',
    );
    const sats = {
      ...base,
      currency: 'btc',
      coinSymbol: 'ETH',
      coinName: 'Ether',
      thresholdType: 'Below',
    } as const;
    expect(renderAlertSms({ ...sats, thresholdValue: 0.03, price: 0.02991234 })).toBe(
      'Coinpace: ETH is below ₿0.03000000, now ₿0.02991234. https://coinpace.example/alerts',
    );
  });

  it('a message about simulated demo prices says so in the subject, the text, the HTML and the SMS', () => {
    const mail = renderAlertEmail({ ...base, simulated: true });
    expect(mail.subject).toBe('Coinpace alert (simulated prices): BTC is above $50,000.00');
    expect(mail.text).toContain(SIMULATED_NOTICE);
    expect(mail.html).toContain(SIMULATED_NOTICE);
    expect(renderAlertSms({ ...base, simulated: true })).toContain('(simulated demo prices)');
    const real = renderAlertEmail(base);
    expect(real.text).not.toContain(SIMULATED_NOTICE);
    expect(renderAlertSms(base)).not.toContain('simulated');
  });

  it.each([
    [{ thresholdType: 'Below', thresholdValue: 0.5, price: 0.49 }, 'BTC is below $0.500000'],
    [
      { thresholdType: 'Gain', thresholdValue: 10, price: 33000, referenceValue: 30000 },
      'BTC is up 10% or more',
    ],
    [{ thresholdType: 'Loss', thresholdValue: 12.5, price: 1 }, 'BTC is down 12.5% or more'],
    [
      { scope: 'portfolio', coinSymbol: null, thresholdType: 'Loss', thresholdValue: 5 },
      'Your portfolio is down 5% or more',
    ],
  ] as const)('condition of %o', (change, text) => {
    expect(describeCondition({ ...base, ...change })).toBe(text);
  });

  it('a gain mail says how far the price moved from the reference', () => {
    const mail = renderAlertEmail({
      ...base,
      thresholdType: 'Gain',
      thresholdValue: 10,
      price: 33000,
      referenceValue: 30000,
    });
    expect(mail.text).toContain('Bitcoin (BTC) is now $33,000.00, +10.00% from $30,000.00.');
  });

  it('a whole-portfolio mail measures against what the holdings cost', () => {
    const mail = renderAlertEmail({
      ...base,
      scope: 'portfolio',
      coinSymbol: null,
      coinName: null,
      thresholdType: 'Loss',
      thresholdValue: 10,
      price: 8900,
      referenceValue: 10000,
    });
    expect(mail.subject).toBe('Coinpace alert: Your portfolio is down 10% or more');
    expect(mail.text).toContain(
      'Your portfolio is now worth $8,900.00, -11.00% against the $10,000.00 you paid for it.',
    );
  });

  it('an all-coins mail lists the holdings', () => {
    const notice: AlertNotice = {
      ...base,
      scope: 'all_coins',
      coinSymbol: null,
      coinName: null,
      thresholdType: 'Gain',
      thresholdValue: 10,
      crossed: [
        { coingeckoId: 'bitcoin', symbol: 'BTC', price: 33000, purchasePrice: 30000, changePercent: 10 },
        { coingeckoId: 'ethereum', symbol: 'ETH', price: 2200, purchasePrice: 2000, changePercent: 10 },
      ],
    };
    const mail = renderAlertEmail(notice);
    expect(mail.subject).toBe('Coinpace alert: 2 of your coins are up 10% or more');
    expect(mail.html).toContain('<li>ETH: $2,200.00, +10.00% from your purchase price of $2,000.00</li>');
    expect(renderAlertSms(notice)).toBe(
      'Coinpace: 2 of your coins are up 10% or more, BTC $33,000.00 (+10.00%), ETH $2,200.00 (+10.00%). https://coinpace.example/alerts',
    );
  });

  it('an SMS is one short line', () => {
    expect(renderAlertSms(base)).toBe(
      'Coinpace: BTC is above $50,000.00, now $50,123.45. https://coinpace.example/alerts',
    );
  });

  it('escapes HTML', () => {
    expect(renderAlertEmail({ ...base, coinName: '<script>' }).html).not.toContain('<script>');
  });
});
