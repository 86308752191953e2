import { toHoldingView } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { holding } from '../../../testing/holdings.ts';
import { allocationKey, allocationSlices } from './allocation.ts';

const view = (symbol: string, value: number) =>
  toHoldingView(holding({ symbol, quantity: '1', currentPrice: value }));

describe('allocationSlices', () => {
  it('orders by value, leaves out unpriced holdings and gives percentages', () => {
    const slices = allocationSlices([view('A', 25), view('B', 75), view('C', 0)]);
    expect(slices).toEqual([
      { symbol: 'B', value: 75, percent: 75 },
      { symbol: 'A', value: 25, percent: 25 },
    ]);
  });

  it('groups everything past the largest into Other', () => {
    const slices = allocationSlices([view('A', 50), view('B', 30), view('C', 15), view('D', 5)], 3);
    expect(slices.map((s) => [s.symbol, s.value])).toEqual([
      ['A', 50],
      ['B', 30],
      ['Other', 20],
    ]);
  });

  it('is empty with nothing priced, and its key ignores changes below 0.1 %', () => {
    expect(allocationSlices([view('A', 0)])).toEqual([]);
    const a = allocationKey(allocationSlices([view('A', 50), view('B', 50)]));
    const b = allocationKey(allocationSlices([view('A', 50.001), view('B', 50)]));
    const c = allocationKey(allocationSlices([view('A', 60), view('B', 50)]));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});
