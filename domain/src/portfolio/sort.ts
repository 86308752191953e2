/** Sorting of the portfolio table (SPEC.md section 2, 'Portfolio screen', sortable columns). */
import type { HoldingView } from './holding-view.ts';

/** The sortable columns. */
export const HOLDING_SORT_KEYS = [
  'symbol',
  'quantity',
  'currentPrice',
  'purchasePrice',
  'currentValue',
  'gainLoss',
  'change24h',
] as const;
/** A sortable column. */
export type HoldingSortKey = (typeof HOLDING_SORT_KEYS)[number];
/** Ascending or descending. */
export type SortDirection = 'asc' | 'desc';

/** The table's sort state. */
export interface HoldingSort {
  key: HoldingSortKey;
  direction: SortDirection;
}

/**
 * A sorted copy of `views` (the input is not changed). Symbols compare alphabetically, ignoring case;
 * numbers numerically. Holdings without a 24h change go last in either direction. Ties keep symbol
 * order (A to Z), then input order, so the table does not shuffle between price updates.
 */
export function sortHoldings(
  views: readonly HoldingView[],
  key: HoldingSortKey,
  direction: SortDirection,
): HoldingView[] {
  const sign = direction === 'asc' ? 1 : -1;
  return views.slice().sort((a, b) => {
    if (key === 'symbol') return sign * compareSymbols(a, b);
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) {
      if (x === y) return compareSymbols(a, b);
      return x === null ? 1 : -1;
    }
    return x === y ? compareSymbols(a, b) : sign * (x < y ? -1 : 1);
  });
}

/**
 * The sort after a click on a column header: the active column flips direction, any other column starts
 * descending. With no current sort the clicked column starts descending.
 */
export function nextSort(current: HoldingSort | null, clickedKey: HoldingSortKey): HoldingSort {
  if (current && current.key === clickedKey) {
    return { key: clickedKey, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key: clickedKey, direction: 'desc' };
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

function compareSymbols(a: HoldingView, b: HoldingView): number {
  return collator.compare(a.symbol, b.symbol);
}
