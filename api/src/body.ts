import { bodyParser } from '@koa/bodyparser';
import { AppError } from '@coinpace/domain';
import type { Middleware } from 'koa';

/**
 * Refuses a request body that is not JSON. The body parser would otherwise leave it unread and the
 * route would act as if no body had been sent (a form post to delete-account deleted the account).
 */
function jsonOnly(parser: Middleware): Middleware {
  return (ctx, next) => {
    const length = ctx.request.length ?? (ctx.get('transfer-encoding') ? 1 : 0);
    if (length > 0 && !ctx.request.is('json')) {
      throw new AppError('BAD_REQUEST', {
        message: 'The request body must be JSON, sent with Content-Type: application/json.',
      });
    }
    return parser(ctx, next);
  };
}

/** JSON bodies up to 1 MB (a 1,000-item bulk import is about 200 kB); larger ones get 413. */
export const jsonBody = () =>
  jsonOnly(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' }));

/** JSON bodies on DELETE too (SPEC.md's delete-account sends one), small ones only. */
export const jsonBodyAnyMethod = () =>
  jsonOnly(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '16kb',
      encoding: 'utf-8',
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    }),
  );

/** The parsed JSON body, or {} when there was none. */
export function bodyOf(ctx: { request: { body?: unknown } }): unknown {
  return ctx.request.body ?? {};
}
