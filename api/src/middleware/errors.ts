import { AppError, ERROR_CATALOGUE, type ErrorBody } from '@coinpace/domain';
import type { Middleware } from 'koa';
import type { AppState } from '../context.ts';

/**
 * Renders every error as JSON `{error, code, details?}` with the right status (DESIGN.md section 4).
 * A 4xx shows its message; anything else becomes a generic 500, logged with the request id.
 */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        throw new AppError('NOT_FOUND', { message: `No route for ${ctx.method} ${ctx.path}` });
      }
    } catch (caught) {
      const error = toAppError(caught);
      if (error.status >= 500) {
        ctx.state.log?.error({ err: caught, requestId: ctx.state.requestId }, 'request failed');
      }
      ctx.status = error.status;
      if (error.retryAfter !== undefined) ctx.set('Retry-After', String(Math.ceil(error.retryAfter)));
      const body: ErrorBody = error.toBody();
      ctx.body = body;
    }
  };
}

/** Maps AppError as is, http-errors from Koa and its body parser by status, anything else to INTERNAL. */
export function toAppError(caught: unknown): AppError {
  if (caught instanceof AppError) return caught;
  const status = (caught as { status?: unknown })?.status;
  const expose = (caught as { expose?: unknown })?.expose === true;
  const message = caught instanceof Error ? caught.message : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
    if (status === 401) return new AppError('BAD_TOKEN');
    if (status === 403) return new AppError('FORBIDDEN');
    if (status === 404) return new AppError('NOT_FOUND');
    if (status === 429) return new AppError('RATE_LIMITED');
    if (caught instanceof SyntaxError || (caught as { type?: unknown })?.type === 'entity.parse.failed')
      return new AppError('BAD_REQUEST', { message: 'The request body is not valid JSON.' });
    return new AppError('BAD_REQUEST', {
      message: expose && message ? message : ERROR_CATALOGUE.BAD_REQUEST.message,
    });
  }
  return new AppError('INTERNAL', { cause: caught });
}
