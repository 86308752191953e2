import { describe, expect, it } from 'vitest';
import type { HoldingTransaction } from './cost-basis.ts';
import { summarizeInvestments } from './summary.ts';

const tx = (id: string, kind: HoldingTransaction['kind'], quantity: string, price: string, day: number) => ({
  id,
  kind,
  at: new Date(Date.UTC(2025, 0, day)).toISOString(),
  quantity,
  pricePerCoin: price,
  fee: '0',
  note: null,
});

describe('summarizeInvestments', () => {
  const histories = new Map<string, HoldingTransaction[]>([
    ['a', [tx('1', 'buy', '1', '100', 1), tx('2', 'buy', '1', '300', 2), tx('3', 'sell', '1', '400', 3)]],
    ['b', [tx('4', 'buy', '0.1', '0.1', 1)]],
    ['c', [tx('5', 'sell', '1', '1', 1)]],
    ['d', []],
  ]);

  it('sums exactly by average cost or FIFO, and counts an impossible history as zero', () => {
    expect(summarizeInvestments(histories, 'average')).toEqual({
      method: 'average',
      totalInvested: '400.01',
      realisedGain: '200',
      holdings: [
        { holdingId: 'a', totalInvested: '400', realisedGain: '200', derived: true },
        { holdingId: 'b', totalInvested: '0.01', realisedGain: '0', derived: true },
        { holdingId: 'c', totalInvested: '0', realisedGain: '0', derived: false },
        { holdingId: 'd', totalInvested: '0', realisedGain: '0', derived: true },
      ],
    });
    expect(summarizeInvestments(histories, 'fifo')).toMatchObject({ realisedGain: '300' });
  });
});
