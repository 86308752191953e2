/**
 * Shared pieces of the fan-out benchmark: the messages between the orchestrator and its child
 * processes, the ticks every server sends, a mergeable latency histogram, and a clock shared by processes.
 */
import { TICKER_COINS, tickerFromPrices, type PriceMap, type PriceTick } from '@coinpace/domain';

/** Epoch ms with sub-millisecond precision, comparable between processes on one machine. */
export const nowMs = () => performance.timeOrigin + performance.now();

/** The 20 coins every client watches (besides the ticker). */
export const BENCH_COINS = Array.from({ length: 20 }, (_, i) => `bench-coin-${i + 1}`);

/**
 * Tick `n` with every ticker coin and every watched coin changed, as the poller publishes it: the ticker
 * coins' quotes in `prices` and the ticker built from them. Each quote's `last_updated` carries the publish
 * time (ms), so a client can measure publish-to-receive latency from the payload.
 */
export function benchTick(n: number, publishedAt: number): PriceTick {
  const wiggle = 1 + 0.001 * Math.sin(n + 1);
  const prices: PriceMap = {};
  for (const [i, id] of BENCH_COINS.entries()) {
    prices[id] = { usd: (i + 1) * wiggle, usd_24h_change: (wiggle - 1) * 100, last_updated: publishedAt };
  }
  for (const coin of TICKER_COINS) {
    prices[coin.coingeckoId] = {
      usd: coin.fallbackUsd * wiggle,
      usd_24h_change: (wiggle - 1) * 100,
      last_updated: publishedAt,
    };
  }
  const ticker = tickerFromPrices(prices);
  return {
    id: `${Math.floor(publishedAt)}-${n}`,
    at: publishedAt,
    prices,
    ticker,
    source: { status: 'live' },
  };
}

/** Messages each client gets per tick: one `prices` frame with its 20 coins and the ten ticker coins. */
export const MESSAGES_PER_TICK = 1;

/** Orchestrator -> server process. */
export type ServerCommand =
  | { cmd: 'heap' }
  | { cmd: 'snapshot'; path: string }
  | { cmd: 'burst'; ticks: number; intervalMs: number; first: number; profilePath?: string }
  | { cmd: 'stop' };

/** Server process -> orchestrator. */
export type ServerReply =
  | { type: 'listening'; port: number }
  | { type: 'heap'; heapUsed: number; rss: number; connections: number }
  | { type: 'snapshot'; path: string }
  | {
      type: 'burst';
      firstPublishAt: number;
      lastPublishAt: number;
      eldP50Ms: number;
      eldP99Ms: number;
      eldMaxMs: number;
    };

/** Orchestrator -> client process. */
export type ClientCommand = { cmd: 'reset' } | { cmd: 'report' } | { cmd: 'close' };

/** Client process -> orchestrator. */
export type ClientReply =
  | { type: 'ready'; connected: number }
  | { type: 'failed'; error: string }
  | {
      type: 'report';
      /** CPU time this client process used so far (user + system), ms. */
      cpuMs: number;
      messages: number;
      firstAt: number;
      lastAt: number;
      histogram: [number, number][];
    };

/** Latency histogram: 0.05 ms buckets up to 10 s (the last bucket holds everything slower). */
export class LatencyHistogram {
  static readonly STEP_MS = 0.05;
  static readonly BUCKETS = 200_000;
  readonly counts = new Uint32Array(LatencyHistogram.BUCKETS);
  total = 0;

  record(ms: number): void {
    const bucket = Math.min(
      LatencyHistogram.BUCKETS - 1,
      Math.max(0, Math.floor(ms / LatencyHistogram.STEP_MS)),
    );
    this.counts[bucket]! += 1;
    this.total += 1;
  }

  /** Non-empty buckets, for sending between processes. */
  entries(): [number, number][] {
    const out: [number, number][] = [];
    this.counts.forEach((count, bucket) => {
      if (count > 0) out.push([bucket, count]);
    });
    return out;
  }

  merge(entries: [number, number][]): void {
    for (const [bucket, count] of entries) {
      this.counts[bucket]! += count;
      this.total += count;
    }
  }

  /** The latency at percentile `p` (0-100), in ms (upper edge of its bucket). */
  percentile(p: number): number {
    if (this.total === 0) return Number.NaN;
    const rank = Math.ceil((p / 100) * this.total);
    let seen = 0;
    for (let bucket = 0; bucket < this.counts.length; bucket++) {
      seen += this.counts[bucket]!;
      if (seen >= rank) return (bucket + 1) * LatencyHistogram.STEP_MS;
    }
    return Number.POSITIVE_INFINITY;
  }
}
