/**
 * The users' share of the CoinGecko quota (DESIGN.md section 9: the live price poll's share can never be
 * spent by user-driven look-ups). Every upstream call a request causes (a proxy miss, a search fallback,
 * pricing search hits, a contract look-up, a forced update) first takes one token of this share; when
 * none is left the call is not made and the request is answered as if upstream were rate limited. The
 * poller never takes from it, so however many requests arrive, the poll's share stays whole.
 *
 * A token bucket: `burst` tokens at most, refilled at a steady rate, sized so that no window of `perMs`
 * ever holds more than `calls` user-driven calls (burst + refill over the window = calls). In one process
 * the bucket is kept in memory; in a cluster it is kept in Redis, so every API process draws from one
 * bucket and the share does not grow with the number of processes.
 */
import type { RedisClient } from '../bus/redis-client.ts';
import type { PriceLogger } from './logger.ts';

/** At most `calls` user-driven upstream calls in any `perMs` milliseconds. */
export interface UserShare {
  calls: number;
  perMs: number;
}

/** What taking a token answered: taken, or refused with when the next token is due (epoch ms). */
export type BudgetAnswer = { ok: true } | { ok: false; nextTokenAt: number };

/** The users' share of the upstream quota; see the file comment. */
export interface UpstreamBudget {
  /** Takes one token. Never rejects: a store that cannot answer refuses (the poll's share comes first). */
  take(): Promise<BudgetAnswer>;
}

/** The bucket of a share: its size and its refill rate in tokens per millisecond. */
export interface BucketShape {
  burst: number;
  perMs: number;
  refillPerMs: number;
}

/**
 * The bucket that keeps `share`: a burst of a third of the calls (at least one) and the rest refilled
 * over the window, so burst + refill per window = calls. A share of 1 refills one token per window
 * (two calls can then fall in one window); a share of 0 refuses every call.
 */
export function bucketShape(share: UserShare): BucketShape {
  const calls = Math.max(0, Math.floor(share.calls));
  if (calls === 0) return { burst: 0, perMs: share.perMs, refillPerMs: 0 };
  const burst = Math.max(1, Math.floor(calls / 3));
  return { burst, perMs: share.perMs, refillPerMs: Math.max(1, calls - burst) / share.perMs };
}

/** A bucket's state: tokens held at time `at` (epoch ms). */
export interface BucketState {
  tokens: number;
  at: number;
}

/**
 * Takes one token from a bucket in `state` at `now`: the new state and whether a token was taken, else
 * when the next one is due. Pure; the memory bucket and the Redis script apply the same arithmetic.
 */
export function takeToken(
  shape: BucketShape,
  state: BucketState | undefined,
  now: number,
): { state: BucketState; answer: BudgetAnswer } {
  const before = state ?? { tokens: shape.burst, at: now };
  const tokens = Math.min(shape.burst, before.tokens + Math.max(0, now - before.at) * shape.refillPerMs);
  if (tokens >= 1) return { state: { tokens: tokens - 1, at: now }, answer: { ok: true } };
  const wait = shape.refillPerMs > 0 ? Math.ceil((1 - tokens) / shape.refillPerMs) : shape.perMs;
  return { state: { tokens, at: now }, answer: { ok: false, nextTokenAt: now + wait } };
}

/** A bucket kept in this process (one process, or tests). `now`: epoch ms, default Date.now. */
export function createMemoryUpstreamBudget(share: UserShare, now: () => number = Date.now): UpstreamBudget {
  const shape = bucketShape(share);
  let state: BucketState | undefined;
  return {
    async take() {
      const taken = takeToken(shape, state, now());
      state = taken.state;
      return taken.answer;
    },
  };
}

/** Every token taken; the budget of a test, or of a source that has no users (the poller role). */
export const UNLIMITED_BUDGET: UpstreamBudget = { take: async () => ({ ok: true }) };

/**
 * The same arithmetic as takeToken, atomically in Redis, on the Redis server's clock so that every
 * process reads one time. Returns 0 when a token was taken, else the milliseconds until the next.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1])
local at = tonumber(held[2])
if tokens == nil or at == nil then tokens = burst; at = now end
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
elseif rate > 0 then
  wait = math.ceil((1 - tokens) / rate)
else
  wait = tonumber(ARGV[3])
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return wait
`;

/** Settings of the Redis bucket. */
export interface RedisBudgetOptions {
  client: RedisClient;
  /** The bucket's key, e.g. `coinpace:upstream:user-share`. */
  key: string;
  share: UserShare;
  logger: PriceLogger;
  /** Epoch ms, for refusals while Redis cannot answer. Default Date.now. */
  now?: () => number;
}

/** How long a refusal for a Redis failure asks callers to wait, and how often such failures are logged. */
const REDIS_DOWN_RETRY_MS = 10_000;

/**
 * A bucket every process shares through Redis. While Redis cannot answer, every user-driven call is
 * refused rather than counted per process: N processes guessing on their own could spend N shares.
 */
export function createRedisUpstreamBudget(options: RedisBudgetOptions): UpstreamBudget {
  const shape = bucketShape(options.share);
  const now = options.now ?? Date.now;
  // Kept at least a window past its last use, so an idle bucket refills and then goes away.
  const ttlMs = String(Math.max(60_000, 2 * shape.perMs));
  let lastLoggedAt = Number.NEGATIVE_INFINITY;
  return {
    async take() {
      try {
        const wait = Number(
          await options.client.eval(TAKE_SCRIPT, {
            keys: [options.key],
            arguments: [String(shape.burst), String(shape.refillPerMs), ttlMs],
          }),
        );
        return wait <= 0 ? { ok: true } : { ok: false, nextTokenAt: now() + wait };
      } catch (err) {
        if (now() - lastLoggedAt >= REDIS_DOWN_RETRY_MS) {
          lastLoggedAt = now();
          options.logger.warn(
            { err: (err as Error).message },
            'upstream user share unreadable in Redis; user-driven CoinGecko calls refused meanwhile',
          );
        }
        return { ok: false, nextTokenAt: now() + REDIS_DOWN_RETRY_MS };
      }
    },
  };
}
