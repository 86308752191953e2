import Router from '@koa/router';
import { AppError, ZCheckPassword, parseOrThrow, type CheckPasswordResult } from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { sitePasswordMatches } from './gate.ts';

/** Wrong site passwords allowed per address before POST /api/check-password answers 429. */
export const CHECK_PASSWORD_LIMIT = { points: 10, duration: 15 * 60 } as const;

/**
 * POST /api/check-password `{password}` -> `{success: true}`, or 403 'Invalid password'. Wrong
 * guesses are counted per address (shared through Redis when configured); past the limit every
 * attempt gets 429 with Retry-After until the window ends.
 */
export function sitePasswordRoutes({ config, limiters = memoryLimiters() }: ApiDeps) {
  const router = new Router<AppState>();
  const failures = limiters('check-password', CHECK_PASSWORD_LIMIT);

  router.post('/api/check-password', jsonBody(), async (ctx) => {
    const key = ctx.ip;
    const used = await failures.get(key);
    if (used && used.remainingPoints <= 0) {
      throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, used.msBeforeNext / 1000) });
    }
    const { password } = parseOrThrow(ZCheckPassword, bodyOf(ctx));
    if (config.sitePassword && !sitePasswordMatches(config.sitePassword, password)) {
      await failures.penalty(key, 1);
      throw new AppError('SITE_PASSWORD_INVALID');
    }
    ctx.body = { success: true } satisfies CheckPasswordResult;
  });

  return router;
}
