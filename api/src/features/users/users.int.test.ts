import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

describe.each(testEngines(process.env.DATABASE_URL))('users API on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('ensure returns the token user and fills only missing profile fields', async () => {
    const { token, user } = await api.signUp();
    const response = await api.call('POST', '/api/users/ensure', {
      token,
      body: { clerkId: user.clerkId, email: 'other@example.test', firstName: 'Someone' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, clerkId: user.clerkId, firstName: 'Ada' });
    expect(response.body.user.email).not.toBe('other@example.test');
  });

  it('ensure needs the token', async () => {
    const response = await api.call('POST', '/api/users/ensure', { body: { clerkId: 'user_x' } });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('No authentication token available');
  });

  it('saves the display currency, USD until chosen, and refuses one it does not know', async () => {
    const { token } = await api.signUp();
    expect((await api.call('GET', '/api/users/me', { token })).body.user.displayCurrency).toBe('usd');
    const saved = await api.call('PATCH', '/api/users/me', { token, body: { displayCurrency: 'eur' } });
    expect(saved.status).toBe(200);
    expect(saved.body.user.displayCurrency).toBe('eur');
    const refused = await api.call('PATCH', '/api/users/me', { token, body: { displayCurrency: 'xyz' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /displayCurrency must be one of usd, eur, gbp, jpy, cad, aud, chf, btc, eth/,
    );
    expect((await api.call('GET', '/api/users/me', { token })).body.user.displayCurrency).toBe('eur');
  });

  it('updates contact info, with the phone in E.164', async () => {
    const { token } = await api.signUp();
    const response = await api.call('PATCH', '/api/users/me', {
      token,
      body: { phone: '+1 (555) 123-4567', firstName: 'Ada L' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ phone: '+15551234567', firstName: 'Ada L' });
    const bad = await api.call('PATCH', '/api/users/me', { token, body: { phone: '555-1234' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/international form/);
    const empty = await api.call('PATCH', '/api/users/me', { token, body: {} });
    expect(empty.status).toBe(400);
    const cleared = await api.call('PATCH', '/api/users/me', { token, body: { phone: '' } });
    expect(cleared.body.user.phone).toBeNull();
  });

  it("contact info is the token user's own: a token is needed, and no field selects another user", async () => {
    for (const method of ['GET', 'PATCH']) {
      const res = await api.call(method, '/api/users/me', {
        body: method === 'PATCH' ? { phone: '+15551234567' } : undefined,
      });
      expect(res.status).toBe(401);
    }
    const a = await api.signUp();
    const b = await api.signUp();
    const sneaky = await api.call('PATCH', '/api/users/me', {
      token: b.token,
      body: { userId: a.user.id, phone: '+15550000000' },
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.error).toMatch(/Unknown field: userId/);
    await api.call('PATCH', '/api/users/me', {
      token: b.token,
      body: { phone: '+44 20 7946 0958', email: 'B@Example.test' },
    });
    expect((await api.call('GET', '/api/users/me', { token: b.token })).body.user).toMatchObject({
      id: b.user.id,
      phone: '+442079460958',
      email: 'b@example.test',
    });
    expect((await api.call('GET', '/api/users/me', { token: a.token })).body.user.phone).toBeNull();
  });

  it('serves health, readiness, metrics and the public config', async () => {
    expect((await api.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await api.call('GET', '/readyz')).body).toEqual({ status: 'ready' });
    const metrics = await api.call('GET', '/metrics');
    expect(metrics.body).toContain('coinpace_http_request_duration_seconds');
    const config = await api.call('GET', '/api/config');
    expect(config.body).toEqual({
      identity: { mode: 'local' },
      maintenanceMode: false,
      sitePasswordRequired: false,
      priceSource: 'coingecko',
      payments: 'local',
      supportEmail: 'support@coinpace.local',
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await api.call('GET', '/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/No route/);
  });
});
