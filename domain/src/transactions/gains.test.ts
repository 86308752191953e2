import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formAmounts, formatCents } from '../export/gains-csv.ts';
import { deriveHolding, type HoldingTransaction, type TransactionKind } from './cost-basis.ts';
import { fromDecimal, toDecimal } from './fixed-point.ts';
import {
  GAINS_METHODS,
  convertByRate,
  gainsReport,
  termOf,
  type GainsHolding,
  type GainsMethod,
  type GainsReport,
} from './gains.ts';

let seq = 0;
function tx(kind: TransactionKind, day: string, quantity: string, pricePerCoin: string, fee = '0') {
  seq += 1;
  return { id: `t${seq}`, kind, at: `${day}T12:00:00.000Z`, quantity, pricePerCoin, fee, note: null };
}

const btc = (transactions: HoldingTransaction[]): GainsHolding => ({
  holdingId: 'h-btc',
  symbol: 'BTC',
  name: 'Bitcoin',
  transactions,
});

function report(transactions: HoldingTransaction[], method: GainsMethod, year: number | null = null) {
  return gainsReport([btc(transactions)], { method, year });
}

/** A figure to the cent, as the report shows it. */
const cents = (text: string) => formatCents(formAmounts({ proceeds: text, costBasis: '0' }).proceeds);

describe('gainsReport, published worked examples', () => {
  // Recap, 'Cost Basis Methods' (docs.recap.io, US tax guide for individuals): on 09/22/2017 Dave bought
  // 1 BTC for 2,000 USD, 2 BTC for 5,000 USD on 01/06/2018 and 1 BTC for 8,000 USD on 04/19/2018; on
  // 05/03/2018 he sold 1 BTC for 4,000 USD. Published: FIFO +2,000, LIFO -4,000, HIFO -4,000. Average
  // cost worked by hand: 15,000 / 4 = 3,750 a coin, so 4,000 - 3,750 = +250.
  const dave = () => [
    tx('buy', '2017-09-22', '1', '2000'),
    tx('buy', '2018-01-06', '2', '2500'),
    tx('buy', '2018-04-19', '1', '8000'),
    tx('sell', '2018-05-03', '1', '4000'),
  ];
  const expected: Record<GainsMethod, { cost: string; gain: string; acquired: string }> = {
    fifo: { cost: '2000.00', gain: '2000.00', acquired: '2017-09-22' },
    lifo: { cost: '8000.00', gain: '(4000.00)', acquired: '2018-04-19' },
    hifo: { cost: '8000.00', gain: '(4000.00)', acquired: '2018-04-19' },
    average: { cost: '3750.00', gain: '250.00', acquired: 'various' },
  };
  for (const method of GAINS_METHODS) {
    it(`matches Recap's example by ${method}`, () => {
      const r = report(dave(), method, 2018);
      expect(r.disposals).toHaveLength(1);
      const [d] = r.disposals;
      expect(d).toMatchObject({ quantity: '1', disposed: '2018-05-03', term: 'short' });
      expect(d!.acquired).toBe(expected[method].acquired);
      expect(cents(d!.proceeds)).toBe('4000.00');
      expect(cents(d!.costBasis)).toBe(expected[method].cost);
      expect(cents(d!.gain)).toBe(expected[method].gain);
      expect(cents(r.shortTerm.gain)).toBe(expected[method].gain);
      expect(r.longTerm.gain).toBe('0');
    });
  }

  // Accointing, 'Crypto cost basis' (accointing.com/en-US/blog/crypto-cost-basis): 1 BTC bought on the
  // first of each month, January to May 2021, for 10,000, 12,000, 9,000, 15,000 and 18,000 USD; 3 BTC
  // sold on September 1, 2021 at 20,000 each (60,000). Published: FIFO basis 31,000, profit 29,000; LIFO
  // basis 42,000, profit 18,000; HIFO basis 45,000, profit 15,000. Average cost worked by hand:
  // 64,000 / 5 = 12,800 a coin, basis 38,400, profit 21,600.
  const accointing = () => [
    tx('buy', '2021-01-01', '1', '10000'),
    tx('buy', '2021-02-01', '1', '12000'),
    tx('buy', '2021-03-01', '1', '9000'),
    tx('buy', '2021-04-01', '1', '15000'),
    tx('buy', '2021-05-01', '1', '18000'),
    tx('sell', '2021-09-01', '3', '20000'),
  ];
  const published: Record<GainsMethod, [string, string, string[]]> = {
    fifo: ['31000.00', '29000.00', ['2021-01-01', '2021-02-01', '2021-03-01']],
    lifo: ['42000.00', '18000.00', ['2021-05-01', '2021-04-01', '2021-03-01']],
    hifo: ['45000.00', '15000.00', ['2021-05-01', '2021-04-01', '2021-02-01']],
    average: ['38400.00', '21600.00', ['various']],
  };
  for (const method of GAINS_METHODS) {
    it(`matches Accointing's example by ${method}`, () => {
      const r = report(accointing(), method, 2021);
      const [basis, gain, acquired] = published[method];
      expect(r.disposals.map((d) => d.acquired)).toEqual(acquired);
      expect(cents(r.total.proceeds)).toBe('60000.00');
      expect(cents(r.total.costBasis)).toBe(basis);
      expect(cents(r.total.gain)).toBe(gain);
      expect(cents(r.shortTerm.gain)).toBe(gain);
      // Each lot's line has its share of the proceeds: 20,000 a coin.
      if (method !== 'average')
        expect(r.disposals.map((d) => cents(d.proceeds))).toEqual(Array(3).fill('20000.00'));
    });
  }
});

describe('gainsReport, worked by hand', () => {
  // Fees go into the cost of what comes in and out of the proceeds (as the holding page has them);
  // a sale takes coins held over a year (long term, IRS Publication 550: from the day after purchase) and
  // coins bought within the year. Buy 1 @ 40,000 + 10 fee on 2022-03-10 (40,010), 1 @ 20,000 + 5 on
  // 2023-01-15 (20,005); sell 1.5 @ 25,000 - 7.50 fee on 2023-03-11: proceeds 37,492.50, shared by
  // quantity: 24,995.00 for 1 coin, 12,497.50 for 0.5.
  const history = () => [
    tx('buy', '2022-03-10', '1', '40000', '10'),
    tx('buy', '2023-01-15', '1', '20000', '5'),
    tx('sell', '2023-03-11', '1.5', '25000', '7.5'),
  ];

  it('splits a FIFO sale into its lots, long and short term', () => {
    const r = report(history(), 'fifo', 2023);
    expect(r.disposals.map((d) => [d.acquired, d.quantity, d.term, d.proceeds, d.costBasis, d.gain])).toEqual(
      [
        ['2022-03-10', '1', 'long', '24995', '40010', '-15015'],
        ['2023-01-15', '0.5', 'short', '12497.5', '10002.5', '2495'],
      ],
    );
    expect(r.longTerm).toEqual({ proceeds: '24995', costBasis: '40010', gain: '-15015' });
    expect(r.shortTerm).toEqual({ proceeds: '12497.5', costBasis: '10002.5', gain: '2495' });
    expect(r.total.gain).toBe('-12520');
  });

  it('by average cost, shares the average by term with acquired "various"', () => {
    // Average (40,010 + 20,005) / 2 = 30,007.50: 30,007.50 for the long coin, 15,003.75 for the short half.
    const r = report(history(), 'average', 2023);
    expect(r.disposals.map((d) => [d.acquired, d.quantity, d.term, d.costBasis, d.gain])).toEqual([
      ['various', '1', 'long', '30007.5', '-5012.5'],
      ['various', '0.5', 'short', '15003.75', '-2506.25'],
    ]);
    expect(r.total.gain).toBe('-7518.75');
  });

  it('counts a sale on the anniversary of the purchase as short term, the day after as long', () => {
    expect(termOf('2022-03-10T23:00:00Z', '2023-03-10T01:00:00Z')).toBe('short');
    expect(termOf('2022-03-10T23:00:00Z', '2023-03-11T00:00:00Z')).toBe('long');
    expect(termOf('2020-02-29T12:00:00Z', '2021-02-28T12:00:00Z')).toBe('short');
    expect(termOf('2020-02-29T12:00:00Z', '2021-03-01T12:00:00Z')).toBe('long');
  });

  it('reports only the sales of the year, and nothing for a year without any', () => {
    const ts = [...history(), tx('sell', '2024-06-01', '0.5', '60000')];
    expect(report(ts, 'fifo', 2024).disposals).toHaveLength(1);
    expect(report(ts, 'fifo', 2023).disposals).toHaveLength(2);
    const none = report(ts, 'fifo', 2022);
    expect(none.disposals).toEqual([]);
    expect(none.total).toEqual({ proceeds: '0', costBasis: '0', gain: '0' });
  });

  it('does not count a transfer as a sale; its fee is kept apart as the holding page counts it', () => {
    const ts = [
      tx('buy', '2024-01-01', '2', '100'),
      tx('transfer_out', '2024-02-01', '1', '0', '3'),
      tx('transfer_in', '2024-03-01', '1', '150'),
      tx('sell', '2024-04-01', '2', '200'),
    ];
    const r = report(ts, 'fifo', 2024);
    // FIFO: the transfer out took the first coin of the buy; the sale takes the other and the one sent back.
    expect(r.disposals.map((d) => [d.acquired, d.costBasis, d.gain])).toEqual([
      ['2024-01-01', '100', '100'],
      ['2024-03-01', '150', '50'],
    ]);
    expect(r.transferFees).toBe('3');
    expect(r.realisedGain).toBe('147');
  });

  it('takes an inline edit as the holding restated on its day', () => {
    const ts = [tx('buy', '2020-01-01', '1', '100'), tx('adjust', '2024-01-01', '2', '50')];
    ts.push(tx('sell', '2024-06-01', '2', '80'));
    const r = report(ts, 'fifo', 2024);
    expect(r.disposals.map((d) => [d.acquired, d.costBasis, d.gain, d.term])).toEqual([
      ['2024-01-01', '100', '60', 'short'],
    ]);
  });

  it('converts each sale at the display currency rate of its day', () => {
    const rates: Record<string, string> = { '2023-03-11': '0.9' };
    const r = gainsReport([btc(history())], {
      method: 'fifo',
      year: 2023,
      toDisplay: convertByRate((day) => rates[day] ?? '1'),
    });
    expect(r.total).toEqual({ proceeds: '33743.25', costBasis: '45011.25', gain: '-11268' });
  });

  it('leaves out a holding whose history is impossible, and names it', () => {
    const bad: GainsHolding = { ...btc([tx('sell', '2024-01-01', '1', '5')]), holdingId: 'h-bad' };
    const r = gainsReport([bad, btc(history())], { method: 'hifo', year: 2023 });
    expect(r.skipped.map((s) => s.holdingId)).toEqual(['h-bad']);
    expect(r.disposals).toHaveLength(2);
  });
});

/** A decimal with up to 8 decimals, as exchanges give quantities and prices. */
const amount = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), fc.integer({ min: 0, max: 99_999_999 })).map(([i, f]) => {
    return toDecimal(fromDecimal(`${i}.${String(f).padStart(8, '0')}`));
  });

/**
 * A possible history over several years: buys, sales, transfers and inline edits, an out-going step taking
 * a share of what is held.
 */
const history = fc
  .array(
    fc.record({
      kind: fc.constantFrom<TransactionKind>(
        'buy',
        'buy',
        'sell',
        'transfer_in',
        'transfer_out',
        'adjust',
        'income',
      ),
      quantity: amount(0, 1000),
      price: amount(0, 100_000),
      fee: amount(0, 10),
      share: fc.integer({ min: 1, max: 100 }),
      gapDays: fc.integer({ min: 0, max: 400 }),
    }),
    { minLength: 1, maxLength: 30 },
  )
  .map((steps) => {
    let held = 0n;
    let time = Date.UTC(2019, 0, 1);
    return steps.flatMap((s, i): HoldingTransaction[] => {
      time += s.gapDays * 86_400_000 + 60_000;
      const base = {
        id: `p${i}`,
        at: new Date(time).toISOString(),
        pricePerCoin: s.price,
        fee: s.fee,
        note: null,
      };
      if (s.kind === 'adjust') {
        held = fromDecimal(s.quantity);
        return [{ ...base, kind: s.kind, quantity: s.quantity, fee: '0' }];
      }
      if (s.kind === 'buy' || s.kind === 'transfer_in') {
        if (fromDecimal(s.quantity) === 0n) return [];
        held += fromDecimal(s.quantity);
        return [{ ...base, kind: s.kind, quantity: s.quantity }];
      }
      const out = fromDecimal(toDecimal((held * BigInt(s.share)) / 100n, 18));
      if (out === 0n) return [];
      held -= out;
      return [{ ...base, kind: s.kind, quantity: toDecimal(out) }];
    });
  });

/** Within `units` of the 18th decimal. */
function near(a: bigint, b: bigint, units: number): boolean {
  const diff = a > b ? a - b : b - a;
  return diff <= fromDecimal('0.000000000000000001') * BigInt(units);
}

const years = (r: GainsReport) => [...new Set(r.disposals.map((d) => Number(d.disposed.slice(0, 4))))];

describe('gainsReport, properties', () => {
  it('adds up to the realised gain the holding page shows, by average cost and by FIFO', () => {
    fc.assert(
      fc.property(history, fc.constantFrom('average' as const, 'fifo' as const), (ts, method) => {
        const holding = deriveHolding(ts, method);
        if (!holding.ok) throw new Error(holding.problem.message);
        const r = report(ts, method);
        expect(r.realisedGain).toBe(holding.holding.realisedGain);
        // Each sale's lines add up to the sale as the holding page lists it.
        for (const sale of holding.holding.sales) {
          const lines = r.disposals.filter((d) => d.transactionId === sale.transactionId);
          const sum = (pick: (d: (typeof lines)[number]) => string) =>
            lines.reduce((s, d) => s + fromDecimal(pick(d)), 0n);
          expect(toDecimal(sum((d) => d.quantity))).toBe(sale.quantity);
          // Each line is written to 18 decimals, so their sum may be off by that last digit per line.
          expect(
            near(
              sum((d) => d.proceeds),
              fromDecimal(sale.proceeds),
              lines.length,
            ),
          ).toBe(true);
        }
      }),
    );
  });

  it('by every method, takes out exactly what was sold, and the years partition the lines', () => {
    fc.assert(
      fc.property(history, fc.constantFrom(...GAINS_METHODS), (ts, method) => {
        const all = report(ts, method);
        const sold = ts.filter((t) => t.kind === 'sell').reduce((s, t) => s + fromDecimal(t.quantity), 0n);
        expect(all.disposals.reduce((s, d) => s + fromDecimal(d.quantity), 0n)).toBe(sold);
        const byYear = years(all).flatMap((y) => report(ts, method, y).disposals);
        expect(byYear).toEqual(all.disposals);
        for (const d of all.disposals) {
          expect(d.acquired === 'various' || d.acquired <= d.disposed).toBe(true);
          const gain = fromDecimal(d.proceeds) - fromDecimal(d.costBasis);
          expect(near(fromDecimal(d.gain), gain, 1)).toBe(true);
        }
      }),
    );
  });
});
