import { randomUUID } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
import type { Registry } from 'prom-client';
import { isApiPath } from '../api-path.ts';
import type { AppState } from '../context.ts';
import type { Logger } from '../logger.ts';
import { requestDurations } from './metrics.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * A request's state. Its child logger is made on first use: most requests (health checks, the web
 * app, every successful read) never log, and a pino child costs more than the rest of a trivial request.
 */
class RequestState implements AppState {
  identity?: AppState['identity'];
  user?: AppState['user'];
  #log?: Logger;
  constructor(
    private readonly root: Logger,
    readonly requestId: string,
  ) {}
  get log(): Logger {
    return (this.#log ??= this.root.child({ requestId: this.requestId }));
  }
  set log(log: Logger) {
    this.#log = log;
  }
}

/**
 * The first middleware of every app, in one frame: gives each request an id (kept from X-Request-Id
 * when sane) and a logger, sets the security headers, records the duration in `metrics` (when given),
 * and writes the access log line of /api requests.
 */
export function requestContext(
  logger: Logger,
  options: { metrics?: Registry; hsts?: boolean } = {},
): Middleware<AppState> {
  const observe = options.metrics ? requestDurations(options.metrics) : undefined;
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state = new RequestState(logger, requestId);
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const api = isApiPath(ctx.path);
      setSecurityHeaders(ctx, api, options.hsts ?? false);
      const ms = performance.now() - started;
      observe?.(ctx, api, ms);
      if (api) {
        logger.info(
          { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms) },
          'request',
        );
      }
    }
  };
}

/** HSTS for a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Conservative security headers for every response; API answers are never cached. With `hsts` (in
 * production, behind TLS) a browser that has seen the site once never asks over plain HTTP again.
 */
export function setSecurityHeaders(ctx: ParameterizedContext<AppState>, api: boolean, hsts: boolean): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  ctx.set('X-Frame-Options', 'DENY');
  if (hsts) ctx.set('Strict-Transport-Security', HSTS);
  if (api) ctx.set('Cache-Control', 'no-store');
}
