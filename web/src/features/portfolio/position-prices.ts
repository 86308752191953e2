/**
 * The price each holding is valued at, after the per-position sanity rules (SPEC.md section 5, 'Price
 * sanity'). Fed by price-sync.ts from the server rows and the live prices store; read per row with
 * `usePositionPrice(id)`, so a tick re-renders only the rows whose price changed.
 */
import { checkPositionPrice, type HoldingRow, type PriceQuote } from '@coinpace/domain';
import { create } from 'zustand';

/** The price a holding is valued at, USD per coin, and its 24h change in percent. */
export interface PositionPrice {
  price: number;
  change24h: number | null;
}

export const usePositionPrices = create<{ byId: Record<string, PositionPrice> }>(() => ({ byId: {} }));

/** One holding's position price; undefined while it has none. */
export function usePositionPrice(holdingId: string): PositionPrice | undefined {
  return usePositionPrices((s) => s.byId[holdingId]);
}

/** A candidate price for a holding: a live quote, or the server row's latest price. */
export type Candidate = Pick<PriceQuote, 'usd' | 'usd_24h_change'>;

/**
 * The position price after a candidate arrives: the candidate when the sanity rules accept it for
 * this quantity and previous price, else the previous entry unchanged (same object). Returns
 * `previous` itself when nothing changed, so callers can tell by identity.
 */
export function repricePosition(
  holding: Pick<HoldingRow, 'quantity'>,
  previous: PositionPrice | undefined,
  candidate: Candidate | undefined,
): PositionPrice | undefined {
  if (!candidate) return previous;
  const decision = checkPositionPrice({
    quantity: Number(holding.quantity),
    previousPrice: previous?.price,
    newPrice: candidate.usd,
  });
  if (!decision.accept) return previous;
  const change24h = candidate.usd_24h_change ?? previous?.change24h ?? null;
  if (previous && previous.price === decision.price && previous.change24h === change24h) return previous;
  return { price: decision.price!, change24h };
}

/** The server row's own price as a candidate; none when the server has no price (0). */
export function rowCandidate(row: HoldingRow): Candidate | undefined {
  return row.currentPrice > 0 ? { usd: row.currentPrice, usd_24h_change: row.change24h } : undefined;
}
