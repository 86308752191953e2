/**
 * Account deletion needs the person, not only a session: a local account sends its password (checked as
 * sign-in checks it, a wrong one counted in the sign-in failure budgets), and a Clerk account needs a token
 * from a sign-in in the last 10 minutes. Until then nothing is deleted.
 */
import { clerkClaims, rsaTestKeys, signClerkToken } from '@coinpace/adapters/testing';
import { findUserById } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLimiters, onePerName } from '../../middleware/limiters.ts';
import { TEST_PASSWORD, startTestApi, type TestApi } from '../../testing/harness.ts';

const PUBLIC_URL = 'http://localhost:3000';
const clerkKeys = rsaTestKeys();
const nowS = () => Math.floor(Date.now() / 1000);

describe.each(testEngines(process.env.DATABASE_URL))('deleting an account on %s', (engine) => {
  describe('a local account', () => {
    let api: TestApi;
    beforeAll(async () => {
      // One limiter per name, as in production: deletion and sign-in share their failure budgets.
      api = await startTestApi(engine, {}, { limiters: onePerName(memoryLimiters()) });
    });
    afterAll(() => api?.close());

    const remove = (token: string, body: object) =>
      api.call('DELETE', '/api/billing/delete-account', { token, body });
    const exists = async (userId: string) =>
      (await findUserById(api.database.db, userId))?.deletedAt === null;

    it('needs the password: none or a wrong one deletes nothing; the right one deletes', async () => {
      const { token, user } = await api.signUp();
      const none = await remove(token, {});
      expect(none.status).toBe(403);
      expect(none.body).toMatchObject({
        code: 'REAUTH_REQUIRED',
        error: 'Enter your password to confirm it is you.',
      });
      const wrong = await remove(token, { password: 'not my password' });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', error: 'That password is not correct.' });
      expect(await exists(user.id)).toBe(true);
      expect((await api.call('GET', '/api/portfolio', { token })).status).toBe(200);

      const right = await remove(token, { userId: user.id, password: TEST_PASSWORD });
      expect(right.status).toBe(200);
      expect(right.body).toEqual({ success: true });
      expect(await exists(user.id)).toBe(false);
    }, 60_000);

    it('counts a wrong password as a failed sign-in: the budget it uses up stops sign-in too', async () => {
      const email = `reauth-${Date.now()}@example.test`;
      const { token, user } = await api.signUp(email);
      for (let i = 0; i < 10; i++) {
        expect((await remove(token, { password: `guess ${i}` })).status).toBe(403);
      }
      // Ten failures for this e-mail from this address: even the right password now waits.
      const limited = await remove(token, { password: TEST_PASSWORD });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const signIn = await api.call('POST', '/api/auth/local/sign-in', {
        body: { email, password: TEST_PASSWORD },
      });
      expect(signIn.status).toBe(429);
      expect(await exists(user.id)).toBe(true);
      // Ten password checks at the production scrypt cost (about 0.4 s of a core each), more when CI runs
      // files side by side.
    }, 180_000);

    it('refuses naming another user before asking for anything', async () => {
      const { token } = await api.signUp();
      const other = await api.signUp();
      const answer = await remove(token, { userId: other.user.id, password: TEST_PASSWORD });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('userId does not match the signed-in user.');
      expect(await exists(other.user.id)).toBe(true);
    });
  });

  describe('a Clerk account', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(engine, { CLERK_JWT_KEY: clerkKeys.publicKey, PUBLIC_URL });
    });
    afterAll(() => api?.close());

    /** A session token of `sub` with `claims` over a fresh session's (issued now, first factor just now). */
    const token = (sub: string, claims: Record<string, unknown> = {}) =>
      signClerkToken({ ...clerkClaims(sub, PUBLIC_URL), ...claims }, clerkKeys.privateKey);
    const account = async () => {
      const sub = `user_reauth_${Math.random().toString(36).slice(2)}`;
      const me = await api.call('GET', '/api/users/me', { token: token(sub) });
      expect(me.status).toBe(200);
      return { sub, userId: me.body.user.id as string };
    };
    const remove = (bearer: string) =>
      api.call('DELETE', '/api/billing/delete-account', { token: bearer, body: {} });
    const SIGN_IN_AGAIN =
      'Please sign in again to delete your account: for your safety this needs a sign-in from the last 10 minutes.';

    it.each([
      ['signed in 11 minutes ago (fva)', { fva: [11, -1] }],
      ['a second factor 30 minutes ago, though the first is fresh (fva)', { fva: [0, 30] }],
      ['never verified (fva -1, -1)', { fva: [-1, -1] }],
      ['no fva and no auth_time', { fva: undefined }],
      ['auth_time 11 minutes ago', { fva: undefined, auth_time: nowS() - 11 * 60 }],
    ])('refuses a token %s with 403 asking to sign in again', async (_name, claims) => {
      const { sub, userId } = await account();
      const answer = await remove(token(sub, claims));
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'REAUTH_REQUIRED', error: SIGN_IN_AGAIN });
      expect((await findUserById(api.database.db, userId))?.deletedAt).toBeNull();
    });

    it.each([
      ['signed in just now (fva)', { fva: [0, -1] }],
      ['signed in 9 minutes ago (fva)', { fva: [9, -1] }],
      ['both factors 2 minutes ago (fva)', { fva: [2, 2] }],
      ['auth_time 5 minutes ago', { fva: undefined, auth_time: nowS() - 5 * 60 }],
    ])('deletes with a token %s', async (_name, claims) => {
      const { sub, userId } = await account();
      const answer = await remove(token(sub, claims));
      expect(answer.status).toBe(200);
      expect((await findUserById(api.database.db, userId))?.deletedAt).not.toBeNull();
    });
  });
});
