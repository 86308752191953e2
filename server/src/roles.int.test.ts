/**
 * Which process serves what (DESIGN.md section 1): the real entry point started with each ROLE on
 * PGlite and the in-process bus. Only `all` and `api` answer the API; the gateway answers Socket.IO;
 * every role answers health, readiness and metrics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Started {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** Starts `server/src/main.ts` with ROLE=role on a free port and resolves with its URL once it listens. */
async function startRole(role: Role): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `coinpace-role-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ROLE: role,
      PORT: '0',
      DATA_DIR: dataDir,
      PRICE_SOURCE: 'simulated',
      LOG_LEVEL: 'info',
      CLERK_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const port = (JSON.parse(line) as { port?: number }).port;
        if (typeof port === 'number') resolve(`http://127.0.0.1:${port}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`ROLE=${role} exited with ${code}: ${stderr}`)));
  });
  return { url, child, dataDir };
}

async function stop(started: Started | undefined): Promise<void> {
  if (!started) return;
  if (started.child.exitCode === null) {
    const exited = new Promise((resolve) => started.child.once('exit', resolve));
    started.child.kill('SIGTERM');
    await exited;
  }
  rmSync(started.dataDir, { recursive: true, force: true });
}

async function get(url: string): Promise<{ status: number; body: unknown; type: string | null }> {
  const response = await fetch(url);
  const text = await response.text();
  const type = response.headers.get('content-type');
  return { status: response.status, type, body: type?.includes('json') ? JSON.parse(text) : text };
}

const socketIoHandshake = (url: string) => get(`${url}/socket.io/?EIO=4&transport=polling`);

describe.each(['gateway', 'poller', 'worker'] as const)('ROLE=%s', (role) => {
  let started: Started | undefined;
  beforeAll(async () => {
    started = await startRole(role);
  });
  afterAll(() => stop(started));

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
  let started: Started | undefined;
  beforeAll(async () => {
    started = await startRole('api');
  });
  afterAll(() => stop(started));

  it('serves the API and health, but not Socket.IO', async () => {
    expect(await get(`${started!.url}/api/config`)).toMatchObject({
      status: 200,
      body: { priceSource: 'simulated' },
    });
    expect((await get(`${started!.url}/healthz`)).status).toBe(200);
    expect((await socketIoHandshake(started!.url)).status).toBe(404);
  });
});
