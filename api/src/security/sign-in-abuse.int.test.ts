/**
 * Password spraying and guessing. Failed sign-ins are limited per address across
 * e-mails and across all addresses, password hashing is a bounded queue, wrong site passwords in the
 * header count with /api/check-password, and hashes of an older scrypt cost are upgraded at sign-in.
 */
import { scryptSync, randomBytes } from 'node:crypto';
import { createLocalAccount, findLocalAccount } from '@coinpace/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitersWith, startTestApi, type TestApi } from '../testing/harness.ts';

const wrongSignIn = (api: TestApi, email: string, headers: Record<string, string> = {}) =>
  api.call('POST', '/api/auth/local/sign-in', { headers, body: { email, password: 'not the password' } });

describe('failed sign-ins per address across e-mails', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', {}, { limiters: limitersWith({ 'sign-in-failures-address': 4 }) });
  });
  afterAll(() => api?.close());

  it('answers 429 once one address has used up its failures, whatever the e-mails', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 6; i += 1) seen.push((await wrongSignIn(api, `sprayed${i}@example.test`)).status);
    expect(seen).toEqual([401, 401, 401, 401, 429, 429]);
  });
});

describe('failed sign-ins across every address', () => {
  let api: TestApi;
  const limiters = limitersWith({ 'sign-in-failures-global': 5 });
  beforeAll(async () => {
    api = await startTestApi('pglite', { TRUSTED_PROXY_HOPS: '1' }, { limiters });
  });
  afterAll(() => api?.close());

  it('slows a guessing run spread over many addresses, never a client with a clean record', async () => {
    const from = (address: string, i: number) =>
      wrongSignIn(api, `target${i}@example.test`, { 'x-forwarded-for': address });
    const seen: number[] = [];
    // Three failures stain 198.51.100.1's record; two more from fresh addresses use up everyone's five.
    for (let i = 0; i < 3; i += 1) seen.push((await from('198.51.100.1', i)).status);
    for (let i = 3; i < 5; i += 1) seen.push((await from(`198.51.100.${i}`, i)).status);
    seen.push((await from('198.51.100.1', 5)).status);
    expect(seen).toEqual([401, 401, 401, 401, 401, 429]);
    // A client with a clean record is not refused by everyone's budget: a typo still gets its 401.
    expect((await from('198.51.100.9', 6)).status).toBe(401);
  });
});

describe('concurrent password hashing', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('runs a bounded queue: a flood of sign-ins gets 503 with Retry-After, never a 500, and pays for it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => wrongSignIn(api, `flood${i}@example.test`)),
    );
    const statuses = answers.map((a) => a.status);
    // One address has two reserved places and the eight shared ones; the rest is refused, and each
    // refusal counts against the address, so late arrivals may already find it blocked (429).
    expect(statuses.every((s) => s === 401 || s === 503 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2 + 8);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers.get('retry-after')).toBe('2');
    expect(refused[0]!.body.error).toBe('Too many sign-ins at once. Please try again in a moment.');
    // Fifty refusals used up the address's 30 failures: it is blocked before any hash.
    expect((await wrongSignIn(api, 'one-more@example.test')).status).toBe(429);
  }, 180_000); // the admitted hashes run two at a time
});

describe('scrypt cost', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('hashes new passwords with N=2^17, r=8, p=1', async () => {
    await api.signUp('fresh@example.test');
    const account = await findLocalAccount(api.database.db, 'fresh@example.test');
    expect(account!.passwordHash.startsWith('scrypt$131072$8$1$')).toBe(true);
  });

  it('upgrades a hash of the old cost at the next sign-in, and the password still works', async () => {
    const salt = randomBytes(16);
    const old = scryptSync('correct horse battery', salt, 64, { N: 16384, r: 8, p: 1 });
    await createLocalAccount(api.database.db, {
      subject: 'local_oldhash0000000000000000000000',
      email: 'old@example.test',
      firstName: null,
      passwordHash: ['scrypt', 16384, 8, 1, salt.toString('base64url'), old.toString('base64url')].join('$'),
    });
    const signIn = () =>
      api.call('POST', '/api/auth/local/sign-in', {
        body: { email: 'old@example.test', password: 'correct horse battery' },
      });
    expect((await signIn()).status).toBe(200);
    const account = await findLocalAccount(api.database.db, 'old@example.test');
    expect(account!.passwordHash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect((await signIn()).status).toBe(200);
    expect((await wrongSignIn(api, 'old@example.test')).status).toBe(401);
  });
});

describe('wrong site passwords in the header', () => {
  const PASSWORD = 'open sesame';
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { SITE_PASSWORD: PASSWORD });
  });
  afterAll(() => api?.close());

  it('count with /api/check-password: after 10 wrong headers, even the right one waits', async () => {
    for (let i = 0; i < 10; i += 1) {
      const guess = await api.call('GET', '/api/beta-signup/count', {
        headers: { 'x-site-password': `guess ${i}` },
      });
      expect(guess.status).toBe(403);
    }
    const header = await api.call('GET', '/api/beta-signup/count', {
      headers: { 'x-site-password': PASSWORD },
    });
    expect(header.status).toBe(429);
    const check = await api.call('POST', '/api/check-password', { body: { password: PASSWORD } });
    expect(check.status).toBe(429);
    expect(Number(check.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});
