/**
 * `/metrics` is not for anyone who finds the public port. Outside production with
 * no setting it stays open (tests, benchmarks); in production with no setting it is not served; with
 * METRICS_TOKEN only the bearer of the token reads it; with METRICS_PORT the public port never serves
 * it (server/src/metrics-port.int.test.ts has the port itself).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/harness.ts';

const TOKEN = 'metrics-token-for-the-scraper-0123';
const PRODUCTION = { NODE_ENV: 'production', ALLOW_LOCAL_PROVIDERS: '1' };

describe.each([
  ['in production with neither setting', PRODUCTION],
  ['with METRICS_PORT', { METRICS_PORT: '9464' }],
  [
    'in production with METRICS_PORT and METRICS_TOKEN',
    { ...PRODUCTION, METRICS_PORT: '9464', METRICS_TOKEN: TOKEN },
  ],
])('the public port %s', (_name, env) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', env);
  });
  afterAll(() => api?.close());

  it('answers /metrics with a JSON 404, as an unknown /api path, token or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const answer = await api.call('GET', '/metrics', { headers });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 'NOT_FOUND', error: 'No route for GET /metrics' });
      expect(JSON.stringify(answer.body)).not.toContain('process_cpu');
    }
  });
});

describe('the public port with METRICS_TOKEN', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { ...PRODUCTION, METRICS_TOKEN: TOKEN });
  });
  afterAll(() => api?.close());

  it.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-for-the-scraper-0124' }],
    ['the token with another scheme', { authorization: `Basic ${TOKEN}` }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 10)}` }],
  ])('refuses %s with 401', async (_name, headers) => {
    const answer = await api.call('GET', '/metrics', { headers });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      code: 'BAD_TOKEN',
      error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>.',
    });
  });

  it('serves the metrics to the bearer of the token', async () => {
    const answer = await api.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    expect(answer.body).toContain('coinpace_http_request_duration_seconds');
  });
});

describe('the public port outside production with neither setting', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', {});
  });
  afterAll(() => api?.close());

  it('serves /metrics openly, as tests and benchmarks read it', async () => {
    const answer = await api.call('GET', '/metrics');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('coinpace_http_request_duration_seconds');
  });
});
