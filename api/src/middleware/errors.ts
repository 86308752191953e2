import { JobQueueUnavailableError } from '@coinpace/adapters';
import { isDatabaseUnavailable } from '@coinpace/db';
import { AppError, ERROR_CATALOGUE, type ErrorBody } from '@coinpace/domain';
import type { Context, Middleware } from 'koa';
import { isApiPath } from '../api-path.ts';
import type { AppState } from '../context.ts';

/**
 * Renders every error as JSON `{error, code, details?}` with the right status (DESIGN.md section 4).
 * A 4xx shows its message; anything else becomes a generic 500, logged with the request id.
 * The bare statuses the router leaves without a body (405 with its Allow header, 501 for a method no
 * route knows, and 404 under /api) get a JSON body too, not Koa's plain-text status line.
 */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      const unanswered = unansweredError(ctx);
      if (unanswered) throw unanswered;
    } catch (caught) {
      const error = toAppError(caught);
      if (error.code === 'TEMPORARILY_UNAVAILABLE') {
        ctx.state.log?.warn({ err: caught, requestId: ctx.state.requestId }, 'database unavailable');
      } else if (error.code === 'IMPORTS_UNAVAILABLE') {
        // An outage of Redis, not a fault to trace in the request: a warn line without a stack.
        ctx.state.log?.warn({ requestId: ctx.state.requestId }, 'job queue unavailable');
      } else if (error.status >= 500 && !NOT_ERROR_LINES.has(error.code)) {
        ctx.state.log?.error({ err: caught, requestId: ctx.state.requestId }, 'request failed');
      }
      ctx.status = error.status;
      if (error.retryAfter !== undefined) ctx.set('Retry-After', String(Math.ceil(error.retryAfter)));
      const body: ErrorBody = error.toBody();
      ctx.body = body;
    }
  };
}

/**
 * 5xx answers that are not written as error lines: a method no route knows (the client's doing), and a
 * full password-hashing queue (the sign-in guard logs those at warn once a minute; a flood would
 * otherwise write an error line with a stack per request).
 */
const NOT_ERROR_LINES: ReadonlySet<string> = new Set(['NOT_IMPLEMENTED', 'SIGN_IN_BUSY']);

/** The error for a response that routing left with a status and no body, if it needs one. */
function unansweredError(ctx: Context): AppError | undefined {
  if (ctx.body !== undefined && ctx.body !== null) return undefined;
  if (ctx.status === 405) {
    const allow = ctx.response.get('Allow');
    return new AppError('METHOD_NOT_ALLOWED', {
      message: `${ctx.method} is not allowed on ${ctx.path}${allow ? `; use ${allow}` : ''}.`,
    });
  }
  if (ctx.status === 501) return new AppError('NOT_IMPLEMENTED');
  if (ctx.status === 404 && isApiPath(ctx.path)) {
    return new AppError('NOT_FOUND', { message: `No route for ${ctx.method} ${ctx.path}` });
  }
  return undefined;
}

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Seconds a client is asked to wait before sending an import again while the job queue is unreachable. */
export const JOB_QUEUE_RETRY_AFTER_S = 30;

/**
 * Maps AppError as is, an unreachable database to a 503 with Retry-After, http-errors from
 * Koa and its body parser by status, anything else to INTERNAL.
 */
export function toAppError(caught: unknown): AppError {
  if (caught instanceof AppError) return caught;
  if (caught instanceof JobQueueUnavailableError) {
    return new AppError('IMPORTS_UNAVAILABLE', { retryAfter: JOB_QUEUE_RETRY_AFTER_S, cause: caught });
  }
  if (isDatabaseUnavailable(caught)) {
    return new AppError('TEMPORARILY_UNAVAILABLE', { retryAfter: DATABASE_RETRY_AFTER_S, cause: caught });
  }
  const status = (caught as { status?: unknown })?.status;
  const expose = (caught as { expose?: unknown })?.expose === true;
  const message = caught instanceof Error ? caught.message : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
    if (status === 401) return new AppError('BAD_TOKEN');
    if (status === 403) return new AppError('FORBIDDEN');
    if (status === 404) return new AppError('NOT_FOUND');
    if (status === 405) return new AppError('METHOD_NOT_ALLOWED');
    if (status === 429) return new AppError('RATE_LIMITED');
    if (caught instanceof SyntaxError || (caught as { type?: unknown })?.type === 'entity.parse.failed')
      return new AppError('BAD_REQUEST', { message: 'The request body must be a JSON object.' });
    return new AppError('BAD_REQUEST', {
      message: expose && message ? message : ERROR_CATALOGUE.BAD_REQUEST.message,
    });
  }
  if (status === 501) return new AppError('NOT_IMPLEMENTED');
  return new AppError('INTERNAL', { cause: caught });
}
