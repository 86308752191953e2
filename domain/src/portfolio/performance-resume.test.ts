import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from '../transactions/fixed-point.ts';
import { computePerformance, type PerformanceTransaction, type PerformanceWindow } from './performance.ts';

// Random histories of two coins and random prices over a 10-day window of 6-hour steps.
const DAY = 86_400_000;
const STEP = 6 * 3_600_000;
const FROM = Date.UTC(2025, 0, 1);
const COINS = ['a', 'b'] as const;
const windowTo = (to: number): PerformanceWindow => ({ range: '1M', from: FROM, to, stepMs: STEP });
const decimal = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => toDecimal(BigInt(n) * 10n ** 34n));

const prices = fc.array(
  fc.record({
    coingeckoId: fc.constantFrom(...COINS),
    t: fc.integer({ min: 0, max: 59 }).map((i) => FROM + i * STEP),
    usd: fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100),
  }),
  { maxLength: 60 },
);

const history = fc
  .array(
    fc.record({
      coinId: fc.constantFrom(...COINS),
      kind: fc.constantFrom('buy', 'sell', 'transfer_in', 'transfer_out', 'adjust', 'income' as const),
      // Some on whole steps, so that flows fall on the instant the state is kept at.
      at: fc.oneof(
        fc.integer({ min: FROM - 5 * DAY, max: FROM + 15 * DAY }),
        fc.integer({ min: 0, max: 59 }).map((i) => FROM + i * STEP),
      ),
      quantity: decimal(0, 50),
      pricePerCoin: decimal(0, 1000),
      fee: decimal(0, 5),
    }),
    { maxLength: 30 },
  )
  .map((list) => list.sort((x, y) => x.at - y.at) as PerformanceTransaction[]);

describe('computePerformance, continued from a kept state', () => {
  it('answers what the whole walk answers, at the same end and at a later one', () => {
    fc.assert(
      fc.property(
        history,
        prices,
        fc.integer({ min: 1, max: 39 }),
        fc.integer({ min: 0, max: 80 }),
        fc.constantFrom(undefined, 'a', 'bitcoin'),
        fc.boolean(),
        (transactions, list, keepStep, laterSteps, benchmark, converted) => {
          const to = FROM + 40 * STEP - 1_000;
          const input = {
            transactions,
            prices: list,
            before: new Map(COINS.map((c) => [c, 7])),
            latest: new Map([['a', 11]]),
            benchmark,
            rateAt: converted ? (t: number) => 1 + (Math.floor(t / DAY) % 5) / 10 : undefined,
          };
          const keepAt = FROM + keepStep * STEP;
          const first = computePerformance({ ...input, window: windowTo(to) }, { keepAt });
          expect(first).toEqual({
            ...computePerformance({ ...input, window: windowTo(to) }),
            kept: first.kept,
          });
          expect(first.kept?.at).toBe(keepAt);
          const laterTo = to + laterSteps * (STEP / 2);
          const resumed = computePerformance(
            { ...input, window: windowTo(laterTo), prices: list.filter((p) => p.t >= keepAt) },
            { from: first.kept },
          );
          const { kept, ...answer } = resumed;
          expect(kept).toBeUndefined();
          expect(answer).toEqual(computePerformance({ ...input, window: windowTo(laterTo) }));
        },
      ),
      { seed: 20261207, numRuns: 300 },
    );
  });
});
