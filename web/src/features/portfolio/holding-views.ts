/** Hooks that turn holdings and position prices into what the table, summary and charts show. */
import {
  sortHoldings,
  toHoldingView,
  type HoldingRow,
  type HoldingSortKey,
  type HoldingView,
} from '@coinpace/domain';
import { useMemo, useRef } from 'react';
import { usePortfolio } from './portfolio-store.ts';
import { usePositionPrices, type PositionPrice } from './position-prices.ts';
import { useTable } from './table-store.ts';

/** The view of one holding at its position price (the row's own price when it has none). */
export function viewOf(row: HoldingRow, position: PositionPrice | undefined): HoldingView {
  return toHoldingView(
    row,
    position ? { usd: position.price, usd_24h_change: position.change24h } : undefined,
  );
}

/** Every holding's view; re-renders the caller on every price change (summary, charts). */
export function useHoldingViews(): HoldingView[] {
  const holdings = usePortfolio((s) => s.holdings);
  const positions = usePositionPrices((s) => s.byId);
  return useMemo(() => holdings.map((h) => viewOf(h, positions[h.id])), [holdings, positions]);
}

const PRICE_KEYS: ReadonlySet<HoldingSortKey> = new Set([
  'currentPrice',
  'currentValue',
  'gainLoss',
  'change24h',
]);
const NO_POSITIONS: Record<string, PositionPrice> = {};

/**
 * The row ids in table order. Subscribes to prices only while sorted by a price-dependent column, and
 * returns the same array while the order is unchanged, so the table itself re-renders only when rows
 * move.
 */
export function useSortedIds(): string[] {
  const holdings = usePortfolio((s) => s.holdings);
  const sort = useTable((s) => s.sort);
  const byPrice = sort !== null && PRICE_KEYS.has(sort.key);
  const positions = usePositionPrices((s) => (byPrice ? s.byId : NO_POSITIONS));
  const previous = useRef<string[]>([]);
  return useMemo(() => {
    const ids = sort
      ? sortHoldings(
          holdings.map((h) => viewOf(h, positions[h.id])),
          sort.key,
          sort.direction,
        ).map((v) => v.id)
      : holdings.map((h) => h.id);
    const old = previous.current;
    if (old.length === ids.length && old.every((id, i) => id === ids[i])) return old;
    previous.current = ids;
    return ids;
  }, [holdings, sort, positions]);
}
