import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZPerformanceQuery } from '../schemas/portfolio-performance.ts';
import { fromDecimal, toDecimal } from '../transactions/fixed-point.ts';
import {
  computePerformance,
  performanceWindow,
  type PerformanceTransaction,
  type PerformanceWindow,
} from './performance.ts';
import type { BucketPrice } from './value-history.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);
const day = (n: number) => T0 + n * DAY;

function tx(
  coinId: string,
  kind: PerformanceTransaction['kind'],
  at: number,
  quantity: string,
  pricePerCoin: string,
  fee = '0',
): PerformanceTransaction {
  return { coinId, kind, at, quantity, pricePerCoin, fee };
}

const window = (from: number, to: number, stepMs = DAY): PerformanceWindow => ({
  range: '1M',
  from,
  to,
  stepMs,
});

describe('computePerformance, income', () => {
  it('counts income as gain, not money put in: the value rises and no flow is made', () => {
    // 5 coins at $100 held from before the range; 1 coin of staking rewards on day 10 when the price is
    // still $100; $100 at the end. Value 500 -> 600, no flow, so the gain is 100 and both returns 20 %.
    const result = computePerformance({
      window: window(day(0), day(30)),
      transactions: [tx('x', 'buy', day(-10), '5', '100'), tx('x', 'income', day(10), '1', '100')],
      prices: [],
      before: new Map([['x', 100]]),
      latest: new Map([['x', 100]]),
    });
    expect(result.summary).toMatchObject({ startValue: '500', endValue: '600', netFlows: '0', gain: '100' });
    expect(result.summary.mwr).toBeCloseTo(0.2, 10);
    expect(result.summary.twr).toBeCloseTo(0.2, 10);
    expect(result.points.at(-1)).toMatchObject({ value: '600', invested: '500' });
  });
});

describe('computePerformance, published examples', () => {
  it('matches the modified Dietz example of Fincyclopedia ("Modified Dietz Return - an Example")', () => {
    // Begins at $500, ends at $600, a $60 flow on day 25 of a 30-day month: (600-500-60)/(500+60x5/30)
    // = 7.84 %. Here: 5 coins at $100 held at the start, 1 coin bought at $60 on day 25, $100 at the end.
    const result = computePerformance({
      window: window(day(0), day(30)),
      transactions: [tx('x', 'buy', day(-10), '5', '100'), tx('x', 'buy', day(25), '1', '60')],
      prices: [{ coingeckoId: 'x', t: day(25), usd: 60 }],
      before: new Map([['x', 100]]),
      latest: new Map([['x', 100]]),
    });
    expect(result.summary).toMatchObject({
      startValue: '500',
      endValue: '600',
      netFlows: '60',
      gain: '40',
    });
    expect(result.summary.mwr).toBeCloseTo(0.0784, 4);
    // The price went from 100 back to 100: the investments alone made nothing; buying the dip did.
    expect(result.summary.twr).toBeCloseTo(0, 10);
  });

  it('matches the time-weighted example of Investopedia ("Time-Weighted Rate of Return")', () => {
    // $1,000,000 on 31 December; $1,162,484 on 15 August, when $100,000 is added; $1,192,328 at the
    // end of the year. (1 + 16.25 %) x (1 - 5.56 %) - 1 = 9.79 %.
    const aug15 = Date.UTC(2024, 7, 15);
    const result = computePerformance({
      window: window(Date.UTC(2023, 11, 31), Date.UTC(2024, 11, 31)),
      transactions: [
        tx('x', 'buy', Date.UTC(2023, 11, 30), '10000', '100'),
        tx('y', 'buy', aug15, '1000', '100'),
      ],
      prices: [
        { coingeckoId: 'x', t: aug15, usd: 116.2484 },
        { coingeckoId: 'y', t: aug15, usd: 100 },
      ],
      before: new Map([['x', 100]]),
      latest: new Map([
        ['x', 109.2328],
        ['y', 100],
      ]),
    });
    expect(result.summary).toMatchObject({
      startValue: '1000000',
      endValue: '1192328',
      netFlows: '100000',
      gain: '92328',
    });
    expect(result.summary.twr).toBeCloseTo(0.0979, 4);
  });
});

describe('computePerformance', () => {
  it('counts net invested from every flow, and values transfers at the market price', () => {
    const result = computePerformance({
      window: window(day(0), day(3)),
      transactions: [
        tx('x', 'buy', day(1), '2', '10', '1'),
        tx('x', 'transfer_in', day(2), '1', '0'),
        tx('x', 'sell', day(2), '1', '30', '0.5'),
      ],
      prices: [
        { coingeckoId: 'x', t: day(1), usd: 10 },
        { coingeckoId: 'x', t: day(2), usd: 25 },
      ],
      latest: new Map([['x', 40]]),
    });
    expect(result.points.map((p) => [p.value, p.invested])).toEqual([
      ['0', '0'],
      ['20', '21'],
      // 21 + 25 (transfer at market) - 29.5 (sale proceeds)
      ['50', '16.5'],
      ['80', '16.5'],
    ]);
    expect(result.summary).toMatchObject({ startValue: '0', endValue: '80', netFlows: '16.5', gain: '63.5' });
  });

  it('compares with the same flows put into the benchmark coin', () => {
    const result = computePerformance({
      window: window(day(0), day(2)),
      transactions: [tx('x', 'buy', day(1), '10', '100')],
      prices: [
        { coingeckoId: 'bitcoin', t: day(1), usd: 10_000 },
        { coingeckoId: 'x', t: day(1), usd: 100 },
      ],
      before: new Map([['bitcoin', 8_000]]),
      latest: new Map([
        ['bitcoin', 20_000],
        ['x', 150],
      ]),
      benchmark: 'bitcoin',
    });
    // $1,000 would have bought 0.1 BTC, worth $2,000 at the end.
    expect(result.benchmark).toMatchObject({ endValue: '2000', gain: '1000', twr: 1.5 });
    expect(result.points.at(-1)).toMatchObject({ value: '1500', invested: '1000', benchmark: '2000' });
    expect(result.summary.gain).toBe('500');
  });

  it('converts prices and flows with the rate of their time', () => {
    const result = computePerformance({
      window: window(day(0), day(2)),
      transactions: [tx('x', 'buy', day(1), '1', '100')],
      prices: [{ coingeckoId: 'x', t: day(1), usd: 100 }],
      latest: new Map([['x', 100]]),
      rateAt: (t) => (t < day(2) ? 0.5 : 0.8),
    });
    expect(result.summary).toMatchObject({ netFlows: '50', endValue: '80', gain: '30' });
  });

  it('starts a portfolio younger than the range at its first transaction, not at the next step', () => {
    const bought = day(1) + 3_600_000;
    const result = computePerformance({
      window: window(day(0), day(2)),
      transactions: [tx('x', 'buy', bought, '1', '100')],
      prices: [{ coingeckoId: 'x', t: day(1), usd: 100 }],
      latest: new Map([['x', 110]]),
    });
    expect(result.points).toEqual([
      { t: day(0), value: '0', invested: '0' },
      { t: day(1), value: '0', invested: '0' },
      { t: bought, value: '100', invested: '100' },
      { t: day(2), value: '110', invested: '100' },
    ]);
  });

  it('names coins held with no price', () => {
    const result = computePerformance({
      window: window(day(0), day(1)),
      transactions: [tx('x', 'buy', day(-1), '1', '100')],
      prices: [],
    });
    expect(result.unpriced).toEqual(['x']);
    expect(result.summary.twr).toBeNull();
    expect(result.summary.mwr).toBeNull();
  });
});

describe('performanceWindow', () => {
  const now = Date.UTC(2026, 5, 15, 13, 7);
  it('starts ALL just before the first transaction and YTD on 1 January', () => {
    const first = Date.UTC(2021, 2, 3, 10);
    const all = performanceWindow('ALL', now, first);
    expect(all.from).toBeLessThan(first);
    expect(first - all.from).toBeLessThanOrEqual(all.stepMs);
    expect((all.to - all.from) / all.stepMs).toBeLessThanOrEqual(731);
    expect(performanceWindow('YTD', now, first).from).toBe(Date.UTC(2026, 0, 1));
    expect(performanceWindow('1D', now, first)).toMatchObject({ stepMs: 1_800_000, to: now });
  });
});

describe('ZPerformanceQuery', () => {
  it('answers a clear message for a bad range, benchmark or parameter', () => {
    const message = (q: unknown) => ZPerformanceQuery.safeParse(q).error?.issues[0]?.message;
    expect(message({ range: '2Y' })).toBe('range must be one of 1D, 1W, 1M, YTD, 1Y, ALL');
    expect(message({ benchmark: 'dogecoin' })).toBe('benchmark must be one of bitcoin, ethereum');
    expect(message({ rnge: '1D' })).toBe('Unknown query parameter: use range and benchmark');
    expect(ZPerformanceQuery.parse({})).toEqual({ range: '1M' });
  });
});

// Properties: random histories of two coins and random hourly prices, over a 10-day window.
const COINS = ['a', 'b'] as const;
const STEP = 6 * 3_600_000;
const W = window(day(0), day(10), STEP);
const decimal = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => toDecimal(BigInt(n) * 10n ** 34n));

const priceList = fc.array(
  fc.record({
    coingeckoId: fc.constantFrom(...COINS),
    t: fc.integer({ min: 0, max: 39 }).map((i) => W.from + i * STEP),
    usd: fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100),
  }),
  { maxLength: 40 },
);

const history = (earliest: number, latest: number) =>
  fc
    .array(
      fc.record({
        coinId: fc.constantFrom(...COINS),
        kind: fc.constantFrom('buy', 'sell', 'transfer_in', 'transfer_out', 'adjust', 'income' as const),
        at: fc.integer({ min: earliest, max: latest }),
        quantity: decimal(0, 50),
        pricePerCoin: decimal(0, 1000),
        fee: decimal(0, 5),
      }),
      { maxLength: 25 },
    )
    .map((list) => list.sort((x, y) => x.at - y.at) as PerformanceTransaction[]);

/** Price of a coin at t as the walk sees it: last bucket at or before t, else the price before. */
function priceAt(prices: readonly BucketPrice[], before: Map<string, number>, coin: string, t: number) {
  const inWindow = prices.filter((p) => p.coingeckoId === coin && p.t <= t && p.t < W.to);
  // Of equal times the last given wins, as the stable walk applies them in order.
  const last = inWindow.reduce<BucketPrice | undefined>(
    (best, p) => (!best || p.t >= best.t ? p : best),
    undefined,
  );
  return last?.usd ?? before.get(coin);
}

describe('computePerformance, properties', () => {
  it('every point is Σ quantity(t) × price(t)', () => {
    fc.assert(
      fc.property(
        history(day(-5), day(10)),
        priceList,
        fc.integer({ min: 1, max: 500 }),
        (transactions, prices, startPrice) => {
          const before = new Map(COINS.map((c) => [c, startPrice]));
          const result = computePerformance({ window: W, transactions, prices, before });
          for (const point of result.points) {
            let expected = 0n;
            for (const coin of COINS) {
              let held = 0n;
              for (const t of transactions) {
                if (t.coinId !== coin || t.at > point.t) continue;
                const q = fromDecimal(t.quantity);
                held =
                  t.kind === 'adjust' ? q : held + (t.kind.endsWith('out') || t.kind === 'sell' ? -q : q);
              }
              const price = priceAt(prices, before, coin, point.t);
              if (price !== undefined) expected += held * fromDecimal(String(price));
            }
            // held (scaled 10^36) x price (scaled 10^36): back to 10^36.
            expect(point.value).toBe(toDecimal(expected / 10n ** 36n, 2));
          }
        },
      ),
    );
  });

  it('with no flow inside the range, TWR = MWR = the simple return', () => {
    fc.assert(
      fc.property(
        history(day(-20), day(-1)).filter((ts) => ts.some((t) => t.kind === 'buy')),
        priceList,
        (transactions, prices) => {
          const before = new Map(COINS.map((c) => [c, 10]));
          const { summary } = computePerformance({ window: W, transactions, prices, before });
          const start = Number(summary.startValue);
          if (!(start > 0.01)) return;
          expect(summary.netFlows).toBe('0');
          expect(summary.twr).not.toBeNull();
          expect(summary.mwr).toBeCloseTo(summary.twr!, 8);
          // The summary's values are rounded to the cent, the returns are not: allow half a cent on each.
          const end = Number(summary.endValue);
          const slack = (0.005 * (1 + Math.abs(end) / start)) / start + 1e-9;
          expect(Math.abs(summary.twr! - (end / start - 1))).toBeLessThan(slack);
        },
      ),
    );
  });
});
