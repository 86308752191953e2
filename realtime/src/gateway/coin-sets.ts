/**
 * The coin sets sockets on this node watch, for the tick fan-out (DESIGN.md section 4: a socket gets one
 * `prices` event per tick with only its changed coins, and each payload is encoded once per room).
 * Sockets watching the same coins share one room, `coins:{key}`; a tick builds one payload per affected
 * set, touching only the sets that hold a changed coin.
 */
import { createHash } from 'node:crypto';
import type { PriceMap } from '@coinpace/domain';

interface CoinSet {
  coins: readonly string[];
  /** Local sockets in the set's room. */
  members: number;
}

/** Sockets per coin set and the sets each coin is in. */
export class CoinSets {
  private readonly sets = new Map<string, CoinSet>();
  private readonly byCoin = new Map<string, Set<string>>();

  /** The key of a set of ids (sorted, without duplicates); '' for none. */
  static keyOf(coins: readonly string[]): string {
    if (coins.length === 0) return '';
    return createHash('sha1').update(coins.join(',')).digest('base64url');
  }

  /** The room of a set key. */
  static room(key: string): string {
    return `coins:${key}`;
  }

  /** Counts one more socket in the set of `coins` (sorted, unique); returns the set's key ('' for none). */
  join(coins: readonly string[]): string {
    const key = CoinSets.keyOf(coins);
    if (!key) return key;
    const existing = this.sets.get(key);
    if (existing) {
      existing.members += 1;
      return key;
    }
    this.sets.set(key, { coins, members: 1 });
    for (const coin of coins) {
      let keys = this.byCoin.get(coin);
      if (!keys) this.byCoin.set(coin, (keys = new Set()));
      keys.add(key);
    }
    return key;
  }

  /** Counts one socket fewer in a set; the last one out removes it. */
  leave(key: string | undefined): void {
    if (!key) return;
    const set = this.sets.get(key);
    if (!set) return;
    set.members -= 1;
    if (set.members > 0) return;
    this.sets.delete(key);
    for (const coin of set.coins) {
      const keys = this.byCoin.get(coin);
      keys?.delete(key);
      if (keys?.size === 0) this.byCoin.delete(coin);
    }
  }

  /** Sets with at least one socket. */
  get size(): number {
    return this.sets.size;
  }

  /** For each set holding a changed coin, the changed quotes of its coins. */
  payloads(changed: Readonly<PriceMap>): Map<string, PriceMap> {
    const out = new Map<string, PriceMap>();
    for (const [coin, quote] of Object.entries(changed)) {
      const keys = this.byCoin.get(coin);
      if (!keys) continue;
      for (const key of keys) {
        let payload = out.get(key);
        if (!payload) out.set(key, (payload = {}));
        payload[coin] = quote;
      }
    }
    return out;
  }
}
