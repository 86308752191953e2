import { ALERT_MESSAGES, type HoldingRow } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import {
  alertCount,
  effectiveKind,
  emptyForm,
  toCreatePayload,
  validateForm,
  type AlertForm,
} from './alert-form.ts';
import { previewLines } from './alert-preview.ts';

const holding = (over: Partial<HoldingRow>): HoldingRow => ({
  id: 'h1',
  coinId: 'bitcoin',
  coingeckoId: 'bitcoin',
  symbol: 'BTC',
  name: 'Bitcoin',
  quantity: '1',
  purchasePrice: '30000',
  currentPrice: 31000,
  change24h: 0,
  gainLoss: 1000,
  address: null,
  image: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});
const holdings = [
  holding({}),
  holding({ id: 'h2', coingeckoId: 'ethereum', symbol: 'ETH', purchasePrice: '0', currentPrice: 2000 }),
];
const form = (over: Partial<AlertForm>): AlertForm => ({ ...emptyForm(), ...over });

describe('the Add Price Alert form (SPEC.md section 5)', () => {
  it.each([
    [{ holdings: [] }, ALERT_MESSAGES.targetRequired],
    [{ holdings: ['h1'], value: '' }, ALERT_MESSAGES.valueRequired],
    [{ holdings: ['h1'], value: '0' }, ALERT_MESSAGES.valueRequired],
    [{ holdings: ['h1'], value: '1,000', email: false, sms: false }, ALERT_MESSAGES.selectMethod],
    [{ tab: 'watchlist', value: '5' }, ALERT_MESSAGES.missingCoinId],
    [
      { tab: 'watchlist', value: '5', watchCoin: { id: '', name: 'X', symbol: 'X', image: null, price: 1 } },
      ALERT_MESSAGES.missingCoinId,
    ],
    [{ holdings: ['h1', 'h2'], condition: 'below', value: '100' }, ALERT_MESSAGES.lossBelowHundred],
    [{ holdings: ['h1'], value: '1,000' }, null],
    [
      { holdings: ['h1'], value: '1e5' },
      'Price: "1e5" is not a number. Use digits and one decimal separator, like 1,234.56.',
    ],
    [{ holdings: ['h1'], kind: 'percentage', value: '2,5' }, null],
  ] as const)('%o -> %s', (over, message) => {
    expect(validateForm(form(over as Partial<AlertForm>))).toBe(message);
  });

  it('reads the value by the locale: comma decimals are decimals, never thousands', () => {
    const payload = (value: string, locale?: string) =>
      toCreatePayload(form({ holdings: ['h1'], kind: 'percentage', value }), locale).thresholdValue;
    expect(payload('2,5')).toBe('2.5');
    expect(payload('1.234,5', 'de-DE')).toBe('1234.5');
    expect(payload('12,5', 'de-DE')).toBe('12.5');
    expect(previewLines(form({ holdings: ['h1'], kind: 'percentage', value: '5,5' }), holdings)).toEqual([
      'BTC: fires at $31,650.00 (+2.10% from now)',
    ]);
  });

  it('several coins, all coins and the whole portfolio force a percentage', () => {
    expect(effectiveKind(form({ holdings: ['h1'], kind: 'price' }))).toBe('price');
    expect(effectiveKind(form({ holdings: ['h1', 'h2'], kind: 'price' }))).toBe('percentage');
    expect(effectiveKind(form({ allCoins: true, kind: 'price' }))).toBe('percentage');
    expect(effectiveKind(form({ wholePortfolio: true, kind: 'price' }))).toBe('percentage');
  });

  it('builds the create payload, commas stripped', () => {
    expect(toCreatePayload(form({ holdings: ['h1'], value: '50,000', sms: false }))).toEqual({
      currency: 'usd',
      type: 'PortfolioGainLoss',
      coinId: 'h1',
      thresholdType: 'Above',
      thresholdValue: '50000',
      notificationMethod: 'Email',
      resetInterval: '1week',
    });
    expect(toCreatePayload(form({ holdings: ['h1', 'h2'], condition: 'below', value: '10' }))).toMatchObject({
      coinIds: ['h1', 'h2'],
      thresholdType: 'Loss',
      notificationMethod: 'Both',
    });
    expect(toCreatePayload(form({ wholePortfolio: true, value: '5' }))).toMatchObject({
      wholePortfolio: true,
      thresholdType: 'Gain',
    });
    expect(
      toCreatePayload(
        form({
          tab: 'watchlist',
          value: '2.5',
          kind: 'price',
          condition: 'below',
          watchCoin: { id: 'solana', name: 'Solana', symbol: 'SOL', image: 'http://x/y.png', price: 150 },
        }),
        undefined,
        'eur',
      ),
    ).toEqual({
      currency: 'eur',
      type: 'WatchlistPrice',
      coinId: 'solana',
      coin: { name: 'Solana', symbol: 'SOL', image: null },
      thresholdType: 'Below',
      thresholdValue: '2.5',
      notificationMethod: 'Both',
      resetInterval: '1week',
    });
    expect(alertCount(form({ holdings: ['h1', 'h2'] }))).toBe(2);
    expect(alertCount(form({ allCoins: true }))).toBe(1);
  });

  it('previews where each alert fires; an empty percentage previews 5%', () => {
    expect(previewLines(form({ holdings: ['h1', 'h2'], kind: 'percentage' }), holdings)).toEqual([
      'BTC: fires at $31,500.00 (+1.61% from now)',
      'ETH: fires at $2,100.00 (+5.00% from now)',
    ]);
    expect(previewLines(form({ holdings: ['h1'], value: '29,000', condition: 'below' }), holdings)).toEqual([
      'BTC: fires at $29,000.00 (-6.45% from now)',
    ]);
    expect(previewLines(form({ wholePortfolio: true, value: '' }), holdings)).toEqual([
      'Whole portfolio: fires when it is worth $31,500.00, +5% on the $30,000.00 you paid (+1.61% from now).',
    ]);
    expect(
      previewLines(form({ wholePortfolio: true, value: '10', condition: 'below' }), [holdings[1]!]),
    ).toEqual(['Whole portfolio: needs a holding with a price and a purchase price to measure from.']);
  });
});
