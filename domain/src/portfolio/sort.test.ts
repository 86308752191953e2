import { describe, expect, it } from 'vitest';
import { toHoldingView, type HoldingView } from './holding-view.ts';
import { HOLDING_SORT_KEYS, nextSort, sortHoldings } from './sort.ts';
import { holdingRow } from './test-rows.test-helper.ts';

const views: HoldingView[] = [
  toHoldingView(
    holdingRow({
      id: '1',
      symbol: 'eth',
      quantity: '2',
      purchasePrice: '3000',
      currentPrice: 3500,
      change24h: 1.5,
    }),
  ),
  toHoldingView(
    holdingRow({
      id: '2',
      symbol: 'BTC',
      quantity: '0.1',
      purchasePrice: '60000',
      currentPrice: 50000,
      change24h: null,
    }),
  ),
  toHoldingView(
    holdingRow({
      id: '3',
      symbol: 'ADA',
      quantity: '1000',
      purchasePrice: '0',
      currentPrice: 0.9,
      change24h: -4,
    }),
  ),
  toHoldingView(
    holdingRow({
      id: '4',
      symbol: 'SOL',
      quantity: '10',
      purchasePrice: '150',
      currentPrice: 190,
      change24h: 7,
    }),
  ),
];
const ids = (list: HoldingView[]) => list.map((v) => v.id);

describe('sortHoldings', () => {
  it.each([
    ['symbol', 'asc', ['3', '2', '1', '4']],
    ['symbol', 'desc', ['4', '1', '2', '3']],
    ['quantity', 'desc', ['3', '4', '1', '2']],
    ['quantity', 'asc', ['2', '1', '4', '3']],
    ['currentPrice', 'desc', ['2', '1', '4', '3']],
    ['purchasePrice', 'asc', ['3', '4', '1', '2']],
    ['currentValue', 'desc', ['1', '2', '4', '3']],
    ['gainLoss', 'desc', ['1', '4', '3', '2']],
    ['gainLoss', 'asc', ['2', '3', '4', '1']],
    ['change24h', 'desc', ['4', '1', '3', '2']],
    ['change24h', 'asc', ['3', '1', '4', '2']],
  ] as const)('%s %s', (key, direction, expected) => {
    expect(ids(sortHoldings(views, key, direction))).toEqual(expected);
  });

  it('does not change its input', () => {
    const before = ids(views);
    sortHoldings(views, 'quantity', 'asc');
    expect(ids(views)).toEqual(before);
  });

  it('breaks ties by symbol, A to Z, in either direction', () => {
    const tied = [
      toHoldingView(holdingRow({ id: 'b', symbol: 'BBB', quantity: '1' })),
      toHoldingView(holdingRow({ id: 'a', symbol: 'AAA', quantity: '1' })),
    ];
    expect(ids(sortHoldings(tied, 'quantity', 'asc'))).toEqual(['a', 'b']);
    expect(ids(sortHoldings(tied, 'quantity', 'desc'))).toEqual(['a', 'b']);
  });

  it('covers the seven sortable columns of SPEC.md', () => {
    expect(HOLDING_SORT_KEYS).toEqual([
      'symbol',
      'quantity',
      'currentPrice',
      'purchasePrice',
      'currentValue',
      'gainLoss',
      'change24h',
    ]);
  });
});

describe('nextSort', () => {
  it('starts a new column descending', () => {
    expect(nextSort(null, 'quantity')).toEqual({ key: 'quantity', direction: 'desc' });
    expect(nextSort({ key: 'symbol', direction: 'asc' }, 'gainLoss')).toEqual({
      key: 'gainLoss',
      direction: 'desc',
    });
  });
  it('toggles the active column', () => {
    expect(nextSort({ key: 'gainLoss', direction: 'desc' }, 'gainLoss')).toEqual({
      key: 'gainLoss',
      direction: 'asc',
    });
    expect(nextSort({ key: 'gainLoss', direction: 'asc' }, 'gainLoss')).toEqual({
      key: 'gainLoss',
      direction: 'desc',
    });
  });
});
