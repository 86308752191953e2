import { AppError, BODY_LIMITS, formatBodyLimit } from '@coinpace/domain';
import type { Middleware } from 'koa';
import { NUL_MESSAGE, hasNul } from './middleware/nul-guard.ts';
import { readRawBody } from './raw-body.ts';

export { BODY_LIMITS };

/** Deepest nesting of arrays and objects a body may have; no payload of ours goes past 4. */
export const MAX_JSON_DEPTH = 16;

declare module 'koa' {
  interface Request {
    /** The JSON body {@link jsonBody} read, when the route reads one. */
    body?: unknown;
  }
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

export interface JsonBodyOptions {
  /** Largest body accepted, bytes; default {@link BODY_LIMITS.standard}. */
  limit?: number;
  /** Read a body on DELETE too (SPEC.md's delete-account sends one). */
  onDelete?: boolean;
}

/**
 * Reads a JSON body into `ctx.request.body`. A body that is not JSON is refused (the route would
 * otherwise act as if none had been sent: a form post to delete-account deleted the account), so is
 * one over the limit (413) or nested deeper than {@link MAX_JSON_DEPTH} (400, checked on the text
 * before parsing, so a deep body costs one linear scan and no parse). Put rate limits before this.
 */
export function jsonBody(options: JsonBodyOptions = {}): Middleware {
  const limit = options.limit ?? BODY_LIMITS.standard;
  return async (ctx, next) => {
    const reads = METHODS_WITH_BODY.has(ctx.method) || (options.onDelete && ctx.method === 'DELETE');
    const length = ctx.request.length ?? (ctx.get('transfer-encoding') ? 1 : 0);
    if (!reads || length === 0) return next();
    if (!ctx.request.is('json')) {
      throw new AppError('BAD_REQUEST', {
        message: 'The request body must be JSON, sent with Content-Type: application/json.',
      });
    }
    let raw: Buffer;
    try {
      raw = await readRawBody(ctx.req, limit);
    } catch (error) {
      if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', {
          message: `The request body is too large: at most ${formatBodyLimit(limit)} here.`,
        });
      }
      throw error;
    }
    ctx.request.body = parseJsonObject(raw.toString('utf8'));
    if (hasNul(ctx.request.body)) throw new AppError('BAD_REQUEST', { message: NUL_MESSAGE });
    await next();
  };
}

/** The parsed JSON body, or {} when there was none. */
export function bodyOf(ctx: { request: { body?: unknown } }): unknown {
  return ctx.request.body ?? {};
}

/** Parses an object or array, refusing deep nesting before parsing; undefined for blank text. */
export function parseJsonObject(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw new AppError('BAD_REQUEST', {
      message: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object') {
    throw new AppError('BAD_REQUEST', { message: 'The request body must be a JSON object.' });
  }
  return parsed;
}

/** The deepest nesting of `[` and `{` outside strings; stops counting once it passes the maximum. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > MAX_JSON_DEPTH) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
}
