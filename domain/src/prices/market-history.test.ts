import { describe, expect, it } from 'vitest';
import { missingSpans, periodStart, toPeriodPoints } from './market-history.ts';

const H = 3_600_000;
const D = 86_400_000;

describe('missingSpans', () => {
  it('is the whole span when nothing is covered, and nothing when all is', () => {
    expect(missingSpans({ from: 0, to: 10 }, [])).toEqual([{ from: 0, to: 10 }]);
    expect(missingSpans({ from: 0, to: 10 }, [{ from: -5, to: 20 }])).toEqual([]);
    expect(missingSpans({ from: 10, to: 10 }, [])).toEqual([]);
  });

  it('finds the holes between overlapping, touching and unordered covered spans', () => {
    const covered = [
      { from: 30, to: 40 },
      { from: 0, to: 10 },
      { from: 10, to: 15 },
      { from: 35, to: 50 },
      { from: 90, to: 200 },
    ];
    expect(missingSpans({ from: 0, to: 100 }, covered)).toEqual([
      { from: 15, to: 30 },
      { from: 50, to: 90 },
    ]);
    expect(missingSpans({ from: 5, to: 120 }, [{ from: 0, to: 6 }])).toEqual([{ from: 6, to: 120 }]);
  });
});

describe('toPeriodPoints', () => {
  it('keeps the earliest sample of each period inside the span, timed at the period start', () => {
    const day = 20_000 * D;
    const samples: [number, number][] = [
      [day + 2 * H + 5, 12],
      [day + 5, 10],
      [day + 30 * 60_000, 11],
      [day + H + 1, 20],
      [day + 3 * H, Number.NaN],
      [day + 4 * H, 0],
      [day - 1, 99],
    ];
    expect(toPeriodPoints(samples, 'hourly', { from: day, to: day + D })).toEqual([
      { at: day, price: 10 },
      { at: day + H, price: 20 },
      { at: day + 2 * H, price: 12 },
    ]);
    expect(toPeriodPoints(samples, 'daily', { from: day - D, to: day + D })).toEqual([
      { at: day - D, price: 99 },
      { at: day, price: 10 },
    ]);
    expect(periodStart(day + 5 * H, 'daily')).toBe(day);
  });
});
