/**
 * `npm run cluster`'s pieces: nginx runs the compose file's own config pointed at local ports, and a
 * role that dies at start fails the start and its database is dropped. The whole cluster serving browsers
 * is e2e/specs/cluster.spec.ts.
 */
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { startCluster } from './cluster.ts';
import { NGINX_SITE_CONFIG, localSiteConfig } from './nginx.ts';

const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe('the local nginx config', () => {
  it('is the compose config with local upstream ports and listen addresses, nothing else changed', async () => {
    const compose = await readFile(NGINX_SITE_CONFIG, 'utf8');
    const local = localSiteConfig(compose, {
      listen: ['127.0.0.1:8080', '[::1]:8080'],
      upstreams: { api: 4001, 'gateway-1': 4002, 'gateway-2': 4003 },
    });
    expect(local).toContain('  server 127.0.0.1:4001;\n  keepalive 32;');
    expect(local).toMatch(/ip_hash;\n\s+server 127\.0\.0\.1:4002;\n\s+server 127\.0\.0\.1:4003;/);
    expect(local).toContain('  listen 127.0.0.1:8080;\n  listen [::1]:8080;\n');
    const undo = local
      .replace('  listen 127.0.0.1:8080;\n  listen [::1]:8080;', '  listen 80;')
      .replace('127.0.0.1:4001', 'api:3000')
      .replace('127.0.0.1:4002', 'gateway-1:3000')
      .replace('127.0.0.1:4003', 'gateway-2:3000');
    expect(undo).toBe(compose);
  });

  it('refuses a config that routes to a service the cluster has not, or misses one it has', async () => {
    const compose = await readFile(NGINX_SITE_CONFIG, 'utf8');
    expect(() =>
      localSiteConfig(compose, { listen: ['127.0.0.1:1'], upstreams: { api: 1, 'gateway-1': 2 } }),
    ).toThrow('deploy/nginx.conf names gateway-2, which the cluster has not');
    expect(() =>
      localSiteConfig(compose, {
        listen: ['127.0.0.1:1'],
        upstreams: { api: 1, 'gateway-1': 2, 'gateway-2': 3, 'gateway-3': 4 },
      }),
    ).toThrow('deploy/nginx.conf does not route to gateway-3');
  });
});

describe.runIf(serverUrl && redisUrl)('starting the cluster', () => {
  it('fails when a role dies at start, and drops the database it created', async () => {
    const lines: string[] = [];
    const said: string[] = [];
    const error = await startCluster({
      port: 0,
      postgresUrl: serverUrl,
      redisUrl,
      env: { PRICE_SOURCE: 'simulated', MAINTENANCE_MODE: 'perhaps' },
      onLine: (name, line) => lines.push(`${name} ${line}`),
      say: (line) => said.push(line),
      readyTimeoutMs: 60_000,
      // The sources, so this needs no build; the browser test runs the bundle.
      command: [process.execPath, '--import', 'tsx', 'server/src/main.ts'],
    }).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/exited before it was ready \(code 1\)/);
    // The error carries what the role printed last, so a failed start says why. Every role reads
    // the same settings, so whichever dies first (api or a numbered one) is the one named.
    expect((error as Error).message).toMatch(
      /\n {2}(api|(gateway|poller|worker)-\d)\| Invalid configuration: MAINTENANCE_MODE: MAINTENANCE_MODE must be 1 or 0/,
    );
    expect(lines.join('\n')).toContain('MAINTENANCE_MODE: MAINTENANCE_MODE must be 1 or 0');

    const database = said.join('\n').match(/database (coinpace_cluster_\w+) created/)?.[1];
    expect(database).toBeDefined();
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    try {
      const left = await admin`select 1 from pg_database where datname = ${database!}`;
      expect(left).toHaveLength(0);
    } finally {
      await admin.end();
    }
  });
});
