import { AppError } from '@coinpace/domain';
import type { Middleware } from 'koa';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppState } from '../context.ts';

/**
 * Consumes one point per request from `limiter` under `key(ctx)`; past the limit answers 429 with
 * Retry-After. The limiter is passed in: memory for one process, Redis when several share the load.
 */
export function rateLimit(
  limiter: RateLimiterAbstract,
  key: (ctx: { ip: string; state: AppState }) => string,
): Middleware<AppState> {
  return async (ctx, next) => {
    await consumePoint(limiter, key(ctx));
    await next();
  };
}

/** Consumes one point of `key` inside a handler (after validation, say); past the limit throws 429. */
export async function consumePoint(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, rejection.msBeforeNext / 1000) });
    }
    throw rejection;
  }
}
