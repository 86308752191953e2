import { describe, expect, it } from 'vitest';
import {
  SMS_MAX_CHARS,
  renderNoticeEmail,
  renderNoticeSms,
  shortCondition,
} from './notification-combined.ts';
import { SIMULATED_NOTICE, renderAlertEmail, renderAlertSms, type AlertNotice } from './notification.ts';

const url = 'https://coinpace.example/alerts';
const btc: AlertNotice = {
  scope: 'coin',
  coinSymbol: 'BTC',
  coinName: 'Bitcoin',
  thresholdType: 'Below',
  thresholdValue: 90000,
  price: 89500,
  alertsUrl: url,
};
const loss = (symbol: string, price = 90, reference = 100): AlertNotice => ({
  scope: 'coin',
  coinSymbol: symbol,
  coinName: symbol.toLowerCase(),
  thresholdType: 'Loss',
  thresholdValue: 10,
  price,
  referenceValue: reference,
  alertsUrl: url,
});

describe('combined alert messages', () => {
  it('one alert is told exactly as its own e-mail and SMS tell it', () => {
    expect(renderNoticeEmail([btc])).toEqual(renderAlertEmail(btc));
    expect(renderNoticeSms([btc])).toBe(renderAlertSms(btc));
  });

  it("the e-mail lists every alert with its own e-mail's lines, each in its own currency", () => {
    const euro: AlertNotice = { ...loss('ETH', 2700, 3000), currency: 'eur' };
    const mail = renderNoticeEmail([btc, euro, loss('SOL', 135, 150)]);
    expect(mail.subject).toBe('Coinpace: 3 alerts fired');
    expect(mail.text.startsWith('3 alerts fired:\n')).toBe(true);
    expect(mail.text).toContain('- BTC is below $90,000.00\n');
    expect(mail.text).toContain(
      'Bitcoin (BTC) is now $89,500.00, at or below your alert price of $90,000.00.',
    );
    expect(mail.text).toContain('- ETH is down 10% or more\n');
    expect(mail.text).toContain('eth (ETH) is now €2,700.00, -10.00% from €3,000.00.');
    expect(mail.text).toContain('sol (SOL) is now $135.00, -10.00% from $150.00.');
    expect(mail.text).toContain(`Manage your alerts: ${url}`);
    expect(mail.html).toContain('<h1 style="font-size:20px">3 alerts fired</h1>');
    expect(mail.html.match(/<h2 /g)).toHaveLength(3);
    expect(mail.html).toContain('€2,700.00');
    expect(mail.html.match(/Manage your alerts/g)).toHaveLength(1);
  });

  it('says once that the prices are the simulated demo feed', () => {
    const notices = [btc, loss('ETH')].map((n) => ({ ...n, simulated: true }));
    const mail = renderNoticeEmail(notices);
    expect(mail.subject).toBe('Coinpace (simulated prices): 2 alerts fired');
    expect(mail.text.split(SIMULATED_NOTICE)).toHaveLength(2);
    expect(renderNoticeSms(notices)).toBe(
      `Coinpace: 2 alerts fired (simulated demo prices): BTC below $90,000 and ETH down 10%. Details: ${url}`,
    );
  });

  it('the SMS names every condition while they fit in one SMS', () => {
    expect(renderNoticeSms([btc, loss('ETH'), loss('SOL')])).toBe(
      `Coinpace: 3 alerts fired: BTC below $90,000, ETH down 10% and SOL down 10%. Details: ${url}`,
    );
  });

  it('a storm of sixteen summarises within 160 characters: the first conditions and how many more', () => {
    const notices = Array.from({ length: 16 }, (_, i) => loss(`C${String(i + 1).padStart(2, '0')}`));
    const sms = renderNoticeSms([btc, ...notices]);
    expect(sms.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(sms).toMatch(
      /^Coinpace: 17 alerts fired: BTC below \$90,000, C01 down 10%, .* and \d+ more\. Details: https:\/\/coinpace\.example\/alerts$/,
    );
    // As many as fit: one more would not.
    const shown = sms.split(', ').length;
    const more = Number(/and (\d+) more/.exec(sms)![1]);
    expect(shown + more).toBe(17);
    const longer = `${sms.replace(/ and \d+ more/, `, C${String(shown).padStart(2, '0')} down 10% and ${more - 1} more`)}`;
    expect(longer.length).toBeGreaterThan(SMS_MAX_CHARS);
  });

  it('with a link too long for any condition, the SMS keeps the count and the link', () => {
    const long = `https://coinpace.example/${'x'.repeat(150)}`;
    const sms = renderNoticeSms([btc, loss('ETH')].map((n) => ({ ...n, alertsUrl: long })));
    expect(sms).toBe(`Coinpace: 2 alerts fired. Details: ${long}`);
  });

  it.each<[AlertNotice, string]>([
    [btc, 'BTC below $90,000'],
    [{ ...btc, thresholdType: 'Above', thresholdValue: 0.4512 }, 'BTC above $0.451200'],
    [{ ...btc, currency: 'jpy', thresholdValue: 14_000_000 }, 'BTC below ¥14,000,000'],
    [{ ...btc, currency: 'eur', thresholdValue: 81_500.5 }, 'BTC below €81,500.50'],
    [loss('ETH'), 'ETH down 10%'],
    [{ ...loss('ETH'), thresholdType: 'Gain', thresholdValue: 2.5 }, 'ETH up 2.5%'],
    [{ ...loss('X'), scope: 'portfolio', coinSymbol: null }, 'Portfolio down 10%'],
    [
      {
        ...loss('X'),
        scope: 'all_coins',
        coinSymbol: null,
        crossed: [
          { coingeckoId: 'a', symbol: 'ADA', price: 1, purchasePrice: 2, changePercent: -50 },
          { coingeckoId: 'd', symbol: 'DOT', price: 1, purchasePrice: 2, changePercent: -50 },
        ],
      },
      '2 coins down 10%',
    ],
  ])('short condition %#: %s', (notice, text) => {
    expect(shortCondition(notice)).toBe(text);
  });
});
