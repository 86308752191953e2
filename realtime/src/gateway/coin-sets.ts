/**
 * The coin sets sockets on this node watch, for the tick fan-out (DESIGN.md section 4: a socket gets one
 * `prices` event per tick with every changed coin it watches, the ticker coins included, and each payload
 * is encoded once per room). Sockets watching the same coins share one room, `coins:{key}`; every socket
 * is in exactly one set (no coins of its own: the ticker-only set). A tick builds one payload per
 * affected set, touching only the sets that hold a changed coin.
 */
import { createHash } from 'node:crypto';
import type { PriceMap } from '@coinpace/domain';

interface CoinSet {
  /** The coins the set's sockets asked for (without the coins every set holds). */
  coins: readonly string[];
  /** Every coin the set's payloads carry: its coins and the ones every set holds. */
  indexed: readonly string[];
  /** The set's room name, one string shared by every member. */
  room: string;
  /** Local sockets in the set's room. */
  members: number;
}

interface CoinEntry {
  /** Keys of the sets holding the coin. */
  sets: Set<string>;
}

/**
 * Sockets per coin set and the sets each coin is in. Sockets of one set share its coins array and room
 * name, so thousands of sockets watching the same coins do not each keep copies of the strings. A socket
 * is in its set's room only (issue 17): no `coin:{id}` rooms, which nothing sent to and which cost every
 * socket two Set entries per coin.
 */
export class CoinSets {
  private readonly sets = new Map<string, CoinSet>();
  private readonly byCoin = new Map<string, CoinEntry>();

  /**
   * `always`: coins every set holds (the ticker coins), whatever its sockets asked for. `maxSets`: most
   * distinct sets (rooms) this node keeps (issue 13, finding 4); the ticker-only set is always allowed.
   */
  constructor(
    private readonly always: readonly string[] = [],
    private readonly maxSets = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Whether a socket in set `fromKey` (undefined: none yet) may move to the set of `toKey` within the
   * bound: the set exists already, it is the ticker-only set, there is room, or the socket is the last
   * member of its set (the move frees one as it takes one).
   */
  canMove(toKey: string, fromKey: string | undefined): boolean {
    if (toKey === '' || this.sets.has(toKey) || this.sets.size < this.maxSets) return true;
    return fromKey !== undefined && fromKey !== toKey && this.sets.get(fromKey)?.members === 1;
  }

  /** The key of a set of ids (sorted, without duplicates); '' for none. */
  static keyOf(coins: readonly string[]): string {
    if (coins.length === 0) return '';
    return createHash('sha1').update(coins.join(',')).digest('base64url');
  }

  /** The room of a set key ('' is the set of sockets that asked for no coins). */
  static room(key: string): string {
    return `coins:${key || 'ticker'}`;
  }

  /**
   * Counts one more socket in the set of `coins` (sorted, unique; none is a set too). Returns the set's
   * key ('' for none) and the set's shared coins array, which the socket should keep instead of its own.
   */
  join(coins: readonly string[]): { key: string; coins: readonly string[] } {
    const key = CoinSets.keyOf(coins);
    const existing = this.sets.get(key);
    if (existing) {
      existing.members += 1;
      return { key, coins: existing.coins };
    }
    const own = new Set(coins);
    const indexed = [...coins, ...this.always.filter((coin) => !own.has(coin))];
    this.sets.set(key, { coins: key ? coins : [], indexed, room: CoinSets.room(key), members: 1 });
    for (const coin of indexed) {
      let entry = this.byCoin.get(coin);
      if (!entry) this.byCoin.set(coin, (entry = { sets: new Set() }));
      entry.sets.add(key);
    }
    return { key, coins };
  }

  /** The shared room name of a set this node knows. */
  setRoom(key: string): string {
    return this.sets.get(key)?.room ?? CoinSets.room(key);
  }

  /** Counts one socket fewer in a set (undefined: the socket was in none); the last one out removes it. */
  leave(key: string | undefined): void {
    if (key === undefined) return;
    const set = this.sets.get(key);
    if (!set) return;
    set.members -= 1;
    if (set.members > 0) return;
    this.sets.delete(key);
    for (const coin of set.indexed) {
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
