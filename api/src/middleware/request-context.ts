import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { isApiPath } from '../api-path.ts';
import type { AppState } from '../context.ts';
import type { Logger } from '../logger.ts';

/** Gives each request an id (kept from X-Request-Id when sane), a child logger, and an access log line. */
export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (isApiPath(ctx.path)) {
        ctx.state.log.info(
          {
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
      }
    }
  };
}

/** Conservative security headers for every response. */
export function securityHeaders(): Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    if (isApiPath(ctx.path)) ctx.set('Cache-Control', 'no-store');
  };
}
