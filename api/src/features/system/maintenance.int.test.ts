import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

describe('maintenance mode for visitors', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { MAINTENANCE_MODE: '1', SITE_PASSWORD: 'pw' });
  });
  afterAll(() => api?.close());

  const headers = { 'x-site-password': 'pw' };

  it('tells the browser, which disables Sign Up and Sign In', async () => {
    const config = await api.call('GET', '/api/config');
    expect(config.body).toMatchObject({ maintenanceMode: true, sitePasswordRequired: true });
  });

  it('refuses sign-up and sign-in with 403 and the maintenance message', async () => {
    for (const path of ['/api/auth/local/sign-up', '/api/auth/local/sign-in']) {
      const response = await api.call('POST', path, {
        headers,
        body: { email: 'visitor@example.test', password: 'long enough' },
      });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe(
        'Sign-in and sign-up are paused while we do maintenance. Please try again later.',
      );
    }
  });

  it('still takes beta requests and contact messages', async () => {
    const beta = await api.call('POST', '/api/beta-signup', {
      headers,
      body: { email: 'waiting@example.test', tradingKnowledge: 'beginner', wallet: 'other' },
    });
    expect(beta.status).toBe(201);
    const contact = await api.call('POST', '/api/contact', {
      headers,
      body: { name: 'Ada', email: 'ada@example.test', message: 'When are you back?' },
    });
    expect(contact.status).toBe(201);
  });
});
