import { AppError } from '@coinpace/domain';
import type { Middleware } from 'koa';

/**
 * Postgres text cannot hold U+0000: a NUL that reached a query failed it with a 500 (payload
 * fuzzing found `/api/billing/local-checkout/%00/cancel`). No field or id of ours ever needs one, so a
 * request carrying one is refused up front, in the path here and in JSON bodies by `hasNul`.
 */
export function refuseNulInPath(): Middleware {
  return (ctx, next) => {
    if (/%00/.test(ctx.path)) throw new AppError('BAD_REQUEST', { message: NUL_MESSAGE });
    return next();
  };
}

export const NUL_MESSAGE = 'The request may not contain the NUL character (U+0000).';

/** True when a string anywhere in `value` (keys included) holds U+0000. Iterative: bodies may nest deeply. */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
