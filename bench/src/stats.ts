/**
 * Small pieces the benchmarks share: a seeded generator for their inputs, the median of timings and a
 * summary of request latencies.
 */

/** mulberry32: a small seeded generator of numbers in [0, 1), so every run measures the same input. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The median (the mean of the two middle values for an even count). */
export function median(list: readonly number[]): number {
  const sorted = list.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at percentile `p` (0–100) of an ascending list: the nearest-rank method. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Request count, median, 95th percentile and mean of latencies in milliseconds, to two decimals. */
export function latencySummary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: samples.length,
    medianMs: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    meanMs: round(samples.reduce((a, b) => a + b, 0) / samples.length),
  };
}
