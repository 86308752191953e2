import { describe, expect, it } from 'vitest';
import { gainsReport, type GainsHolding } from '../transactions/gains.ts';
import { formatCents, formDate, gainsCsvFilename, gainsToCsv, toCents } from './gains-csv.ts';

const at = (day: string) => `${day}T12:00:00.000Z`;
const holding = (symbol: string, rows: [string, string, string, string, string?][]): GainsHolding => ({
  holdingId: `h-${symbol}`,
  symbol,
  name: symbol,
  transactions: rows.map(([kind, day, quantity, pricePerCoin, fee = '0'], i) => ({
    id: `${symbol}${i}`,
    kind: kind as 'buy' | 'sell',
    at: at(day),
    quantity,
    pricePerCoin,
    fee,
    note: null,
  })),
});

describe('gainsToCsv (Form 8949 layout)', () => {
  it('writes Part I rows before Part II, to the cent, losses in parentheses, (f) and (g) empty', () => {
    const report = gainsReport(
      [
        holding('BTC', [
          ['buy', '2022-03-10', '1', '40000', '10'],
          ['buy', '2023-01-15', '1', '20000', '5'],
          ['sell', '2023-03-11', '1.5', '25000', '7.5'],
        ]),
        // A third of a cent: (d) 0.33, (e) 0.10 after rounding, (h) is their difference.
        holding('DOGE', [
          ['buy', '2023-02-01', '3', '0.0333333'],
          ['sell', '2023-05-01', '3', '0.1111111'],
        ]),
      ],
      { method: 'fifo', year: 2023 },
    );
    expect(gainsToCsv(report, 'usd').split('\r\n')).toEqual([
      'Part,(a) Description of property,(b) Date acquired,(c) Date sold or disposed of,(d) Proceeds (USD),' +
        '(e) Cost or other basis (USD),(f) Code(s) from instructions,(g) Amount of adjustment,' +
        '(h) Gain or (loss) (USD)',
      'I,0.5 BTC,01/15/2023,03/11/2023,12497.50,10002.50,,,2495.00',
      'I,3 DOGE,02/01/2023,05/01/2023,0.33,0.10,,,0.23',
      'II,1 BTC,03/10/2022,03/11/2023,24995.00,40010.00,,,(15015.00)',
      '',
    ]);
  });

  it('writes VARIOUS for an average-cost acquisition date, and just the header for no sales', () => {
    const report = gainsReport(
      [
        holding('ETH', [
          ['buy', '2024-01-01', '2', '1000'],
          ['sell', '2024-02-01', '1', '900'],
        ]),
      ],
      { method: 'average', year: 2024 },
    );
    expect(gainsToCsv(report, 'eur').split('\r\n')[1]).toBe(
      'I,1 ETH,VARIOUS,02/01/2024,900.00,1000.00,,,(100.00)',
    );
    expect(gainsToCsv({ disposals: [] }, 'usd').split('\r\n')).toHaveLength(2);
  });

  it('rounds half away from zero to the cent', () => {
    expect(formatCents(toCents('0.005'))).toBe('0.01');
    expect(formatCents(toCents('-0.005'))).toBe('(0.01)');
    expect(formatCents(toCents('1234.5'))).toBe('1234.50');
    expect(formatCents(toCents('0'))).toBe('0.00');
    expect(formDate('2024-12-31')).toBe('12/31/2024');
    expect(gainsCsvFilename(2024, 'hifo')).toBe('coinpace-gains-2024-hifo.csv');
  });
});
