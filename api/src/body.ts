import { bodyParser } from '@koa/bodyparser';

/** JSON bodies up to 1 MB (a 1,000-item bulk import is about 200 kB); larger ones get 413. */
export const jsonBody = () => bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' });

/** JSON bodies on DELETE too (SPEC.md's delete-account sends one), small ones only. */
export const jsonBodyAnyMethod = () =>
  bodyParser({
    enableTypes: ['json'],
    jsonLimit: '16kb',
    encoding: 'utf-8',
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  });

/** The parsed JSON body, or {} when there was none. */
export function bodyOf(ctx: { request: { body?: unknown } }): unknown {
  return ctx.request.body ?? {};
}
