/**
 * The first middleware of every app (bench:api's trivial route runs through it): ids, headers, metrics
 * and the access log, and no per-request work a request does not use.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createTestDatabase, type TestDatabase } from '@coinpace/db/testing';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOpsApp } from '../app.ts';

describe('requestContext', () => {
  let database: TestDatabase;
  let server: Server;
  let url: string;
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { base: {} },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const metrics = new Registry();
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const app = createOpsApp({
      config: { nodeEnv: 'test', trustedProxyHops: 0, metrics: {} },
      db: database.db,
      metrics,
      logger,
    });
    server = createServer(app.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('answers a trivial request with its headers and metrics, making no child logger for it', async () => {
    const child = vi.spyOn(logger, 'child');
    const response = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'req-12345678' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-request-id')).toBe('req-12345678');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBeNull();
    expect(child).not.toHaveBeenCalled();
    child.mockRestore();
    const text = await metrics.metrics();
    expect(text).toMatch(
      /coinpace_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/,
    );
  });

  it('logs every /api request with its id, and marks API answers not cacheable', async () => {
    const response = await fetch(`${url}/api/nothing`, { headers: { 'x-request-id': 'req-abcdefgh' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request',
        requestId: 'req-abcdefgh',
        method: 'GET',
        path: '/api/nothing',
        status: 404,
      }),
    );
  });
});
