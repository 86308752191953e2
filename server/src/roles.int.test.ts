/**
 * Which process serves what (DESIGN.md section 1): the real entry point started with each ROLE on
 * PGlite and the in-process bus. Only `all` and `api` answer the API; the gateway answers Socket.IO;
 * every role answers health, readiness and metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './testing/start-app.ts';

async function get(url: string): Promise<{ status: number; body: unknown; type: string | null }> {
  const response = await fetch(url);
  const text = await response.text();
  const type = response.headers.get('content-type');
  return { status: response.status, type, body: type?.includes('json') ? JSON.parse(text) : text };
}

const socketIoHandshake = (url: string) => get(`${url}/socket.io/?EIO=4&transport=polling`);

describe.each(['gateway', 'poller', 'worker'] as const)('ROLE=%s', (role) => {
  let started: RunningApp | undefined;
  beforeAll(async () => {
    started = await startApp({ ROLE: role }, { migrated: true });
  });
  afterAll(() => started?.stop());

  it('answers health, readiness and metrics', async () => {
    expect(await get(`${started!.url}/healthz`)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get(`${started!.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready' } });
    const metrics = await get(`${started!.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('process_cpu_seconds_total');
  });

  it('does not serve the API or the web app, and says so in JSON', async () => {
    for (const route of ['/api/config', '/api/prices?ids=bitcoin', '/api/portfolio']) {
      const answer = await get(started!.url + route);
      expect(answer.status, route).toBe(404);
      expect(answer.body, route).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await get(`${started!.url}/portfolio`)).status).toBe(404);
  });

  it(role === 'gateway' ? 'serves Socket.IO' : 'does not serve Socket.IO', async () => {
    const handshake = await socketIoHandshake(started!.url);
    if (role === 'gateway') {
      expect(handshake.status).toBe(200);
      expect(String(handshake.body)).toContain('"sid"');
    } else {
      expect(handshake.status).toBe(404);
    }
  });
});

describe('ROLE=api', () => {
  let started: RunningApp | undefined;
  beforeAll(async () => {
    started = await startApp({ ROLE: 'api' }, { migrated: true });
  });
  afterAll(() => started?.stop());

  it('serves the API and health, but not Socket.IO', async () => {
    expect(await get(`${started!.url}/api/config`)).toMatchObject({
      status: 200,
      body: { priceSource: 'simulated' },
    });
    expect((await get(`${started!.url}/healthz`)).status).toBe(200);
    expect((await socketIoHandshake(started!.url)).status).toBe(404);
  });
});
