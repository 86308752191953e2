import type { Middleware } from 'koa';
import { Histogram, type Registry } from 'prom-client';
import { isApiPath } from '../api-path.ts';
import type { AppState } from '../context.ts';

/** Records request durations by method, matched route and status into `registry`. */
export function httpMetrics(registry: Registry): Middleware<AppState> {
  const histogram = new Histogram({
    name: 'coinpace_http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return async (ctx, next) => {
    const end = histogram.startTimer();
    try {
      await next();
    } finally {
      // The route pattern, not the raw path, keeps label cardinality bounded.
      const route =
        (ctx as { _matchedRoute?: string })._matchedRoute ?? (isApiPath(ctx.path) ? 'unmatched' : 'static');
      end({ method: ctx.method, route, status: String(ctx.status) });
    }
  };
}
