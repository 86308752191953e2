import type { Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  AppError,
  SITE_PASSWORD_GUESS_LIMIT,
  ZCheckPassword,
  parseOrThrow,
  type CheckPasswordResult,
} from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import type { ApiDeps } from '../../deps.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { sitePasswordMatches } from './gate.ts';
import { createRouter } from '../../routers.ts';

/**
 * Wrong site passwords allowed per address before POST /api/check-password answers 429; the header gate
 * and the Socket.IO handshake count into the same limiter (limiter name `check-password`).
 */
export const CHECK_PASSWORD_LIMIT = SITE_PASSWORD_GUESS_LIMIT;

/**
 * POST /api/check-password `{password}` -> `{success: true}`, or 403 'Invalid password'. Wrong
 * guesses are counted per address (shared through Redis when configured); past the limit every
 * attempt gets 429 with Retry-After until the window ends.
 */
export function sitePasswordRoutes(
  { config, limiters = memoryLimiters() }: ApiDeps,
  failures: RateLimiterAbstract = limiters('check-password', CHECK_PASSWORD_LIMIT),
) {
  const router = createRouter();

  // The count is checked before the body is read.
  const notBlocked: Middleware<AppState> = async (ctx, next) => {
    const used = await failures.get(clientKeyOf(ctx));
    if (used && used.remainingPoints <= 0) {
      throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, used.msBeforeNext / 1000) });
    }
    await next();
  };

  router.post('/api/check-password', notBlocked, jsonBody({ limit: BODY_LIMITS.auth }), async (ctx) => {
    const key = clientKeyOf(ctx);
    const { password } = parseOrThrow(ZCheckPassword, bodyOf(ctx));
    if (config.sitePassword && !sitePasswordMatches(config.sitePassword, password)) {
      await failures.penalty(key, 1);
      throw new AppError('SITE_PASSWORD_INVALID');
    }
    ctx.body = { success: true } satisfies CheckPasswordResult;
  });

  return router;
}
