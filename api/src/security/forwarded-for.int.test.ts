/**
 * A client cannot dodge the per-address limits by writing its own
 * X-Forwarded-For. Behind one proxy (the production default) the proxy appends the address it saw,
 * so the client address is the rightmost entry, whatever the client put to the left of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/harness.ts';

const SITE_PASSWORD = 'open sesame';
/** The address our proxy saw and appended; the part before it is the attacker's own writing. */
const REAL_CLIENT = '203.0.113.7';
const forged = (i: number, real = REAL_CLIENT) => ({
  'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.1, ${real}`,
  'x-site-password': SITE_PASSWORD,
});

/** Sends `count` requests, each with a new forged address, and returns their statuses. */
async function statuses(count: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await send(i)).status);
  return seen;
}

describe('per-address limits behind a proxy (production defaults: one trusted hop)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', {
      NODE_ENV: 'production',
      ALLOW_LOCAL_PROVIDERS: '1',
      SITE_PASSWORD,
    });
  });
  afterAll(() => api?.close());

  it('stops 30 wrong sign-ins for one e-mail, each from a new forged address, with 429', async () => {
    await api.call('POST', '/api/auth/local/sign-up', {
      headers: forged(9999),
      body: { email: 'victim@example.test', password: 'correct horse battery' },
    });
    const seen = await statuses(30, (i) =>
      api.call('POST', '/api/auth/local/sign-in', {
        headers: forged(i),
        body: { email: 'victim@example.test', password: `guess number ${i}` },
      }),
    );
    expect(seen.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(seen.slice(10).every((s) => s === 429)).toBe(true);
  }, 120_000); // the account is under attack after five: the next five wait two seconds each

  it('stops the beta waitlist filling from one client', async () => {
    const seen = await statuses(25, (i) =>
      api.call('POST', '/api/beta-signup', {
        headers: forged(i),
        body: { email: `spot${i}@example.test`, tradingKnowledge: 'beginner', wallet: 'metamask' },
      }),
    );
    expect(seen.filter((s) => s === 201)).toHaveLength(20);
    expect(seen.slice(20).every((s) => s === 429)).toBe(true);
  });

  it('counts contact messages, site-password guesses and price reads per real address', async () => {
    const contact = await statuses(8, (i) =>
      api.call('POST', '/api/contact', {
        headers: forged(i),
        body: { name: 'Mallory', email: 'mallory@example.test', message: `message ${i}` },
      }),
    );
    expect(contact.slice(5).every((s) => s === 429)).toBe(true);

    const guesses = await statuses(12, (i) =>
      api.call('POST', '/api/check-password', { headers: forged(i), body: { password: `guess ${i}` } }),
    );
    expect(guesses.slice(10).every((s) => s === 429)).toBe(true);

    const searches = await statuses(62, (i) =>
      api.call('GET', '/api/search?q=bit', { headers: forged(i, '198.51.100.9') }),
    );
    expect(searches.slice(60).every((s) => s === 429)).toBe(true);
  });

  it('still tells real clients apart: another address the proxy saw has its own budget', async () => {
    const other = await api.call('POST', '/api/contact', {
      headers: forged(1, '192.0.2.44'),
      body: { name: 'Ada', email: 'ada@example.test', message: 'hello' },
    });
    expect(other.status).toBe(201);
  });
});

describe('with two trusted hops (a CDN in front of nginx)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { TRUSTED_PROXY_HOPS: '2' });
  });
  afterAll(() => api?.close());

  it('takes the second entry from the right as the client', async () => {
    const seen = await statuses(8, (i) =>
      api.call('POST', '/api/contact', {
        headers: { 'x-forwarded-for': `10.0.0.${i}, ${REAL_CLIENT}, 172.16.0.2` },
        body: { name: 'Mallory', email: 'mallory@example.test', message: `message ${i}` },
      }),
    );
    expect(seen.slice(5).every((s) => s === 429)).toBe(true);
  });
});

describe('without a trusted proxy (the default outside production)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('ignores X-Forwarded-For altogether and counts the connection address', async () => {
    const seen = await statuses(8, (i) =>
      api.call('POST', '/api/contact', {
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
        body: { name: 'Mallory', email: 'mallory@example.test', message: `message ${i}` },
      }),
    );
    expect(seen.slice(5).every((s) => s === 429)).toBe(true);
  });
});
