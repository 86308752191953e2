import { bodyParser } from '@koa/bodyparser';

/** JSON bodies up to 1 MB (a 1,000-item bulk import is about 200 kB); larger ones get 413. */
export const jsonBody = () => bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' });

/** The parsed JSON body, or {} when there was none. */
export function bodyOf(ctx: { request: { body?: unknown } }): unknown {
  return ctx.request.body ?? {};
}
