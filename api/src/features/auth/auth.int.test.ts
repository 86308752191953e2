import { clerkClaims, rsaTestKeys, signClerkToken } from '@coinpace/adapters/testing';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { sentSignUpCode } from '../../testing/verification-code.ts';

const PUBLIC_URL = 'http://localhost:3000';

describe.each(testEngines(process.env.DATABASE_URL))('local accounts on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('signs up by the e-mailed link, then signs in with the same password, as the same user', async () => {
    const up = await api.call('POST', '/api/auth/local/sign-up', {
      body: { email: 'Grace@Example.test', password: 'a long secret', firstName: 'Grace' },
    });
    expect(up.status).toBe(202);
    const code = await sentSignUpCode(api.database.db, 'grace@example.test');
    const confirmed = await api.call('POST', '/api/auth/local/confirm-email', { body: { code } });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.user).toMatchObject({ email: 'grace@example.test', firstName: 'Grace' });
    expect(confirmed.body.user.clerkId).toMatch(/^local_/);

    const inn = await api.call('POST', '/api/auth/local/sign-in', {
      body: { email: 'GRACE@example.test', password: 'a long secret' },
    });
    expect(inn.status).toBe(200);
    expect(inn.body.user.id).toBe(confirmed.body.user.id);

    const me = await api.call('GET', '/api/users/me', { token: inn.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(confirmed.body.user.id);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    await api.signUp('lin@example.test');
    const wrong = await api.call('POST', '/api/auth/local/sign-in', {
      body: { email: 'lin@example.test', password: 'nope nope' },
    });
    const unknown = await api.call('POST', '/api/auth/local/sign-in', {
      body: { email: 'nobody@example.test', password: 'nope nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(unknown.body.error);
  });

  it('makes no second account for a taken e-mail in any case, and never says it is taken', async () => {
    const first = await api.signUp('twice@example.test');
    const again = await api.call('POST', '/api/auth/local/sign-up', {
      body: { email: 'TWICE@example.test', password: 'another secret' },
    });
    // The answer a new e-mail gets: nothing says the e-mail has an account, and no session.
    expect(again).toMatchObject({ status: 202, body: { email: 'twice@example.test' } });
    expect(JSON.stringify(again.body)).not.toMatch(/exist|taken|token/i);
    const owner = await api.call('POST', '/api/auth/local/sign-in', {
      body: { email: 'twice@example.test', password: 'correct horse battery' },
    });
    expect(owner.body.user.id).toBe(first.user.id);
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, /valid email/],
    [{ email: 'a@example.test', password: 'short' }, /at least 8/],
    [{ email: 'a@example.test' }, /required/i],
    [{ email: 'a@example.test', password: 'long enough', admin: true }, /Unknown field: admin/],
  ])('rejects sign-up %j with 400', async (body, message) => {
    const response = await api.call('POST', '/api/auth/local/sign-up', { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    expect(Array.isArray(response.body.details)).toBe(true);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await api.call('POST', '/api/auth/local/sign-in', { body: '{"email":' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/JSON/);
  });

  it('rejects a token whose signature was tampered with', async () => {
    const { token } = await api.signUp();
    const [h, p, s] = token.split('.');
    const forged = `${h}.${p}.${s!.slice(0, -4)}AAAA`;
    const response = await api.call('GET', '/api/users/me', { token: forged });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Authentication failed - please sign in again');
  });
});

describe('maintenance mode', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { MAINTENANCE_MODE: '1' });
  });
  afterAll(() => api?.close());

  it('refuses sign-up and sign-in with 403 and says why', async () => {
    for (const path of [
      '/api/auth/local/sign-up',
      '/api/auth/local/sign-in',
      '/api/auth/local/confirm-email',
    ]) {
      const response = await api.call('POST', path, {
        body: { email: 'm@example.test', password: 'long enough' },
      });
      expect(response.status).toBe(403);
      expect(response.body.error).toMatch(/maintenance/);
    }
    const config = await api.call('GET', '/api/config');
    expect(config.body.maintenanceMode).toBe(true);
  });
});

describe('Clerk session tokens', () => {
  const keys = rsaTestKeys();
  const otherKeys = rsaTestKeys();
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { CLERK_JWT_KEY: keys.publicKey, PUBLIC_URL });
  });
  afterAll(() => api?.close());

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, privateKey = keys.privateKey): string =>
    signClerkToken({ ...clerkClaims('user_2abc', PUBLIC_URL), ...claims }, privateKey);

  it('accepts a valid token and creates the user from its subject', async () => {
    const response = await api.call('POST', '/api/users/ensure', {
      token: sign({ sub: 'user_valid1' }),
      body: { clerkId: 'user_valid1', email: 'valid@example.test', firstName: 'Val' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      clerkId: 'user_valid1',
      email: 'valid@example.test',
      firstName: 'Val',
    });
  });

  it('answers a missing bearer with 401 and SPEC.md message', async () => {
    const response = await api.call('GET', '/api/portfolio');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('No authentication token available');
  });

  it.each([
    ['expired', () => sign({ exp: now() - 30, iat: now() - 120, nbf: now() - 120 })],
    ['not yet valid', () => sign({ nbf: now() + 120, iat: now() })],
    ['signed by another key', () => sign({}, otherKeys.privateKey)],
    ['for another authorized party', () => sign({ azp: 'https://evil.example' })],
    ['a local token', () => 'e30.e30.e30'],
    ['garbage', () => 'not-a-jwt'],
  ])('rejects a token %s with 401', async (_label, token) => {
    const response = await api.call('GET', '/api/portfolio', { token: token() });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Authentication failed - please sign in again');
  });

  it('refuses an ensure body naming another user', async () => {
    const response = await api.call('POST', '/api/users/ensure', {
      token: sign({ sub: 'user_mine' }),
      body: { clerkId: 'user_someone_else' },
    });
    expect(response.status).toBe(403);
  });

  it('turns local accounts off', async () => {
    const response = await api.call('POST', '/api/auth/local/sign-up', {
      body: { email: 'local@example.test', password: 'long enough' },
    });
    expect(response.status).toBe(403);
    expect((await api.call('GET', '/api/config')).body.identity).toEqual({
      mode: 'clerk',
      publishableKey: null,
    });
  });
});

describe('sign-in throttling', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('answers 429 with Retry-After after ten wrong passwords for one e-mail', async () => {
    await api.signUp('guess@example.test');
    for (let i = 0; i < 10; i++) {
      const response = await api.call('POST', '/api/auth/local/sign-in', {
        body: { email: 'guess@example.test', password: `wrong ${i} pw` },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await api.call('POST', '/api/auth/local/sign-in', {
      body: { email: 'guess@example.test', password: 'correct horse battery' },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000); // the account is under attack after five: the next five wait two seconds each
});
