/** Hooks that turn holdings and position prices into what the table, summary and charts show. */
import { idsAt, useLocationFilter } from './location-filter.ts';
import {
  sortHoldings,
  toHoldingView,
  type HoldingRow,
  type HoldingSortKey,
  type HoldingView,
} from '@coinpace/domain';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
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

interface CachedView {
  row: HoldingRow;
  position: PositionPrice | undefined;
  view: HoldingView;
}
let viewCache = new Map<string, CachedView>();
let lastViews: {
  holdings: HoldingRow[];
  positions: Record<string, PositionPrice>;
  views: HoldingView[];
} | null = null;

/**
 * Every holding's view, shared by its callers: a view is rebuilt only when its row or its position
 * price changed, so a tick costs one identity check per holding plus the changed views.
 */
export function holdingViews(
  holdings: HoldingRow[],
  positions: Record<string, PositionPrice>,
): HoldingView[] {
  if (lastViews && lastViews.holdings === holdings && lastViews.positions === positions)
    return lastViews.views;
  const next = new Map<string, CachedView>();
  const views = holdings.map((row) => {
    const position = positions[row.id];
    const cached = viewCache.get(row.id);
    const entry =
      cached && cached.row === row && cached.position === position
        ? cached
        : { row, position, view: viewOf(row, position) };
    next.set(row.id, entry);
    return entry.view;
  });
  viewCache = next;
  lastViews = { holdings, positions, views };
  return views;
}

/**
 * Every holding's view, for whole-portfolio readers (summary, charts). Price changes reach them as a
 * deferred value: React renders them after the tick's rows, in interruptible background work, so a
 * large tick does not make one long frame.
 */
export function useHoldingViews(): HoldingView[] {
  const holdings = usePortfolio((s) => s.holdings);
  const positions = useDeferredValue(usePositionPrices((s) => s.byId));
  return holdingViews(holdings, positions);
}

const PRICE_KEYS: ReadonlySet<HoldingSortKey> = new Set([
  'currentPrice',
  'currentValue',
  'gainLoss',
  'change24h',
]);
const NO_POSITIONS: Record<string, PositionPrice> = {};

/** While sorted by a price column, ticks re-sort the table at most this often (ms). */
export const RESORT_INTERVAL_MS = 5000;

/**
 * The position prices, but changing at most once per `intervalMs` while `active` (the first change
 * after a quiet period comes at once, later ones are held back to the end of the interval); a fixed
 * empty object while not active.
 */
function useThrottledPositions(active: boolean, intervalMs: number): Record<string, PositionPrice> {
  const [positions, setPositions] = useState(() => usePositionPrices.getState().byId);
  useEffect(() => {
    if (!active) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      last = Date.now();
      timer = undefined;
      setPositions(usePositionPrices.getState().byId);
    };
    publish();
    const unsubscribe = usePositionPrices.subscribe(() => {
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) publish();
      else timer = setTimeout(publish, wait);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [active, intervalMs]);
  return active ? positions : NO_POSITIONS;
}

/**
 * The row ids in table order, the same array while the order is unchanged, so the table itself
 * re-renders only when rows move. Sorted by a price column, ticks re-sort it at most every
 * RESORT_INTERVAL_MS: rows do not jump under the pointer on every tick, and a 1,000-row table is not
 * reordered many times a second.
 */
export function useSortedIds(): string[] {
  const holdings = usePortfolio((s) => s.holdings);
  const sort = useTable((s) => s.sort);
  const byPrice = sort !== null && PRICE_KEYS.has(sort.key);
  const positions = useThrottledPositions(byPrice, RESORT_INTERVAL_MS);
  const places = useLocationFilter((s) => s.places);
  const location = useLocationFilter((s) => s.location);
  const previous = useRef<string[]>([]);
  return useMemo(() => {
    // `positions` only says when to re-sort; the views are built from the current prices, the same
    // ones the summary uses, so the shared view cache is not thrown away.
    void positions;
    const sorted = sort
      ? sortHoldings(holdingViews(holdings, usePositionPrices.getState().byId), sort.key, sort.direction).map(
          (v) => v.id,
        )
      : holdings.map((h) => h.id);
    const shown = idsAt(sorted, places, location);
    const old = previous.current;
    if (old.length === shown.length && old.every((id, i) => id === shown[i])) return old;
    previous.current = shown;
    return shown;
  }, [holdings, sort, positions, places, location]);
}
