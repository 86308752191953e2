/** What one fan-out run measures, and the tables the bench prints from it. */
import type { HeapDiffRow } from './heap-diff.ts';
import type { RedisTrafficPerTick } from './redis-traffic.ts';

export type ServerKind = 'gateway' | 'socketio' | 'ws' | 'sse' | 'raw-sse' | 'gateway-pair';

export interface PhaseResult {
  /** CPU the client processes used during the phase, % of one CPU. */
  loadGeneratorCpuPercent: number;
  /** The machine's 1-minute load average at the end of the phase. */
  loadAverage1m: number;
  delivered: number;
  expected: number;
  messagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  durationMs: number;
}

export interface RunResult {
  server: ServerKind;
  clients: number;
  /** Which of the alternating rounds at this client count (0-based). */
  round?: number;
  heapPerClientBytes: number;
  rssPerClientBytes: number;
  paced?: PhaseResult;
  saturated?: PhaseResult;
  heapDiff?: HeapDiffRow[];
  profile?: string;
  /** Pair mode: Redis commands and bytes per tick in the saturated phase, from Redis's own counters. */
  redisPerTick?: RedisTrafficPerTick;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A comparison of our server against its baseline at one client count, with its goals. */
export interface Comparison {
  clients: number;
  throughputRatio?: number;
  heapRatio?: number;
  rssRatio?: number;
  /** Median ratios over the rounds with their spread, by name, e.g. 'throughput / raw ws': '0.93 (0.88–0.97)'. */
  medians?: Record<string, string>;
  goals: Record<string, boolean>;
}

/** Prints each run and each comparison as a table, then heap diffs and profiles when taken. */
export function printTables(
  results: RunResult[],
  comparisons: Comparison[],
  labels: Record<ServerKind, string>,
): void {
  console.table(
    results.map((r) => ({
      clients: r.clients,
      ...(r.round !== undefined ? { round: r.round + 1 } : {}),
      server: labels[r.server],
      ...(r.saturated && r.paced
        ? {
            'msgs/s (saturated)': r.saturated.messagesPerSecond,
            'p50 ms (paced)': r.paced.p50Ms,
            'p99 ms (paced)': r.paced.p99Ms,
            'p99 ms (saturated)': r.saturated.p99Ms,
            'ELD p99 ms (paced)': r.paced.eventLoopDelayP99Ms,
            'loadgen CPU % (sat.)': r.saturated.loadGeneratorCpuPercent,
            'load avg 1m': r.saturated.loadAverage1m,
            delivered: `${r.paced.delivered + r.saturated.delivered}/${r.paced.expected + r.saturated.expected}`,
          }
        : {}),
      'heap/client KB': round(r.heapPerClientBytes / 1024),
      'RSS/client KB': round(r.rssPerClientBytes / 1024),
    })),
  );
  console.table(
    comparisons.map((c) => ({
      clients: c.clients,
      ...(c.throughputRatio !== undefined ? { 'throughput a/b': c.throughputRatio } : {}),
      ...(c.heapRatio !== undefined ? { 'heap a/b': c.heapRatio, 'RSS a/b': c.rssRatio } : {}),
      ...c.medians,
      ...Object.fromEntries(Object.entries(c.goals).map(([k, v]) => [k, v ? 'met' : 'MISSED'])),
    })),
  );
  for (const r of results)
    if (r.heapDiff) {
      console.log(`\nWhere the ${r.server}'s heap goes per idle client (${r.clients} clients, bytes):`);
      console.table(r.heapDiff);
    }
  for (const r of results)
    if (r.profile) console.log(`\nWhere the ${r.server}'s time goes (${r.clients} clients):\n${r.profile}`);
}
