import { describe, expect, it } from 'vitest';
import { DISPLAY_CURRENCIES, CURRENCIES } from '../format/currency.ts';
import type { HoldingTransaction } from './cost-basis.ts';
import { convertHistory, ratesInto, ratesWanted, type DailyRateTables } from './convert.ts';
import { toDecimal } from './fixed-point.ts';
import { gainsReport } from './gains.ts';

const tx = (over: Partial<HoldingTransaction> & Pick<HoldingTransaction, 'id' | 'kind' | 'at'>) =>
  ({ quantity: '1', pricePerCoin: '0', fee: '0', note: null, ...over }) as HoldingTransaction;

/** Units per dollar on 2025-03-01 and 2025-03-03 (nothing stored for 2025-03-02). */
const tables: DailyRateTables = {
  fx: {
    eur: [
      { day: '2025-03-01', value: 0.9 },
      { day: '2025-03-03', value: 0.8 },
    ],
    gbp: [{ day: '2025-03-01', value: 0.75 }],
    jpy: [{ day: '2025-03-01', value: 150 }],
    cad: [{ day: '2025-03-01', value: 1.4 }],
    aud: [{ day: '2025-03-01', value: 1.5 }],
    chf: [{ day: '2025-03-01', value: 0.88 }],
    btc: [{ day: '2025-03-01', value: 0.00002 }],
    eth: [{ day: '2025-03-01', value: 0.0005 }],
  },
  coins: { bitcoin: [{ day: '2025-03-01', value: 50000 }] },
};

describe('ratesInto', () => {
  it('crosses two currencies through the dollar with the rates of the day', () => {
    const rates = ratesInto('eur', tables);
    // A pound is 1/0.75 dollars, a dollar 0.9 euros: 1.2 euros.
    expect(toDecimal(rates('gbp', '2025-03-01')!.rate)).toBe('1.2');
    expect(rates('eur', '2025-03-01')).toMatchObject({ exact: true });
    // A trade priced in bitcoin: its dollar close that day, in euros.
    expect(toDecimal(rates('bitcoin', '2025-03-01')!.rate)).toBe('45000');
  });

  it('takes the nearest stored day when the day has none, says so, and null with nothing stored', () => {
    const rates = ratesInto('eur', tables);
    expect(rates('usd', '2025-03-02')).toMatchObject({ exact: false });
    expect(toDecimal(rates('usd', '2025-03-02')!.rate)).toBe('0.9');
    expect(rates('ethereum', '2025-03-01')).toBeNull();
  });
});

describe('convertHistory', () => {
  it('converts each transaction at its own day’s rate and lists the days without their own rate', () => {
    const history = [
      tx({ id: 'a', kind: 'buy', at: '2025-03-01T10:00:00Z', pricePerCoin: '100', fee: '1' }),
      tx({ id: 'b', kind: 'buy', at: '2025-03-02T10:00:00Z', pricePerCoin: '100', currency: 'usd' }),
      tx({ id: 'c', kind: 'buy', at: '2025-03-03T10:00:00Z', pricePerCoin: '100', currency: 'eur' }),
      tx({ id: 'd', kind: 'buy', at: '2025-03-03T10:00:00Z', pricePerCoin: '2', currency: 'ethereum' }),
    ];
    const { transactions, missing } = convertHistory(history, 'eur', ratesInto('eur', tables));
    expect(transactions.map((t) => [t.pricePerCoin, t.fee, t.currency])).toEqual([
      ['90', '0.9', 'eur'],
      ['90', '0', 'eur'],
      ['100', '0', 'eur'],
      ['0', '0', 'eur'],
    ]);
    expect(missing).toEqual([
      { currency: 'usd', day: '2025-03-02', fallback: 'nearest' },
      { currency: 'ethereum', day: '2025-03-03', fallback: 'none' },
    ]);
    expect(ratesWanted([history], 'eur')).toEqual({
      currencies: ['eur'],
      coins: ['ethereum'],
      fromDay: '2025-03-01',
    });
    expect(ratesWanted([history.slice(2, 3)], 'eur')).toBeNull();
  });
});

describe('a dollar stablecoin bought at $1.00', () => {
  // 1,000 USDC bought at $1.00 in dollars, 500 bought in euros at 0.9 (a dollar's worth that day), and
  // all 1,500 sold the same day at $1.00.
  const history = [
    tx({ id: 'b1', kind: 'buy', at: '2025-03-01T09:00:00Z', quantity: '1000', pricePerCoin: '1' }),
    tx({
      id: 'b2',
      kind: 'buy',
      at: '2025-03-01T10:00:00Z',
      quantity: '500',
      pricePerCoin: '0.9',
      currency: 'eur',
    }),
    tx({ id: 's1', kind: 'sell', at: '2025-03-01T11:00:00Z', quantity: '1500', pricePerCoin: '1' }),
  ];

  it.each(DISPLAY_CURRENCIES)('shows a zero gain in %s', (currency) => {
    const converted = convertHistory(history, currency, ratesInto(currency, tables));
    expect(converted.missing).toEqual([]);
    for (const method of ['fifo', 'average'] as const) {
      const report = gainsReport(
        [{ holdingId: 'h', symbol: 'USDC', name: 'USD Coin', transactions: converted.transactions }],
        { method, year: 2025 },
      );
      // Proceeds and cost are the same amount, each converted with the same day's rate.
      const decimals = CURRENCIES[currency].decimals;
      expect(Number(report.total.proceeds)).toBeGreaterThan(0);
      expect(Math.abs(Number(report.total.gain))).toBeLessThan(10 ** -decimals);
    }
  });
});
