import path from 'node:path';
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
import { systemRoutes } from './features/system/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { errorHandler } from './middleware/errors.ts';
import { httpMetrics } from './middleware/metrics.ts';
import { requestContext, securityHeaders } from './middleware/request-context.ts';
import { serveWebApp } from './static.ts';

/** Builds the Koa app from its dependencies; no I/O until a request arrives. */
export function createApp(deps: ApiDeps): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: deps.config.nodeEnv === 'production' });
  app.silent = true;

  app.use(requestContext(deps.logger));
  app.use(securityHeaders());
  app.use(httpMetrics(deps.metrics));
  if (deps.webDist) app.use(serveWebApp(path.resolve(deps.webDist)));
  app.use(errorHandler());
  app.use(requireSitePassword(deps.config.sitePassword));

  for (const router of [
    systemRoutes(deps),
    sitePasswordRoutes(deps),
    authRoutes(deps),
    userRoutes(deps),
    portfolioRoutes(deps),
    alertRoutes(deps),
    billingRoutes(deps),
    priceRoutes(deps),
    betaRoutes(deps),
    contactRoutes(deps),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
