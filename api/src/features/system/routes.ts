import { sql } from 'drizzle-orm';
import type { PublicConfig } from '@coinpace/domain';
import type { ApiDeps } from '../../deps.ts';
import { sendJsonBytes } from '../../json-bytes.ts';
import { publicMetricsHandler } from './metrics.ts';
import { createRouter } from '../../routers.ts';

const HEALTHY = Buffer.from(JSON.stringify({ status: 'ok' }));

/**
 * Health, readiness and metrics: served by every process, whatever its ROLE. /metrics only as the
 * config says (METRICS_PORT, METRICS_TOKEN; publicMetricsAccess).
 */
export function healthRoutes({
  db,
  metrics,
  config,
}: Pick<ApiDeps, 'db' | 'metrics'> & { config: Pick<ApiDeps['config'], 'nodeEnv' | 'metrics'> }) {
  const router = createRouter();

  // Probes ask this many times a second: the same bytes every time, so they are made once.
  router.get('/healthz', (ctx) => {
    sendJsonBytes(ctx, HEALTHY);
  });

  router.get('/readyz', async (ctx) => {
    try {
      await db.execute(sql`select 1`);
      ctx.body = { status: 'ready' };
    } catch (error) {
      ctx.state.log.warn({ err: error }, 'database not ready');
      ctx.status = 503;
      ctx.body = { status: 'unavailable', error: 'database unavailable' };
    }
  });

  router.get('/metrics', publicMetricsHandler(metrics, config));

  return router;
}

/** The public runtime config (DESIGN.md section 4): part of the API. */
export function configRoutes({ config }: Pick<ApiDeps, 'config'>) {
  const router = createRouter();

  router.get('/api/config', (ctx) => {
    const body: PublicConfig = {
      identity:
        config.identity.mode === 'clerk'
          ? { mode: 'clerk', publishableKey: config.identity.publishableKey ?? null }
          : { mode: 'local' },
      maintenanceMode: config.maintenanceMode,
      sitePasswordRequired: Boolean(config.sitePassword),
      priceSource: config.prices.source,
      payments: config.payments.mode,
      supportEmail: config.mail.supportEmail,
    };
    ctx.body = body;
  });

  return router;
}
