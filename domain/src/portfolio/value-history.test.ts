import { describe, expect, it } from 'vitest';
import { buildValueSeries, historyWindow } from './value-history.ts';

const H = 3_600_000;

describe('historyWindow', () => {
  it('aligns 7d to whole hours and 30d to 4-hour buckets, ending now', () => {
    const now = Date.UTC(2025, 0, 10, 12, 34, 56);
    const week = historyWindow('7d', now);
    expect(week).toEqual({ range: '7d', from: Date.UTC(2025, 0, 3, 12), to: now, stepMs: H });
    const month = historyWindow('30d', now);
    expect(month.from).toBe(Date.UTC(2024, 11, 11, 12));
    expect(month.from % (4 * H)).toBe(0);
    expect(month.stepMs).toBe(4 * H);
  });
});

describe('buildValueSeries', () => {
  const window = { range: '7d' as const, from: 0, to: 4 * H + 10, stepMs: H };

  it('values the holdings per bucket and carries prices forward', () => {
    const points = buildValueSeries({
      window,
      coins: [
        { coingeckoId: 'bitcoin', quantity: 2 },
        { coingeckoId: 'ethereum', quantity: 10 },
      ],
      buckets: [
        { coingeckoId: 'bitcoin', t: 0, usd: 100 },
        { coingeckoId: 'ethereum', t: H, usd: 5 },
        { coingeckoId: 'bitcoin', t: 3 * H, usd: 110 },
      ],
      latest: new Map([['bitcoin', 120]]),
    });
    expect(points).toEqual([
      { t: 0, value: 200, priced: 1 },
      { t: H, value: 250, priced: 2 },
      { t: 2 * H, value: 250, priced: 2 },
      { t: 3 * H, value: 270, priced: 2 },
      { t: 4 * H, value: 270, priced: 2 },
      { t: 4 * H + 10, value: 290, priced: 2 },
    ]);
  });

  it('starts from the last price before the window and omits buckets with nothing priced', () => {
    const withBefore = buildValueSeries({
      window,
      coins: [{ coingeckoId: 'bitcoin', quantity: 1 }],
      buckets: [],
      before: new Map([['bitcoin', 50]]),
    });
    expect(withBefore.map((p) => p.value)).toEqual([50, 50, 50, 50, 50, 50]);

    const late = buildValueSeries({
      window,
      coins: [{ coingeckoId: 'bitcoin', quantity: 1 }],
      buckets: [{ coingeckoId: 'bitcoin', t: 3 * H, usd: 7 }],
    });
    expect(late.map((p) => p.t)).toEqual([3 * H, 4 * H, 4 * H + 10]);
  });

  it('adds up two holdings of one coin, counts both as priced, and ignores unusable prices and coins not held', () => {
    const points = buildValueSeries({
      window: { ...window, to: H },
      coins: [
        { coingeckoId: 'bitcoin', quantity: 1 },
        { coingeckoId: 'bitcoin', quantity: 3 },
        { coingeckoId: 'dust', quantity: 0 },
      ],
      buckets: [
        { coingeckoId: 'bitcoin', t: 0, usd: 10 },
        { coingeckoId: 'solana', t: 0, usd: 1000 },
        { coingeckoId: 'dust', t: 0, usd: 1 },
      ],
      latest: new Map([
        ['bitcoin', Number.NaN],
        ['solana', 5],
      ]),
    });
    expect(points).toEqual([
      { t: 0, value: 40, priced: 2 },
      { t: H, value: 40, priced: 2 },
    ]);
  });

  it('gives no points for a portfolio without any price', () => {
    expect(buildValueSeries({ window, coins: [{ coingeckoId: 'x', quantity: 1 }], buckets: [] })).toEqual([]);
    expect(buildValueSeries({ window, coins: [], buckets: [] })).toEqual([]);
  });
});
