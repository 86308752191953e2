/**
 * CoinGecko's coin list held in memory for look-ups by id and for coin search (SPEC.md section 5,
 * 'Search'), so that neither costs an upstream call. Pure: built from a list, no I/O.
 */
import type { ListedCoin } from './port.ts';

interface Entry {
  coin: ListedCoin;
  name: string;
  symbol: string;
}

/** How well a coin matches a query; lower is better, undefined is no match. */
function matchScore(entry: Entry, query: string): number | undefined {
  const { coin, name, symbol } = entry;
  if (symbol === query) return 0;
  if (name === query || coin.id === query) return 1;
  if (symbol.startsWith(query)) return 2;
  if (name.startsWith(query) || coin.id.startsWith(query)) return 3;
  if (name.split(/[\s\-()/.]+/).some((word) => word.startsWith(query))) return 4;
  if (name.includes(query) || coin.id.includes(query) || symbol.includes(query)) return 5;
  return undefined;
}

/** A search text as matched: trimmed, lower-cased, inner spaces collapsed. */
export function searchText(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The coin list, by id and searchable. */
export class CoinIndex {
  private readonly byId = new Map<string, ListedCoin>();
  private readonly entries: Entry[] = [];

  constructor(coins: readonly ListedCoin[]) {
    for (const coin of coins) {
      const id = coin.id.trim().toLowerCase();
      if (!id || this.byId.has(id)) continue;
      const listed = { ...coin, id };
      this.byId.set(id, listed);
      this.entries.push({ coin: listed, name: coin.name.toLowerCase(), symbol: coin.symbol.toLowerCase() });
    }
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): ListedCoin | undefined {
    return this.byId.get(id);
  }

  /**
   * The coin's symbol (upper case) when it can stand for the coin on an exchange: no other listed coin
   * with the same symbol ranks higher by market cap (an unranked coin sharing its symbol with any other
   * coin is ambiguous). Null for a coin not listed or an ambiguous symbol, so a copycat token never
   * borrows a major coin's market.
   */
  pairSymbol(id: string): string | null {
    const coin = this.byId.get(id);
    if (!coin) return null;
    const symbol = coin.symbol.toLowerCase();
    for (const other of this.entries) {
      if (other.symbol !== symbol || other.coin.id === coin.id) continue;
      const theirs = other.coin.marketCapRank;
      const ours = coin.marketCapRank;
      if (ours === null || (theirs !== null && theirs < ours)) return null;
    }
    return symbol.toUpperCase();
  }

  /**
   * The best `limit` coins for `query` (see searchText) by symbol, name or id: first the coins among
   * CoinGecko's top ranks that match it exactly, then those it starts their symbol, name or a word of
   * the name, then those that hold it elsewhere (each group by rank); then the unranked ones, exact
   * before prefix before word before anywhere, shorter names first.
   */
  search(query: string, limit: number): ListedCoin[] {
    const q = searchText(query);
    if (!q) return [];
    const hits: { coin: ListedCoin; score: number; nameLength: number }[] = [];
    for (const entry of this.entries) {
      const score = matchScore(entry, q);
      if (score !== undefined) hits.push({ coin: entry.coin, score, nameLength: entry.name.length });
    }
    const tier = (hit: (typeof hits)[number]) =>
      hit.coin.marketCapRank === null ? 3 : hit.score <= 1 ? 0 : hit.score <= 4 ? 1 : 2;
    hits.sort(
      (a, b) =>
        tier(a) - tier(b) ||
        (a.coin.marketCapRank ?? 0) - (b.coin.marketCapRank ?? 0) ||
        a.score - b.score ||
        a.nameLength - b.nameLength ||
        (a.coin.id < b.coin.id ? -1 : a.coin.id > b.coin.id ? 1 : 0),
    );
    return hits.slice(0, limit).map((hit) => hit.coin);
  }
}
