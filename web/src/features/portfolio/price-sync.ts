/**
 * Keeps position prices in step with the holdings and the live prices store: declares the held coins
 * to the live layer (`watchCoins`), reprices only the holdings of coins whose quote changed, and turns
 * a purchase price of 0 into the first current price (SPEC.md section 4, 'Prices').
 */
import type { HoldingRow, PriceQuote } from '@coinpace/domain';
import { usePrices, watchCoins } from '../prices/prices-store.ts';
import { usePortfolio } from './portfolio-store.ts';
import { repricePosition, rowCandidate, usePositionPrices, type PositionPrice } from './position-prices.ts';

export interface PriceSyncOptions {
  /** Called once per holding whose purchase price is 0 when its first price is known. */
  onFirstPrice?: (holdingId: string, price: number) => void;
}

/** Starts the sync; returns the function that stops it. */
export function startPriceSync(options: PriceSyncOptions = {}): () => void {
  let holdings: HoldingRow[] = [];
  let byCoin = new Map<string, string[]>();
  let quotes: Record<string, PriceQuote> = {};
  let watched = '';
  const filled = new Set<string>();

  const fillFirstPrices = (byId: Record<string, PositionPrice>, ids: Iterable<string>) => {
    if (!options.onFirstPrice) return;
    const rows = usePortfolio.getState().byId;
    for (const id of ids) {
      const row = rows[id];
      const position = byId[id];
      if (!row || !position || filled.has(id) || Number(row.purchasePrice) > 0) continue;
      filled.add(id);
      options.onFirstPrice(id, position.price);
    }
  };

  const onHoldings = (next: HoldingRow[]) => {
    holdings = next;
    byCoin = new Map();
    for (const row of holdings) {
      if (!row.coingeckoId) continue;
      const list = byCoin.get(row.coingeckoId);
      if (list) list.push(row.id);
      else byCoin.set(row.coingeckoId, [row.id]);
    }
    const ids = [...byCoin.keys()].sort();
    if (ids.join(',') !== watched) {
      watched = ids.join(',');
      watchCoins(ids);
    }
    const previous = usePositionPrices.getState().byId;
    const byId: Record<string, PositionPrice> = {};
    for (const row of holdings) {
      const live = row.coingeckoId ? quotes[row.coingeckoId] : undefined;
      const old = previous[row.id];
      let price = old ?? repricePosition(row, undefined, rowCandidate(row));
      price = repricePosition(row, price, live);
      if (price) byId[row.id] = price;
    }
    usePositionPrices.setState({ byId });
    fillFirstPrices(byId, Object.keys(byId));
  };

  const onQuotes = (next: Record<string, PriceQuote>) => {
    const previousQuotes = quotes;
    quotes = next;
    const rows = usePortfolio.getState().byId;
    const current = usePositionPrices.getState().byId;
    let byId: Record<string, PositionPrice> | null = null;
    const touched: string[] = [];
    for (const [coin, ids] of byCoin) {
      const quote = next[coin];
      if (quote === previousQuotes[coin]) continue;
      for (const id of ids) {
        const row = rows[id];
        if (!row) continue;
        const price = repricePosition(row, current[id], quote);
        if (price === current[id] || !price) continue;
        byId ??= { ...current };
        byId[id] = price;
        touched.push(id);
      }
    }
    if (byId) {
      usePositionPrices.setState({ byId });
      fillFirstPrices(byId, touched);
    }
  };

  onQuotes(usePrices.getState().prices);
  onHoldings(usePortfolio.getState().holdings);
  const stopHoldings = usePortfolio.subscribe((s, before) => {
    if (s.holdings !== before.holdings) onHoldings(s.holdings);
  });
  const stopQuotes = usePrices.subscribe((s, before) => {
    if (s.prices !== before.prices) onQuotes(s.prices);
  });
  return () => {
    stopHoldings();
    stopQuotes();
    watchCoins([]);
  };
}
