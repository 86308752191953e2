/**
 * Keeps position prices in step with the holdings and the live prices store (quotes keyed by price key:
 * CoinGecko id, or lower-cased contract address for tokens without one): declares the held coins
 * to the live layer (`watchCoins`), reprices only the holdings of coins whose quote changed, and turns
 * a purchase price of 0 into the first current price (SPEC.md section 4, 'Prices'). The manual Refresh
 * makes positions forget their previous prices (see forgetPositions).
 */
import { isContractAddress, priceKeyOf, type HoldingRow, type PriceQuote } from '@coinpace/domain';
import { usePrices, watchCoins } from '../prices/prices-store.ts';
import { usePortfolio } from './portfolio-store.ts';
import { registerPriceCache } from './price-refresh.ts';
import {
  repricePosition,
  rowCandidate,
  setPositions,
  usePositionPrices,
  type PositionPrice,
} from './position-prices.ts';

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
      const key = priceKeyOf(row);
      if (!key) continue;
      const list = byCoin.get(key);
      if (list) list.push(row.id);
      else byCoin.set(key, [row.id]);
    }
    // The live layer ticks by CoinGecko id only: a token known just by its contract address is not
    // watched, and its quote (keyed by address) changes on the load, 5-minute and manual refreshes only.
    const ids = [...byCoin.keys()].filter((key) => !isContractAddress(key)).sort();
    if (ids.join(',') !== watched) {
      watched = ids.join(',');
      watchCoins(ids);
    }
    const previous = usePositionPrices.getState().byId;
    const byId: Record<string, PositionPrice> = {};
    for (const row of holdings) {
      const key = priceKeyOf(row);
      const live = key ? quotes[key] : undefined;
      const old = previous[row.id];
      let price = old ?? repricePosition(row, undefined, rowCandidate(row));
      price = repricePosition(row, price, live);
      if (price) byId[row.id] = price;
    }
    setPositions(
      byId,
      holdings.flatMap((row) => (byId[row.id] !== previous[row.id] ? [row.id] : [])),
    );
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
      setPositions(byId, touched);
      fillFirstPrices(byId, touched);
    }
  };

  // The manual Refresh clears cached prices first: each position forgets the price it was held at, so a
  // price the jump rule kept out (a position suddenly worth 100 times more) is taken when the user asks.
  const forgetPositions = () => {
    const previous = usePositionPrices.getState().byId;
    const byId: Record<string, PositionPrice> = {};
    for (const row of holdings) {
      const key = priceKeyOf(row);
      const live = key ? quotes[key] : undefined;
      const price =
        repricePosition(row, undefined, live) ??
        repricePosition(row, undefined, rowCandidate(row)) ??
        previous[row.id];
      if (price) byId[row.id] = sameAs(previous[row.id], price) ? previous[row.id]! : price;
    }
    setPositions(
      byId,
      holdings.flatMap((row) => (byId[row.id] !== previous[row.id] ? [row.id] : [])),
    );
  };

  onQuotes(usePrices.getState().prices);
  onHoldings(usePortfolio.getState().holdings);
  const stopForgetting = registerPriceCache(forgetPositions);
  const stopHoldings = usePortfolio.subscribe((s, before) => {
    if (s.holdings !== before.holdings) onHoldings(s.holdings);
  });
  const stopQuotes = usePrices.subscribe((s, before) => {
    if (s.prices !== before.prices) onQuotes(s.prices);
  });
  return () => {
    stopForgetting();
    stopHoldings();
    stopQuotes();
    watchCoins([]);
  };
}

function sameAs(a: PositionPrice | undefined, b: PositionPrice): boolean {
  return a !== undefined && a.price === b.price && a.change24h === b.change24h;
}
