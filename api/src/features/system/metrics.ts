import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, publicMetricsAccess, type Config } from '@coinpace/domain';
import type { Registry } from 'prom-client';
import type { AppContext } from '../../context.ts';

/**
 * The `/metrics` handler for a port that answers it with `access` (the process's
 * internals are not for anyone who finds the public port). `off` answers exactly as a path with no
 * route does; `token` wants `Authorization: Bearer <token>`.
 */
export function metricsHandler(
  metrics: Registry,
  access: 'open' | 'token' | 'off',
  token: string | undefined,
): (ctx: AppContext) => Promise<void> {
  const expected = token ? digest(token) : undefined;
  return async (ctx) => {
    if (access === 'off') {
      throw new AppError('NOT_FOUND', { message: `No route for ${ctx.method} ${ctx.path}` });
    }
    if (access === 'token' && !hasToken(ctx.get('authorization'), expected)) {
      throw new AppError('BAD_TOKEN', { message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>.' });
    }
    ctx.type = metrics.contentType;
    ctx.body = await metrics.metrics();
  };
}

/** The handler of the public port (PORT), by the config (publicMetricsAccess). */
export function publicMetricsHandler(metrics: Registry, config: Pick<Config, 'nodeEnv' | 'metrics'>) {
  return metricsHandler(metrics, publicMetricsAccess(config), config.metrics.token);
}

/** Compared as digests of equal length, so the time taken says nothing about the token. */
function hasToken(header: string, expected: Buffer | undefined): boolean {
  const given = /^Bearer (.+)$/i.exec(header)?.[1];
  return Boolean(given && expected && timingSafeEqual(digest(given), expected));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
