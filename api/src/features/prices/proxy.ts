/**
 * GET /api/coingecko/... (SPEC.md section 7): a cached, rate-limited proxy that forwards only the routes
 * SPEC.md lists (simple/price, simple/token_price/{chain}, coins/markets, search) with their known query
 * parameters, through the process's one price source (its limiter, 429 lock, timeouts and API key).
 */
import { matchProxyRoute, type PriceSource } from '@coinpace/adapters';
import { AppError } from '@coinpace/domain';
import type { Middleware } from 'koa';
import type { AppState } from '../../context.ts';
import { TtlCache } from './ttl-cache.ts';

/** How long an answer is served from the cache: the ticker refreshes at most once a minute (SPEC.md section 9). */
export const PROXY_CACHE_TTL_MS = 60_000;
/** Distinct requests cached. */
export const PROXY_CACHE_ENTRIES = 500;

const PREFIX = '/api/coingecko';

export interface ProxyOptions {
  prices: PriceSource;
  now?: () => number;
}

/** The proxy route handler (mount at `/api/coingecko/{*path}`). */
export function coingeckoProxy({ prices, now = Date.now }: ProxyOptions): Middleware<AppState> {
  const cache = new TtlCache<{ status: number; body: unknown }>(PROXY_CACHE_TTL_MS, PROXY_CACHE_ENTRIES);
  return async (ctx) => {
    const path = ctx.path.slice(PREFIX.length);
    const query = new URLSearchParams(ctx.querystring);
    const match = matchProxyRoute(path, query);
    if (!match.ok) {
      throw new AppError(match.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', { message: match.error });
    }
    const key = `${match.route.path}?${match.route.query.toString()}`;
    const hit = cache.get(key, now());
    if (hit) {
      ctx.set('X-Cache', 'HIT');
      ctx.status = hit.status;
      ctx.body = hit.body;
      return;
    }
    const answer = await prices.proxy(match.route.path, match.route.query);
    if (answer.status === 429) {
      const message = (answer.body as { error?: unknown })?.error;
      throw new AppError('RATE_LIMITED', {
        message: typeof message === 'string' ? message : undefined,
        retryAfter: answer.retryAfterSeconds,
      });
    }
    if (answer.status >= 500) {
      const message = (answer.body as { error?: unknown })?.error;
      throw new AppError('UNAVAILABLE', { message: typeof message === 'string' ? message : undefined });
    }
    if (answer.status === 200) cache.set(key, { status: answer.status, body: answer.body }, now());
    ctx.set('X-Cache', 'MISS');
    ctx.status = answer.status;
    ctx.body = answer.body;
  };
}
