/**
 * While the database cannot be reached the API answers 503 'temporarily
 * unavailable' with Retry-After (not a generic 500, and not after a long hang), and serves again once
 * it is back. The app reaches Postgres through a TCP proxy the test cuts and restores, so the shared
 * server is never touched. Needs Postgres (DATABASE_URL).
 */
import { startTcpProxy, waitFor, type TcpProxy } from '@coinpace/adapters/testing';
import { ERROR_CATALOGUE } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('API while the database is unreachable', () => {
  let proxy: TcpProxy;
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    const server = new URL(databaseUrl!);
    proxy = await startTcpProxy({ targets: [{ host: server.hostname, port: Number(server.port || 5432) }] });
    api = await startTestApi(
      'postgres',
      {},
      {
        dbUrlFor: (url) => {
          const through = new URL(url);
          through.host = proxy.host;
          return through.toString();
        },
      },
    );
    ({ token } = await api.signUp());
  });
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
  });

  const unavailable = {
    code: 'TEMPORARILY_UNAVAILABLE',
    error: ERROR_CATALOGUE.TEMPORARILY_UNAVAILABLE.message,
  };

  it('answers 503 with Retry-After when connections are refused, and serves again once it is back', async () => {
    expect((await api.call('GET', '/api/portfolio', { token })).status).toBe(200);

    await proxy.cut();
    const read = await api.call('GET', '/api/portfolio', { token });
    expect(read.status).toBe(503);
    expect(read.body).toEqual(unavailable);
    expect(read.headers.get('retry-after')).toBe('5');
    const write = await api.call('POST', '/api/alerts', {
      token,
      body: {
        coinId: 'bitcoin',
        type: 'WatchlistPrice',
        thresholdType: 'Above',
        thresholdValue: 100_000,
        notificationMethod: 'Email',
      },
    });
    expect(write.status).toBe(503);
    expect(write.body).toEqual(unavailable);
    expect((await api.call('GET', '/readyz')).status).toBe(503);

    await proxy.resume();
    await waitFor(async () => (await api.call('GET', '/api/portfolio', { token })).status === 200, {
      what: 'the API serving again',
      intervalMs: 100,
    });
    expect((await api.call('GET', '/readyz')).body).toEqual({ status: 'ready' });
  });

  it('answers 503 when the server accepts connections but never answers', async () => {
    proxy.hang();
    try {
      const read = await api.call('GET', '/api/portfolio', { token });
      expect(read.status).toBe(503);
      expect(read.body).toEqual(unavailable);
    } finally {
      await proxy.resume();
    }
    await waitFor(async () => (await api.call('GET', '/api/portfolio', { token })).status === 200, {
      what: 'the API serving again',
      intervalMs: 100,
    });
  });
});
