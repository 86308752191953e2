/**
 * Where a holding's coins are: by hand (location null) or on each exchange account, from the history's
 * transactions. An `adjust` sets the holding's whole quantity; the change it makes counts to its own
 * location, so "Adjust to the exchange's balance" moves only that exchange's figure.
 */
import { fromDecimal, toDecimal } from '../transactions/fixed-point.ts';
import { inHistoryOrder, isIncomingKind, type TransactionKind } from '../transactions/cost-basis.ts';

export interface LocatedTransaction {
  kind: TransactionKind;
  at: string;
  quantity: string;
  /** The exchange account, or null for by hand. */
  locationId: string | null;
}

/** Quantity per location (key '' for by hand), as decimal strings; locations with no transaction left out. */
export function quantityByLocation(transactions: readonly LocatedTransaction[]): Map<string | null, string> {
  const held = new Map<string | null, bigint>();
  let total = 0n;
  for (const t of inHistoryOrder(transactions)) {
    const quantity = fromDecimal(t.quantity);
    const change = t.kind === 'adjust' ? quantity - total : isIncomingKind(t.kind) ? quantity : -quantity;
    total += change;
    held.set(t.locationId, (held.get(t.locationId) ?? 0n) + change);
  }
  return new Map([...held].map(([location, value]) => [location, toDecimal(value)]));
}

/** A coin of the coin list, as far as choosing one for a symbol needs. */
export interface ListedCoinChoice {
  id: string;
  symbol: string;
  marketCapRank: number | null;
}

/**
 * The coin an exchange's asset code is: the user's override first, then the built-in table of well-known
 * symbols, then the coin list's coin of that symbol with the best market-cap rank; null when none is.
 */
export function coinForAsset(
  asset: string,
  sources: {
    overrides: ReadonlyMap<string, string>;
    builtIn: (symbol: string) => string | undefined;
    listed: readonly ListedCoinChoice[];
  },
): string | null {
  const symbol = asset.trim().toUpperCase();
  const chosen = sources.overrides.get(symbol) ?? sources.builtIn(symbol);
  if (chosen) return chosen;
  let best: ListedCoinChoice | null = null;
  for (const coin of sources.listed) {
    if (coin.symbol.toUpperCase() !== symbol) continue;
    const rank = coin.marketCapRank ?? Number.POSITIVE_INFINITY;
    const bestRank = best?.marketCapRank ?? Number.POSITIVE_INFINITY;
    if (!best || rank < bestRank) best = coin;
  }
  return best?.id ?? null;
}
