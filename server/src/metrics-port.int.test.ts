/**
 * With METRICS_PORT the process serves `/metrics` on a server of its own (to the
 * bearer of METRICS_TOKEN when set) and the public port does not serve it at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './testing/start-app.ts';

const TOKEN = 'metrics-token-for-the-scraper-0123';

describe.each(['all', 'worker'] as const)('ROLE=%s with METRICS_PORT and METRICS_TOKEN', (role) => {
  let app: RunningApp | undefined;
  let metricsUrl: string;
  beforeAll(async () => {
    app = await startApp({ ROLE: role, METRICS_PORT: '0', METRICS_TOKEN: TOKEN }, { migrated: true });
    const port = app.logs.map((line) => /"metricsPort":(\d+)/.exec(line)?.[1]).find(Boolean);
    expect(port).toBeDefined();
    metricsUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => app?.stop());

  it('serves /metrics on the metrics port to the bearer of the token only', async () => {
    const scraped = await fetch(`${metricsUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    await expect(scraped.text()).resolves.toContain('process_cpu_seconds_total');
    expect((await fetch(`${metricsUrl}/metrics`)).status).toBe(401);
  });

  it('serves nothing else on the metrics port', async () => {
    for (const route of ['/healthz', '/api/config', '/']) {
      expect((await fetch(metricsUrl + route)).status, route).toBe(404);
    }
  });

  it('does not serve /metrics on the public port, token or not', async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    expect((await fetch(`${app!.url}/metrics`, { headers })).status).toBe(404);
    expect((await fetch(`${app!.url}/healthz`)).status).toBe(200);
  });
});
