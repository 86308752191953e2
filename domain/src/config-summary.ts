/** What may be said about a configuration: a summary safe to log, and who may read /metrics. */
import type { Config } from './config.ts';

/** A summary safe to log: which providers are on, never a secret. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    nodeEnv: config.nodeEnv,
    role: config.role,
    port: config.port,
    publicUrl: config.publicUrl,
    trustedProxyHops: config.trustedProxyHops,
    metrics: {
      port: config.metrics.port ?? null,
      token: Boolean(config.metrics.token),
      onPublicPort: publicMetricsAccess(config),
    },
    database: config.database.url ? redactUrl(config.database.url) : `pglite:${config.dataDir}`,
    bus: config.redis.url ? redactUrl(config.redis.url) : 'in-process',
    prices: config.prices.source === 'simulated' ? 'simulated' : config.prices.baseUrl,
    identity: config.identity.mode,
    payments: config.payments.mode,
    mail: config.mail.smtpUrl ? redactUrl(config.mail.smtpUrl) : 'log',
    sms: 'accountSid' in config.sms ? 'twilio' : 'log',
    sitePassword: Boolean(config.sitePassword),
    // Where the secrets key comes from and how many older keys still open records; never a key.
    secrets: {
      key: config.secrets.key ? 'SECRETS_KEY' : 'DATA_DIR',
      previous: config.secrets.previous.length,
    },
    maintenanceMode: config.maintenanceMode,
  };
}

/**
 * How the public port (PORT) answers `/metrics`: `open` to anyone (outside production, no setting),
 * `token` to the metrics token only, `off` as if there were no such route (METRICS_PORT serves it, or
 * production with neither setting).
 */
export function publicMetricsAccess(config: Pick<Config, 'nodeEnv' | 'metrics'>): 'open' | 'token' | 'off' {
  if (config.metrics.port !== undefined) return 'off';
  if (config.metrics.token) return 'token';
  return config.nodeEnv === 'production' ? 'off' : 'open';
}

function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
