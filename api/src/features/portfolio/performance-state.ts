/**
 * The performance walk's state kept between requests, per database handle: the long ranges walk every
 * daily close and every transaction since the first one, while a request a few minutes later differs
 * only after the last whole step. Each user's state is kept at the start of the range's last step, under
 * a key made of everything the walk up to there read (the transactions' stamp, the coins' daily closes
 * stamps, the prices before the range, the currency's rates, the range's start and step): a request
 * whose key is the same continues from it with only the prices and transactions since then, and any
 * write that changes one of them changes the key.
 */
import type { AppDb } from '@coinpace/db';
import type { WalkSnapshot } from '@coinpace/domain';

/** States kept per database handle (a few tens of KB each); the least recently read go first. */
const MAX_STATES = 2_000;

interface KeptWalk {
  key: string;
  state: WalkSnapshot;
}

const caches = new WeakMap<AppDb, Map<string, KeptWalk>>();

function cacheOf(db: AppDb): Map<string, KeptWalk> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The state kept in `slot` (a user's range, benchmark and currency) when it was made under `key`. */
export function keptWalk(db: AppDb, slot: string, key: string): WalkSnapshot | undefined {
  const cache = cacheOf(db);
  const kept = cache.get(slot);
  if (!kept) return undefined;
  // Recently read slots stay longest.
  cache.delete(slot);
  cache.set(slot, kept);
  return kept.key === key ? kept.state : undefined;
}

/** Keeps a state in `slot`, replacing the one there. */
export function keepWalk(db: AppDb, slot: string, key: string, state: WalkSnapshot): void {
  const cache = cacheOf(db);
  cache.delete(slot);
  cache.set(slot, { key, state });
  for (const id of cache.keys()) {
    if (cache.size <= MAX_STATES) break;
    cache.delete(id);
  }
}

/** Forgets every kept state of a database handle, so the next requests walk the whole history. */
export function forgetKeptWalks(db: AppDb): void {
  caches.delete(db);
}
