/** A small map of values with the time each was stored, optionally bounded (oldest evicted first). */
export class TimedCache<V> {
  private readonly entries = new Map<string, { value: V; storedAt: number }>();

  /** @param maxEntries most entries kept; storing one more evicts the oldest. Default: unbounded. */
  constructor(private readonly maxEntries = Number.POSITIVE_INFINITY) {}

  /** The stored value and when it was stored (epoch ms), or undefined. */
  get(key: string): { value: V; storedAt: number } | undefined {
    return this.entries.get(key);
  }

  /** The value if it was stored less than `maxAgeMs` before `now`. */
  getFresh(key: string, now: number, maxAgeMs: number): V | undefined {
    const entry = this.entries.get(key);
    return entry && now - entry.storedAt < maxAgeMs ? entry.value : undefined;
  }

  set(key: string, value: V, storedAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
