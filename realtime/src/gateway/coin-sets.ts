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
  /** The set's room name, one string shared by every member. */
  room: string;
  /** Local sockets in the set's room. */
  members: number;
}

interface CoinEntry {
  /** `coin:{id}`, one string shared by every socket in the room. */
  room: string;
  /** Keys of the sets holding the coin. */
  sets: Set<string>;
}

/**
 * Sockets per coin set and the sets each coin is in. Sockets of one set share its coins array and room
 * names, so thousands of sockets watching the same coins do not each keep copies of the strings.
 */
export class CoinSets {
  private readonly sets = new Map<string, CoinSet>();
  private readonly byCoin = new Map<string, CoinEntry>();

  /** The key of a set of ids (sorted, without duplicates); '' for none. */
  static keyOf(coins: readonly string[]): string {
    if (coins.length === 0) return '';
    return createHash('sha1').update(coins.join(',')).digest('base64url');
  }

  /** The room of a set key. */
  static room(key: string): string {
    return `coins:${key}`;
  }

  /**
   * Counts one more socket in the set of `coins` (sorted, unique). Returns the set's key ('' for none)
   * and the set's shared coins array, which the socket should keep instead of its own.
   */
  join(coins: readonly string[]): { key: string; coins: readonly string[] } {
    const key = CoinSets.keyOf(coins);
    if (!key) return { key, coins: [] };
    const existing = this.sets.get(key);
    if (existing) {
      existing.members += 1;
      return { key, coins: existing.coins };
    }
    this.sets.set(key, { coins, room: CoinSets.room(key), members: 1 });
    for (const coin of coins) {
      let entry = this.byCoin.get(coin);
      if (!entry) this.byCoin.set(coin, (entry = { room: `coin:${coin}`, sets: new Set() }));
      entry.sets.add(key);
    }
    return { key, coins };
  }

  /** The shared room name of a set this node knows. */
  setRoom(key: string): string {
    return this.sets.get(key)?.room ?? CoinSets.room(key);
  }

  /** The shared `coin:{id}` room name of a coin in a known set. */
  coinRoom(coin: string): string {
    return this.byCoin.get(coin)?.room ?? `coin:${coin}`;
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
      const entry = this.byCoin.get(coin);
      entry?.sets.delete(key);
      if (entry?.sets.size === 0) this.byCoin.delete(coin);
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
      const entry = this.byCoin.get(coin);
      if (!entry) continue;
      for (const key of entry.sets) {
        let payload = out.get(key);
        if (!payload) out.set(key, (payload = {}));
        payload[coin] = quote;
      }
    }
    return out;
  }
}
