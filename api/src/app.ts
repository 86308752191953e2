import path from 'node:path';
import type Router from '@koa/router';
import Koa from 'koa';
import type { AppState } from './context.ts';
import type { ApiDeps } from './deps.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { betaRoutes } from './features/beta/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { portfolioRoutes } from './features/portfolio/routes.ts';
import { priceRoutes } from './features/prices/routes.ts';
import { requireSitePassword } from './features/site-password/gate.ts';
import { sitePasswordRoutes } from './features/site-password/routes.ts';
import { configRoutes, healthRoutes } from './features/system/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { errorHandler } from './middleware/errors.ts';
import { httpMetrics } from './middleware/metrics.ts';
import { requestContext, securityHeaders } from './middleware/request-context.ts';
import { serveWebApp } from './static.ts';

/** Builds the Koa app from its dependencies; no I/O until a request arrives. */
export function createApp(deps: ApiDeps): Koa<AppState> {
  const app = baseApp(deps);
  if (deps.webDist) app.use(serveWebApp(path.resolve(deps.webDist)));
  app.use(errorHandler());
  app.use(requireSitePassword(deps.config.sitePassword));
  useRouters(app, [
    healthRoutes(deps),
    configRoutes(deps),
    sitePasswordRoutes(deps),
    authRoutes(deps),
    userRoutes(deps),
    portfolioRoutes(deps),
    alertRoutes(deps),
    billingRoutes(deps),
    priceRoutes(deps),
    betaRoutes(deps),
    contactRoutes(deps),
  ]);
  return app;
}

/** What a process without the API still serves. */
export type OpsDeps = Pick<ApiDeps, 'db' | 'metrics' | 'logger'> & {
  config: Pick<ApiDeps['config'], 'nodeEnv'>;
};

/**
 * The HTTP app of a process that does not run the API (ROLE=gateway, poller or worker, DESIGN.md
 * section 1): `/healthz`, `/readyz` and `/metrics` only; anything under /api is a JSON 404, so a
 * request routed to the wrong process says so. The gateway attaches Socket.IO to the same server.
 */
export function createOpsApp(deps: OpsDeps): Koa<AppState> {
  const app = baseApp(deps);
  app.use(errorHandler());
  useRouters(app, [healthRoutes(deps)]);
  return app;
}

function baseApp({ config, logger, metrics }: Pick<OpsDeps, 'config' | 'logger' | 'metrics'>) {
  const app = new Koa<AppState>({ proxy: config.nodeEnv === 'production' });
  app.silent = true;
  app.use(requestContext(logger));
  app.use(securityHeaders());
  app.use(httpMetrics(metrics));
  return app;
}

function useRouters(app: Koa<AppState>, routers: Router<AppState>[]): void {
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
}
