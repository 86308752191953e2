import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveHolding, type HoldingTransaction, type TransactionKind } from './cost-basis.ts';
import { fromDecimal, toDecimal } from './fixed-point.ts';
import { gainsReport } from './gains.ts';

let seq = 0;
function tx(
  kind: TransactionKind,
  quantity: string,
  pricePerCoin: string,
  fee = '0',
  day = ++seq,
): HoldingTransaction {
  const at = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000).toISOString();
  return { id: `t${day}`, kind, at, quantity, pricePerCoin, fee, note: null };
}

function derived(transactions: HoldingTransaction[], method: 'average' | 'fifo' = 'average') {
  const result = deriveHolding(transactions, method);
  if (!result.ok) throw new Error(result.problem.message);
  return result.holding;
}

describe('deriveHolding, worked by hand', () => {
  it('gives an opening buy back exactly: the migrated holding', () => {
    const h = derived([tx('buy', '0.123456789012345678', '12345678.5')]);
    expect(h.quantity).toBe('0.123456789012345678');
    expect(h.averageCost).toBe('12345678.5');
    expect(h.realisedGain).toBe('0');
  });

  it('averages buys with their fees and keeps the average through a sale', () => {
    // 1 @ 100 + fee 2, 3 @ 200 + fee 2: cost 704 for 4 coins = 176 each.
    // Sell 2 @ 250, fee 4: proceeds 496, cost 352, realised 144.
    const h = derived([tx('buy', '1', '100', '2'), tx('buy', '3', '200', '2'), tx('sell', '2', '250', '4')]);
    expect(h.quantity).toBe('2');
    expect(h.averageCost).toBe('176');
    expect(h.costBasis).toBe('352');
    expect(h.totalInvested).toBe('704');
    expect(h.realisedGain).toBe('144');
    expect(h.sales).toEqual([
      expect.objectContaining({ quantity: '2', proceeds: '496', costBasis: '352', realisedGain: '144' }),
    ]);
  });

  it('takes the oldest coins first under FIFO', () => {
    // Lots: 1 @ 102 per coin, 3 @ 200.666... per coin. Sell 2 @ 250 fee 4: cost 102 + 200.666... .
    const h = derived(
      [tx('buy', '1', '100', '2'), tx('buy', '3', '200', '2'), tx('sell', '2', '250', '4')],
      'fifo',
    );
    expect(h.quantity).toBe('2');
    expect(h.realisedGain).toBe('193.333333333333333333');
    expect(h.costBasis).toBe('401.333333333333333333');
    expect(h.averageCost).toBe('200.666666666666666667');
  });

  it('moves coins with transfers: no gain on a transfer out, its fee is a realised cost', () => {
    const h = derived([
      tx('buy', '2', '10'),
      tx('transfer_out', '1', '0', '0.5'),
      tx('transfer_in', '1', '20'),
    ]);
    expect(h.quantity).toBe('2');
    // 1 left at 10, 1 in at 20.
    expect(h.averageCost).toBe('15');
    expect(h.realisedGain).toBe('-0.5');
    expect(h.sales).toEqual([]);
  });

  it('takes an adjustment as the new quantity and average cost', () => {
    const h = derived([tx('buy', '2', '10'), tx('adjust', '5', '12'), tx('sell', '1', '20')]);
    expect(h.quantity).toBe('4');
    expect(h.averageCost).toBe('12');
    expect(h.realisedGain).toBe('8');
    expect(h.totalInvested).toBe('60');
  });

  it('orders by time, not by the order given', () => {
    const sell = tx('sell', '1', '50', '0', 10);
    const buy = tx('buy', '1', '40', '0', 5);
    expect(derived([sell, buy]).realisedGain).toBe('10');
  });

  it('refuses a sale beyond what was held at its time, saying so', () => {
    const result = deriveHolding([tx('buy', '1.5', '10', '0', 1), tx('sell', '2', '12', '0', 2)]);
    expect(result).toEqual({
      ok: false,
      problem: {
        transactionId: 't2',
        message: 'You held 1.5 on 2024-01-03 00:00 UTC, so you cannot sell 2.',
      },
    });
  });

  it('refuses a transfer out before the coins came in', () => {
    const result = deriveHolding([tx('buy', '1', '10', '0', 9), tx('transfer_out', '1', '0', '0', 3)]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.message).toMatch(/cannot transfer out 1/);
  });
});

/** A decimal with up to 8 decimals, as exchanges give quantities and prices. */
const amount = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), fc.integer({ min: 0, max: 99_999_999 })).map(([i, f]) => {
    const text = `${i}.${String(f).padStart(8, '0')}`;
    return toDecimal(fromDecimal(text));
  });

/** A history that never takes out more than it holds: buys and sells by fraction of what is held. */
const history = fc
  .array(
    fc.record({
      kind: fc.constantFrom<TransactionKind>('buy', 'sell', 'transfer_in', 'transfer_out'),
      quantity: amount(0, 1000),
      price: amount(0, 100_000),
      fee: amount(0, 10),
      share: fc.integer({ min: 1, max: 100 }),
    }),
    { minLength: 1, maxLength: 30 },
  )
  .map((steps) => {
    let held = 0n;
    return steps.flatMap((s, i): HoldingTransaction[] => {
      const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
      const base = { id: `p${i}`, at, pricePerCoin: s.price, fee: s.fee, note: null };
      if (s.kind === 'buy' || s.kind === 'transfer_in') {
        if (fromDecimal(s.quantity) === 0n) return [];
        held += fromDecimal(s.quantity);
        return [{ ...base, kind: s.kind, quantity: s.quantity }];
      }
      // A share of what is held, truncated to 18 decimals like a stored quantity.
      const out = fromDecimal(toDecimal((held * BigInt(s.share)) / 100n, 18).replace(/^-/, ''));
      const exact = out > held ? held : out;
      if (exact === 0n) return [];
      held -= exact;
      return [{ ...base, kind: s.kind, quantity: toDecimal(exact) }];
    });
  });

const ins = (ts: HoldingTransaction[]) =>
  ts
    .filter((t) => t.kind === 'buy' || t.kind === 'transfer_in')
    .reduce((s, t) => s + fromDecimal(t.quantity), 0n);
const outs = (ts: HoldingTransaction[]) =>
  ts
    .filter((t) => t.kind === 'sell' || t.kind === 'transfer_out')
    .reduce((s, t) => s + fromDecimal(t.quantity), 0n);

describe('deriveHolding, properties', () => {
  it('holds the sum of what came in less what went out, by either method', () => {
    fc.assert(
      fc.property(history, fc.constantFrom('average' as const, 'fifo' as const), (ts, method) => {
        expect(fromDecimal(derived(ts, method).quantity)).toBe(ins(ts) - outs(ts));
      }),
    );
  });

  it('keeps the average cost through a sale or transfer out', () => {
    fc.assert(
      fc.property(history, amount(0, 100_000), fc.integer({ min: 1, max: 100 }), (ts, price, share) => {
        const before = derived(ts);
        const held = fromDecimal(before.quantity);
        const q = ((held * BigInt(share)) / 100n / 10n ** 18n) * 10n ** 18n;
        fc.pre(q > 0n);
        const after = derived([
          ...ts,
          { ...tx('sell', toDecimal(q), price), at: '2030-01-01T00:00:00.000Z' },
        ]);
        expect(after.averageCost).toBe(before.averageCost);
      }),
    );
  });

  it('realises the same in total by either method once everything is sold at one price', () => {
    fc.assert(
      fc.property(
        // Transfers become trades, so the history stays possible.
        history.map((ts) =>
          ts.map((t) => ({
            ...t,
            kind: t.kind === 'transfer_in' ? 'buy' : t.kind === 'transfer_out' ? 'sell' : t.kind,
          })),
        ),
        amount(0, 100_000),
        (ts, price) => {
          const held = derived(ts).quantity;
          const all =
            fromDecimal(held) > 0n
              ? [...ts, { ...tx('sell', held, price), at: '2030-01-01T00:00:00.000Z' }]
              : ts;
          const average = fromDecimal(derived(all, 'average').realisedGain);
          const fifo = fromDecimal(derived(all, 'fifo').realisedGain);
          // Equal up to the rounding of the per-coin costs (half a unit at the 36th decimal per step),
          // which can move the 18th decimal shown by one.
          const diff = average > fifo ? average - fifo : fifo - average;
          expect(diff <= fromDecimal('0.000000000000000001')).toBe(true);
          // And both equal proceeds less cost, worked out directly.
          const proceeds = all
            .filter((t) => t.kind === 'sell')
            .reduce(
              (s, t) =>
                s + (fromDecimal(t.quantity) * fromDecimal(t.pricePerCoin)) / 10n ** 36n - fromDecimal(t.fee),
              0n,
            );
          const cost = all
            .filter((t) => t.kind === 'buy')
            .reduce(
              (s, t) =>
                s + (fromDecimal(t.quantity) * fromDecimal(t.pricePerCoin)) / 10n ** 36n + fromDecimal(t.fee),
              0n,
            );
          const direct = proceeds - cost;
          const off = average > direct ? average - direct : direct - average;
          expect(off <= fromDecimal('0.000000000000000001')).toBe(true);
        },
      ),
    );
  });

  it('refuses any history that takes out more than it holds', () => {
    fc.assert(
      fc.property(history, amount(1, 10), (ts, extra) => {
        const held = fromDecimal(derived(ts).quantity);
        const over = toDecimal(held + fromDecimal(extra));
        const result = deriveHolding([
          ...ts,
          { ...tx('transfer_out', over, '0'), at: '2030-01-01T00:00:00.000Z' },
        ]);
        expect(result.ok).toBe(false);
      }),
    );
  });
});

describe('deriveHolding by last in first out and highest cost first', () => {
  const t = (id: string, kind: 'buy' | 'sell', day: number, price: string) => ({
    id,
    kind,
    at: new Date(Date.UTC(2025, 0, day)).toISOString(),
    quantity: '1',
    pricePerCoin: price,
    fee: '0',
    note: null,
  });
  const history = [
    t('a', 'buy', 1, '100'),
    t('b', 'buy', 2, '300'),
    t('c', 'buy', 3, '200'),
    t('s', 'sell', 4, '400'),
  ];

  it.each([
    ['fifo', '300', '250'],
    ['lifo', '200', '200'],
    ['hifo', '100', '150'],
    ['average', '200', '200'],
  ] as const)('%s: the sale realises %s, the coins left cost %s each', (method, realised, average) => {
    const result = deriveHolding(history, method);
    expect(result.ok && [result.holding.realisedGain, result.holding.averageCost]).toEqual([
      realised,
      average,
    ]);
    // The gains report matches the coins the same way.
    const report = gainsReport([{ holdingId: 'h', symbol: 'X', name: 'X', transactions: history }], {
      method,
      year: 2025,
    });
    expect(report.realisedGain).toBe(realised);
  });
});
