import type { RedisClient } from '@coinpace/adapters';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** How many points a key may use per window. */
export interface LimiterOptions {
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/**
 * Makes the named rate limiters of the API. Memory keeps counts per process (one process, tests);
 * Redis shares them between every API process (DESIGN.md section 1: Redis carries shared rate limits).
 */
export type LimiterFactory = (name: string, options: LimiterOptions) => RateLimiterAbstract;

/** Limiters counted in this process only. */
export function memoryLimiters(): LimiterFactory {
  return (name, options) => new RateLimiterMemory({ keyPrefix: name, ...options });
}

/**
 * Limiters counted in Redis under `prefix` (default `coinpace:rl:`). When Redis cannot answer, an
 * in-process limiter with the same options stands in, so an outage loosens limits per process
 * instead of refusing every request.
 */
export function redisLimiters(client: RedisClient, prefix = 'coinpace:rl:'): LimiterFactory {
  return (name, options) =>
    new RateLimiterRedis({
      storeClient: client,
      useRedisPackage: true,
      keyPrefix: `${prefix}${name}`,
      ...options,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${name}-insurance`, ...options }),
    });
}

/**
 * A limiter factory that makes each named limiter once, so every caller of a name shares its counts. A
 * second caller asking the same name with other points or window is a wiring mistake (it would silently get
 * the first caller's), so it throws at start-up.
 */
export function onePerName(make: LimiterFactory): LimiterFactory {
  const made = new Map<string, { limiter: ReturnType<LimiterFactory>; points: number; duration: number }>();
  return (name, options) => {
    const known = made.get(name);
    if (!known) {
      const limiter = make(name, options);
      made.set(name, { limiter, points: options.points, duration: options.duration });
      return limiter;
    }
    if (known.points !== options.points || known.duration !== options.duration) {
      throw new Error(
        `rate limiter '${name}' asked for ${options.points} per ${options.duration} s, ` +
          `but it was made with ${known.points} per ${known.duration} s`,
      );
    }
    return known.limiter;
  };
}
