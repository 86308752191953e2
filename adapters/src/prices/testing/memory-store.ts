/** A PriceStore kept in memory, standing in for Postgres in this folder's tests. */
import type { PriceMap, PriceQuote } from '@coinpace/domain';
import type { ListedCoin, PriceStore } from '../port.ts';

export interface MemoryPriceStore extends PriceStore {
  /** Stores `coins` as the list refreshed at `at` (epoch ms). */
  saveCoinList(coins: ListedCoin[], at: number): void;
  /** Stores a latest price received at `at` (epoch ms). */
  savePrice(id: string, quote: PriceQuote, at: number): void;
  /** Calls made to each read, for asserting how often the store is asked. */
  readonly reads: { refreshedAt: number; list: number; prices: number };
}

/** A store on the clock `now` (epoch ms), empty at first. */
export function createMemoryPriceStore(now: () => number): MemoryPriceStore {
  let list: { coins: ListedCoin[]; at: number } | null = null;
  const prices = new Map<string, { quote: PriceQuote; at: number }>();
  const reads = { refreshedAt: 0, list: 0, prices: 0 };
  return {
    reads,
    saveCoinList(coins, at) {
      list = { coins: coins.map((coin) => ({ ...coin })), at };
    },
    savePrice(id, quote, at) {
      prices.set(id, { quote, at });
    },
    async coinListRefreshedAt() {
      reads.refreshedAt += 1;
      return list?.at ?? null;
    },
    async readCoinList() {
      reads.list += 1;
      return list?.coins.map((coin) => ({ ...coin })) ?? [];
    },
    async readLatestPrices(ids, maxAgeMs) {
      reads.prices += 1;
      const found: PriceMap = {};
      for (const id of ids) {
        const entry = prices.get(id);
        if (entry && now() - entry.at < maxAgeMs) found[id] = entry.quote;
      }
      return found;
    },
  };
}

/** A listed coin with no rank or image unless given. */
export function listedCoin(id: string, symbol: string, name: string, rank: number | null = null): ListedCoin {
  return { id, symbol, name, marketCapRank: rank, image: null };
}
