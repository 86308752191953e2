/** JSON encoding of bus payloads, shared so both buses accept and return exactly the same values. */

/** Serialises a payload once; throws a TypeError for values JSON cannot carry (undefined, a function, a symbol). */
export function encodePayload(payload: unknown): string {
  const json = JSON.stringify(payload);
  if (json === undefined) throw new TypeError(`bus payloads must be JSON values, got ${typeof payload}`);
  return json;
}

/** Compares two stream entry ids (`<ms>-<seq>`) numerically: negative, zero or positive. */
export function compareEntryIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}

/** Both buses take whole, positive milliseconds for lock TTLs (Redis PX does). */
export function assertTtl(ttlMs: number): void {
  if (!Number.isInteger(ttlMs) || ttlMs <= 0)
    throw new RangeError(`ttlMs must be a positive integer, got ${ttlMs}`);
}
