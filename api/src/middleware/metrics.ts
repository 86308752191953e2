import type { ParameterizedContext } from 'koa';
import { Histogram, type Registry } from 'prom-client';
import type { AppState } from '../context.ts';

type Observe = (ctx: ParameterizedContext<AppState>, api: boolean, ms: number) => void;

/**
 * Registers the request-duration histogram (by method, matched route and status) in `registry` and
 * returns what records one request. Each label set's child is looked up once, not hashed per request.
 */
export function requestDurations(registry: Registry): Observe {
  const histogram = new Histogram({
    name: 'coinpace_http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const children = new Map<string, { observe(seconds: number): void }>();
  return (ctx, api, ms) => {
    // The route pattern, not the raw path, keeps label cardinality bounded.
    const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? (api ? 'unmatched' : 'static');
    const status = String(ctx.status);
    const key = `${ctx.method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = histogram.labels({ method: ctx.method, route, status });
      children.set(key, child);
    }
    child.observe(ms / 1000);
  };
}
