/**
 * The coin sets sockets on this node watch, for the tick fan-out (DESIGN.md section 4: a socket gets one
 * `prices` event per tick with every changed coin it watches, the ticker coins included, and each payload
 * is encoded once per room). Sockets watching the same coins share one room, `coins:{key}`; every socket
 * is in exactly one set (no coins of its own: the ticker-only set). A tick builds one payload per
 * affected set, touching only the sets that hold a changed coin. The node keeps a bounded number of sets,
 * part of them reserved for signed-in sockets, and the anonymous sockets of one address key may be in only
 * a few, so anonymous clients cannot take every set and leave a signed-in user's subscribe refused.
 */
import { createHash } from 'node:crypto';
import type { PriceMap } from '@coinpace/domain';

/** How a node's coin sets are shared (each a setting; see the gateway's options). */
export interface CoinSetLimits {
  /** Most distinct sets (rooms) the node keeps. */
  max: number;
  /** Of `max`, how many only signed-in sockets may open: anonymous ones stop at `max - signedInReserve`. */
  signedInReserve: number;
  /** Most sets the anonymous sockets of one address key may be in at once, the ticker-only set aside. */
  anonymousPerAddress: number;
}

/**
 * Who moves a socket between sets: a signed-in socket, or an anonymous one counted under its client's
 * address key (the key the gateway counts the client's connections under).
 */
export type SetHolder = { signedIn: true } | { signedIn: false; addressKey: string };

const SIGNED_IN: SetHolder = { signedIn: true };

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
 * is in its set's room only: no `coin:{id}` rooms, which nothing sent to and which cost every
 * socket two Set entries per coin.
 */
export class CoinSets {
  private readonly sets = new Map<string, CoinSet>();
  private readonly byCoin = new Map<string, CoinEntry>();

  private readonly limits: CoinSetLimits;
  /** Per address key, the sets its anonymous sockets are in (the ticker-only set aside) and how many of them. */
  private readonly anonymous = new Map<string, Map<string, number>>();

  /**
   * `always`: coins every set holds (the ticker coins), whatever its sockets asked for. `limits`: how many
   * distinct sets (rooms) this node keeps and how they are shared (the ticker-only set is always allowed);
   * a number is the whole bound, with no reserve and no per-address cap.
   */
  constructor(
    private readonly always: readonly string[] = [],
    limits: Partial<CoinSetLimits> | number = {},
  ) {
    const given = typeof limits === 'number' ? { max: limits } : limits;
    this.limits = {
      max: given.max ?? Number.POSITIVE_INFINITY,
      signedInReserve: given.signedInReserve ?? 0,
      anonymousPerAddress: given.anonymousPerAddress ?? Number.POSITIVE_INFINITY,
    };
  }

  /**
   * Whether a socket of `holder` in set `fromKey` (undefined: none yet) may move to the set of `toKey`.
   * The ticker-only set is always allowed. An anonymous socket's address key may be in at most
   * `anonymousPerAddress` other sets, and it may open a new set only while fewer than `max -
   * signedInReserve` exist, so anonymous sockets never take the signed-in users' reserve; a signed-in
   * socket may open one while fewer than `max` exist. Either may join a set that exists, and a socket that
   * is the last member of its set may move to a new one (the move frees one as it takes one).
   */
  canMove(toKey: string, fromKey: string | undefined, holder: SetHolder = SIGNED_IN): boolean {
    if (toKey === '') return true;
    if (!holder.signedIn && !this.addressAllows(holder.addressKey, toKey, fromKey)) return false;
    if (this.sets.has(toKey)) return true;
    const bound = holder.signedIn ? this.limits.max : this.limits.max - this.limits.signedInReserve;
    if (this.sets.size < bound) return true;
    return fromKey !== undefined && fromKey !== toKey && this.sets.get(fromKey)?.members === 1;
  }

  /** Whether the anonymous sockets of `address` may be in set `toKey` (leaving `fromKey`) within their cap. */
  private addressAllows(address: string, toKey: string, fromKey: string | undefined): boolean {
    const held = this.anonymous.get(address);
    if (!held || held.has(toKey)) return true;
    const freed = fromKey !== undefined && fromKey !== '' && held.get(fromKey) === 1 ? 1 : 0;
    return held.size - freed < this.limits.anonymousPerAddress;
  }

  /** Sets the anonymous sockets of `address` are in now, the ticker-only set aside. */
  setsOfAddress(address: string): number {
    return this.anonymous.get(address)?.size ?? 0;
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
   * Counts one more socket of `holder` in the set of `coins` (sorted, unique; none is a set too). Returns
   * the set's key ('' for none) and the set's shared coins array, which the socket should keep instead of
   * its own.
   */
  join(coins: readonly string[], holder: SetHolder = SIGNED_IN): { key: string; coins: readonly string[] } {
    const key = CoinSets.keyOf(coins);
    if (!holder.signedIn && key !== '') {
      let held = this.anonymous.get(holder.addressKey);
      if (!held) this.anonymous.set(holder.addressKey, (held = new Map()));
      held.set(key, (held.get(key) ?? 0) + 1);
    }
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

  /**
   * Counts one socket of `holder` fewer in a set (undefined: the socket was in none); the last one out
   * removes it.
   */
  leave(key: string | undefined, holder: SetHolder = SIGNED_IN): void {
    if (key === undefined) return;
    if (!holder.signedIn && key !== '') {
      const held = this.anonymous.get(holder.addressKey);
      const count = (held?.get(key) ?? 0) - 1;
      if (count > 0) held!.set(key, count);
      else held?.delete(key);
      if (held?.size === 0) this.anonymous.delete(holder.addressKey);
    }
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
