import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@coinpace/domain';
import type { Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { normaliseApiPath } from '../../api-path.ts';
import type { AppState } from '../../context.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';

/** The header the browser sends the site password in (DESIGN.md section 4). */
export const SITE_PASSWORD_HEADER = 'x-site-password';

/** /api paths open without the site password: the check itself, the runtime config, Stripe's webhook. */
const OPEN_PATHS = new Set(['/api/check-password', '/api/config', '/api/billing/webhook']);

/**
 * The browser's EventSource cannot set headers, so the price stream alone may carry the password as
 * the `sitePassword` query parameter (never logged: the access log records the path only).
 */
const QUERY_PATHS = new Set(['/api/prices/stream']);

/**
 * Compares a given password with the configured one in constant time. Both sides are hashed first, so
 * neither the content nor the length of the secret shows in the timing.
 */
export function sitePasswordMatches(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(given, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * Requires the site password on every /api call except {@link OPEN_PATHS} when `password` is set:
 * missing gives 403 'Site password required', wrong gives 403 'Invalid password' and counts one
 * failure of `failures` for the address (past its limit: 429). Without a
 * password configured it does nothing.
 */
export function requireSitePassword(
  password: string | undefined,
  failures?: RateLimiterAbstract,
): Middleware<AppState> {
  if (!password) return (_ctx, next) => next();
  return async (ctx, next) => {
    // Routing ignores case and decodes, so the gate looks at the path the same way.
    const path = normaliseApiPath(ctx.path);
    if (!(path === '/api' || path.startsWith('/api/')) || OPEN_PATHS.has(path)) return next();
    let given = ctx.get(SITE_PASSWORD_HEADER);
    if (!given && QUERY_PATHS.has(path)) {
      const fromQuery = ctx.query.sitePassword;
      given = typeof fromQuery === 'string' ? fromQuery : '';
    }
    if (!given) {
      throw new AppError('SITE_PASSWORD_REQUIRED', {
        message: 'Site password required: send it in the X-Site-Password header.',
      });
    }
    // Guesses in the header count with those at /api/check-password; while an
    // address is blocked even the right password waits, or the 429 itself would tell a guess apart.
    const key = clientKeyOf(ctx);
    const used = await failures?.get(key);
    if (used && used.remainingPoints <= 0) {
      throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, used.msBeforeNext / 1000) });
    }
    if (!sitePasswordMatches(password, given)) {
      await failures?.penalty(key, 1);
      throw new AppError('SITE_PASSWORD_INVALID');
    }
    await next();
  };
}
