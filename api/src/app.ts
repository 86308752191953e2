import path from 'node:path';
import type Router from '@koa/router';
import Koa from 'koa';
import type { AppState } from './context.ts';
import type { ApiDeps } from './deps.ts';
import { alertDestinationRoutes } from './features/alert-destinations/routes.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { betaRoutes } from './features/beta/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { exchangeAccountRoutes } from './features/exchange-accounts/routes.ts';
import { walletRoutes } from './features/wallets/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { portfolioRoutes } from './features/portfolio/routes.ts';
import { priceRoutes } from './features/prices/routes.ts';
import { referenceRoutes } from './features/reference/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { requireSitePassword } from './features/site-password/gate.ts';
import { CHECK_PASSWORD_LIMIT, sitePasswordRoutes } from './features/site-password/routes.ts';
import { memoryLimiters } from './middleware/limiters.ts';
import { metricsHandler } from './features/system/metrics.ts';
import { configRoutes, healthRoutes } from './features/system/routes.ts';
import { createOutgoingCodes } from './features/users/outgoing-codes.ts';
import { userRoutes } from './features/users/routes.ts';
import { errorHandler } from './middleware/errors.ts';
import { refuseNulInPath } from './middleware/nul-guard.ts';
import { requestContext } from './middleware/request-context.ts';
import { routeThrough, createRouter } from './routers.ts';
import { serveWebApp } from './static.ts';

/** Builds the Koa app from its dependencies; no I/O until a request arrives. */
export function createApp(deps: ApiDeps): Koa<AppState> {
  const app = baseApp(deps);
  if (deps.webDist) {
    const clerk = deps.config.identity.mode === 'clerk' ? deps.config.identity.publishableKey : undefined;
    app.use(serveWebApp(path.resolve(deps.webDist), { clerkPublishableKey: clerk }));
  }
  app.use(errorHandler());
  // One counter of wrong site passwords, whether guessed at /api/check-password or in the header.
  const sitePasswordFailures = (deps.limiters ?? memoryLimiters())('check-password', CHECK_PASSWORD_LIMIT);
  // One set of caps on codes sent to prove an address, whether verification or sign-up sends them.
  const codes = createOutgoingCodes({ ...deps, limiters: deps.limiters ?? memoryLimiters() });
  app.use(requireSitePassword(deps.config.sitePassword, sitePasswordFailures));
  app.use(refuseNulInPath());
  useRouters(app, [
    healthRoutes(deps),
    configRoutes(deps),
    sitePasswordRoutes(deps, sitePasswordFailures),
    authRoutes(deps, codes),
    userRoutes(deps, codes),
    portfolioRoutes(deps),
    exchangeAccountRoutes(deps),
    walletRoutes(deps),
    reportRoutes(deps),
    alertRoutes(deps),
    alertDestinationRoutes(deps),
    billingRoutes(deps),
    priceRoutes(deps),
    betaRoutes(deps),
    contactRoutes(deps),
    referenceRoutes(),
  ]);
  return app;
}

/** What a process without the API still serves. */
export type OpsDeps = Pick<ApiDeps, 'db' | 'metrics' | 'logger'> & {
  config: Pick<ApiDeps['config'], 'nodeEnv' | 'trustedProxyHops' | 'metrics'>;
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

/**
 * The app of METRICS_PORT: `/metrics` only (to the bearer of METRICS_TOKEN when it is set), on a port
 * that stays off the proxy.
 */
export function createMetricsApp(deps: OpsDeps): Koa<AppState> {
  // Scrapes are not requests of the process's own: the public app records those.
  const app = baseApp({ config: deps.config, logger: deps.logger });
  app.use(errorHandler());
  const router = createRouter();
  const token = deps.config.metrics.token;
  router.get('/metrics', metricsHandler(deps.metrics, token ? 'token' : 'open', token));
  useRouters(app, [router]);
  return app;
}

function baseApp({
  config,
  logger,
  metrics,
}: Pick<OpsDeps, 'config' | 'logger'> & { metrics?: OpsDeps['metrics'] }) {
  // X-Forwarded-For is counted from the right: only the entries our own proxies appended are trusted,
  // the client writes whatever it likes to the left of them.
  const hops = config.trustedProxyHops;
  const app = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true;
  app.use(requestContext(logger, { metrics, hsts: config.nodeEnv === 'production' }));
  return app;
}

function useRouters(app: Koa<AppState>, routers: Router<AppState>[]): void {
  app.use(routeThrough(routers));
}
