import { randomUUID } from 'node:crypto';
import { closeRedis, connectRedis, noopLogger, type RedisClient } from '@coinpace/adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisLimiters, type LimiterFactory } from '../../middleware/limiters.ts';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { sentSignUpCode } from '../../testing/verification-code.ts';

const PASSWORD = 'open sesame';
const withPassword = (password: string) => ({ headers: { 'x-site-password': password } });

describe('site password gate', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { SITE_PASSWORD: PASSWORD });
  });
  afterAll(() => api?.close());

  it('refuses an /api call without the header with 403 and says what is missing', async () => {
    const response = await api.call('GET', '/api/beta-signup/count');
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'SITE_PASSWORD_REQUIRED',
      error: 'Site password required: send it in the X-Site-Password header.',
    });
  });

  it('refuses a wrong password with 403', async () => {
    const response = await api.call('GET', '/api/beta-signup/count', withPassword('open sesame!'));
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'SITE_PASSWORD_INVALID', error: 'Invalid password' });
  });

  it('lets the right password through, together with a bearer token', async () => {
    expect((await api.call('GET', '/api/beta-signup/count', withPassword(PASSWORD))).status).toBe(200);
    const signUp = await api.call('POST', '/api/auth/local/sign-up', {
      ...withPassword(PASSWORD),
      body: { email: 'gated@example.test', password: 'correct horse battery' },
    });
    expect(signUp.status).toBe(202);
    const confirmed = await api.call('POST', '/api/auth/local/confirm-email', {
      ...withPassword(PASSWORD),
      body: { code: await sentSignUpCode(api.database.db, 'gated@example.test') },
    });
    expect(confirmed.status).toBe(201);
    const me = await api.call('GET', '/api/users/me', {
      ...withPassword(PASSWORD),
      token: confirmed.body.token,
    });
    expect(me.status).toBe(200);
    const noPassword = await api.call('GET', '/api/users/me', { token: confirmed.body.token });
    expect(noPassword.status).toBe(403);
  });

  it.each(['/API/beta-signup/count', '/api//beta-signup/count', '/%61pi/beta-signup/count'])(
    'cannot be side-stepped by spelling the path %s',
    async (path) => {
      expect((await api.call('GET', path)).status).toBe(403);
    },
  );

  it('leaves /api/config, /api/check-password, the webhook and health checks open', async () => {
    const config = await api.call('GET', '/api/config');
    expect(config.status).toBe(200);
    expect(config.body.sitePasswordRequired).toBe(true);
    expect((await api.call('POST', '/api/check-password', { body: { password: PASSWORD } })).body).toEqual({
      success: true,
    });
    expect((await api.call('POST', '/api/billing/webhook', { body: {} })).status).not.toBe(403);
    expect((await api.call('GET', '/healthz')).status).toBe(200);
  });

  it('takes the password from the query only on the price stream (EventSource sends no headers)', async () => {
    // The stream never ends: read the status, then hang up.
    const streamStatus = async (query: string) => {
      const abort = new AbortController();
      const response = await fetch(`${api.url}/api/prices/stream?ids=bitcoin&${query}`, {
        signal: abort.signal,
      });
      abort.abort();
      return response.status;
    };
    await expect(streamStatus(`sitePassword=${encodeURIComponent(PASSWORD)}`)).resolves.toBe(200);
    await expect(streamStatus('sitePassword=nope')).resolves.toBe(403);
    const elsewhere = `/api/beta-signup/count?sitePassword=${encodeURIComponent(PASSWORD)}`;
    expect((await api.call('GET', elsewhere)).status).toBe(403);
  });
});

describe('POST /api/check-password', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { SITE_PASSWORD: PASSWORD });
  });
  afterAll(() => api?.close());

  it('answers a wrong password with 403 Invalid password and a blank one with 400', async () => {
    const wrong = await api.call('POST', '/api/check-password', { body: { password: 'guess' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('Invalid password');
    const blank = await api.call('POST', '/api/check-password', { body: { password: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Password is required');
  });

  it('stops guessing after 10 wrong passwords, even the right one, with Retry-After', async () => {
    for (let i = 2; i <= 10; i += 1) {
      expect(
        (await api.call('POST', '/api/check-password', { body: { password: `guess${i}` } })).status,
      ).toBe(403);
    }
    const blocked = await api.call('POST', '/api/check-password', { body: { password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});

describe('without SITE_PASSWORD', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('needs no header and accepts any check', async () => {
    expect((await api.call('GET', '/api/beta-signup/count')).status).toBe(200);
    expect((await api.call('GET', '/api/portfolio')).status).toBe(401);
    expect((await api.call('GET', '/api/config')).body.sitePasswordRequired).toBe(false);
    expect((await api.call('POST', '/api/check-password', { body: { password: 'x' } })).body).toEqual({
      success: true,
    });
  });
});

describe.runIf(process.env.REDIS_URL)('check-password limit shared through Redis', () => {
  let client: RedisClient;
  let prefix: string;
  let apis: TestApi[];
  beforeAll(async () => {
    client = await connectRedis(process.env.REDIS_URL!, noopLogger, 'test');
    prefix = `test:${randomUUID()}:rl:`;
    const limiters: LimiterFactory = redisLimiters(client, prefix);
    apis = await Promise.all(
      [1, 2].map(() => startTestApi('pglite', { SITE_PASSWORD: PASSWORD }, { limiters })),
    );
  });
  afterAll(async () => {
    await Promise.all((apis ?? []).map((api) => api.close()));
    if (client) {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length) await client.del(keys);
      await closeRedis(client);
    }
  });

  it('counts wrong guesses across API processes', async () => {
    const [a, b] = apis as [TestApi, TestApi];
    for (let i = 0; i < 5; i += 1) {
      expect((await a.call('POST', '/api/check-password', { body: { password: `a${i}` } })).status).toBe(403);
      expect((await b.call('POST', '/api/check-password', { body: { password: `b${i}` } })).status).toBe(403);
    }
    expect((await a.call('POST', '/api/check-password', { body: { password: PASSWORD } })).status).toBe(429);
    expect(await client.keys(`${prefix}*`)).toHaveLength(1);
  });
});
