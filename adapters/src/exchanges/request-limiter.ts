/**
 * One request pace per exchange, shared by every client of that exchange (DESIGN.md: per-exchange rate
 * limits shared by all workers). ccxt measures each endpoint in cost units and paces one instance at
 * `rateLimit` milliseconds per unit; here the same pace holds for all the accounts a process (or, through
 * Redis, the whole cluster) syncs at once.
 *
 * It keeps a schedule, not a count: each request reserves the next free start time and pushes it on by
 * its cost × the exchange's milliseconds per unit, then waits for its start. Two starts are therefore
 * never closer than the pace allows, in any window. (A counter over fixed windows, such as
 * rate-limiter-flexible's, lets twice the limit through around a window's edge; Kraken's decaying counter
 * would refuse that.) In one process the schedule lives in memory; in a cluster it lives in Redis and a
 * script reads Redis's clock, so workers on several machines agree.
 */
import type { RedisClient } from '../bus/redis-client.ts';
import { CCXT_RATE_LIMIT_MS } from './ccxt-exchanges.ts';

export interface RequestLimiter {
  /** Resolves when a request of `cost` units to `exchange` may start. */
  throttle(exchange: string, cost: number): Promise<void>;
}

export interface RequestLimiterOptions {
  /** Milliseconds one cost unit takes, by exchange id (default: ccxt's `rateLimit` of the exchange). */
  msPerCost?: Record<string, number>;
  /** Told of each reservation: its start, in the limiter's clock (epoch ms). For tests and benchmarks. */
  onReserve?: (exchange: string, startAt: number, cost: number) => void;
}

/** Pace for exchanges ccxt does not name. */
const FALLBACK_MS_PER_COST = 1_000;

export function msPerCost(exchange: string, overrides: Record<string, number> | undefined): number {
  return overrides?.[exchange] ?? CCXT_RATE_LIMIT_MS[exchange] ?? FALLBACK_MS_PER_COST;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A schedule kept in this process. */
export function createMemoryRequestLimiter(options: RequestLimiterOptions = {}): RequestLimiter {
  const next = new Map<string, number>();
  return {
    async throttle(exchange, cost) {
      const now = Date.now();
      const start = Math.max(now, next.get(exchange) ?? 0);
      next.set(exchange, start + Math.max(0, cost) * msPerCost(exchange, options.msPerCost));
      options.onReserve?.(exchange, start, cost);
      if (start > now) await sleep(start - now);
    },
  };
}

/**
 * Reserves the next start of KEYS[1] by Redis's clock; ARGV[1] is the milliseconds the request takes
 * from the schedule, rounded up to whole milliseconds (Lua prints numbers with 14 digits, which an epoch
 * in milliseconds with a fraction would exceed). Returns { start, wait } in milliseconds. The key expires
 * once its schedule is past.
 */
const RESERVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextAt = tonumber(redis.call('GET', KEYS[1]) or '0')
local start = math.max(now, nextAt)
local after = start + math.ceil(tonumber(ARGV[1]))
redis.call('SET', KEYS[1], tostring(after), 'PX', math.max(1000, math.ceil(after - now) + 1000))
return { tostring(start), tostring(start - now) }
`;

export interface RedisRequestLimiterOptions extends RequestLimiterOptions {
  client: RedisClient;
  /** Key prefix (default `coinpace:exchange-pace:`), one key per exchange. */
  prefix?: string;
  /** Told when Redis cannot answer; the request then takes this process's own schedule. */
  onError?: (err: Error) => void;
}

/**
 * A schedule every process shares through Redis. While Redis cannot answer, each process paces itself
 * alone (the cluster may then exceed the pace; the exchanges' rate-limit replies are retried later).
 */
export function createRedisRequestLimiter(options: RedisRequestLimiterOptions): RequestLimiter {
  const prefix = options.prefix ?? 'coinpace:exchange-pace:';
  const fallback = createMemoryRequestLimiter(options);
  return {
    async throttle(exchange, cost) {
      const spend = Math.max(0, cost) * msPerCost(exchange, options.msPerCost);
      let reply: unknown;
      try {
        reply = await options.client.eval(RESERVE_SCRIPT, {
          keys: [prefix + exchange],
          arguments: [String(spend)],
        });
      } catch (err) {
        options.onError?.(err as Error);
        return fallback.throttle(exchange, cost);
      }
      const [start, wait] = (reply as string[]).map(Number);
      options.onReserve?.(exchange, start ?? 0, cost);
      if (wait !== undefined && wait > 0) await sleep(wait);
    },
  };
}
