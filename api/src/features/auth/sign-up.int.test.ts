/**
 * Local sign-up by e-mailed link: no account and no session until the link is opened; the same answer
 * for an e-mail that has an account, whose owner is told by e-mail; the link's e-mails count against the
 * address's caps.
 */
import { localCredentials, pendingSignUps } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { SIGN_UP_TEXTS } from '@coinpace/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestApi, type TestApi } from '../../testing/harness.ts';
import { sentSignUpCode, sentSignUpMails } from '../../testing/verification-code.ts';

const ACCEPTED =
  /^Check your e-mail to confirm your address\. We sent a link to (\S+); open it to finish creating your account\.$/;

// Each sign-up and sign-in makes a password hash at the production cost; a loaded machine takes its time.
describe.each(testEngines(process.env.DATABASE_URL))(
  'local sign-up on %s',
  { timeout: 120_000 },
  (engine) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(engine, { PUBLIC_URL: 'https://coinpace.example' });
    });
    afterAll(() => api?.close());

    const signUp = (body: Record<string, unknown>) => api.call('POST', '/api/auth/local/sign-up', { body });
    const signIn = (email: string, password: string) =>
      api.call('POST', '/api/auth/local/sign-in', { body: { email, password } });
    const confirm = (code: string) => api.call('POST', '/api/auth/local/confirm-email', { body: { code } });
    const accounts = async (email: string) =>
      (
        await api.database.db
          .select()
          .from(localCredentials)
          .where(sql`lower(${localCredentials.email}) = ${email}`)
      ).length;

    it('answers 202 with no session and e-mails a link; the link makes the account, confirmed, and signs in', async () => {
      const email = `grace-${engine}@example.test`;
      const up = await signUp({ email: email.toUpperCase(), password: 'a long secret', firstName: 'Grace' });
      expect(up.status).toBe(202);
      expect(up.body).toEqual({ email, message: expect.stringMatching(ACCEPTED) });
      // Nothing to sign in to until the address is proved.
      expect(await accounts(email)).toBe(0);
      expect((await signIn(email, 'a long secret')).status).toBe(401);

      const [mail] = await sentSignUpMails(api.database.db, email, 'sign-up');
      expect(mail).toMatchObject({
        channel: 'email',
        subject: 'Confirm your e-mail to finish signing up for Coinpace',
      });
      expect(mail!.bodyText).toContain('https://coinpace.example/confirm-email?code=');
      const code = await sentSignUpCode(api.database.db, email);
      const confirmed = await confirm(code);
      expect(confirmed.status).toBe(201);
      expect(confirmed.body.user).toMatchObject({ email, firstName: 'Grace', emailVerified: true });
      const me = await api.call('GET', '/api/users/me', { token: confirmed.body.token });
      expect(me.body.user.id).toBe(confirmed.body.user.id);
      expect((await signIn(email, 'a long secret')).body.user.id).toBe(confirmed.body.user.id);

      expect(await confirm(code)).toMatchObject({ status: 400, body: { error: SIGN_UP_TEXTS.linkInvalid } });
      expect(await confirm('made-up')).toMatchObject({
        status: 400,
        body: { error: SIGN_UP_TEXTS.linkInvalid },
      });
    });

    it('answers a taken e-mail as a new one, with no session, and tells its owner by e-mail', async () => {
      const email = `owned-${engine}@example.test`;
      const owner = await api.signUp(email);
      const fresh = await signUp({ email: `fresh-${engine}@example.test`, password: 'another secret' });
      const taken = await signUp({ email: email.toUpperCase(), password: 'another secret' });
      expect(taken.status).toBe(fresh.status);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(taken.body).toEqual({ email, message: expect.stringMatching(ACCEPTED) });
      expect(JSON.stringify(taken.body)).not.toMatch(/token|exist|taken|already/i);

      // No link that could make a second account or change the password; the owner is told.
      expect(await sentSignUpMails(api.database.db, email, 'sign-up')).toEqual([]);
      const pending = await api.database.db
        .select()
        .from(pendingSignUps)
        .where(sql`lower(${pendingSignUps.email}) = ${email}`);
      expect(pending).toEqual([]);
      const [notice] = await sentSignUpMails(api.database.db, email, 'sign-up-attempt');
      expect(notice).toMatchObject({
        userId: owner.user.id,
        subject: 'Someone tried to sign up for Coinpace with your e-mail address',
      });
      expect(notice!.bodyText).toContain('https://coinpace.example/#sign-in');
      expect((await signIn(email, TEST_PASSWORD)).body.user.id).toBe(owner.user.id);
      expect((await signIn(email, 'another secret')).status).toBe(401);
    });

    it("answers the owner signing up again with the account's own password alike, and e-mails them how to sign in", async () => {
      const email = `again-${engine}@example.test`;
      const owner = await api.signUp(email);
      const again = await signUp({ email, password: TEST_PASSWORD, firstName: 'Someone' });
      expect(again).toMatchObject({ status: 202, body: { email, message: expect.stringMatching(ACCEPTED) } });
      expect(again.body.token).toBeUndefined();
      expect(await sentSignUpMails(api.database.db, email, 'sign-up-attempt')).toHaveLength(1);
      expect((await signIn(email, TEST_PASSWORD)).body.user).toMatchObject({
        id: owner.user.id,
        firstName: 'Ada',
      });
    });

    it('makes one account when two links of one e-mail are opened, the other told to sign in', async () => {
      const email = `twice-${engine}@example.test`;
      await signUp({ email, password: 'first secret' });
      const first = await sentSignUpCode(api.database.db, email);
      await signUp({ email, password: 'second secret' });
      const second = await sentSignUpCode(api.database.db, email);
      expect(second).not.toBe(first);
      expect((await confirm(second)).status).toBe(201);
      expect(await confirm(first)).toMatchObject({ status: 400, body: { error: SIGN_UP_TEXTS.linkInvalid } });
      expect(await accounts(email)).toBe(1);
      expect((await signIn(email, 'second secret')).status).toBe(200);
    });

    // A sign-up that skipped the hash for a taken e-mail would answer in milliseconds instead of the hash's
    // few hundred, telling the e-mail apart by its time. Generous bounds: both make one hash.
    it('takes about as long for a taken e-mail as for a new one (a password hash either way)', async () => {
      const owned = `timed-owner-${engine}@example.test`;
      await api.signUp(owned);
      const timed = async (email: string) => {
        const started = performance.now();
        expect((await signUp({ email, password: 'correct horse' })).status).toBe(202);
        return performance.now() - started;
      };
      const fresh: number[] = [];
      const taken: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        fresh.push(await timed(`timed-${i}-${engine}@example.test`));
        taken.push(await timed(owned));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
      expect(median(taken)).toBeGreaterThan(median(fresh) * 0.3);
      expect(median(taken)).toBeLessThan(median(fresh) * 3);
    });

    it('counts its e-mails against the address: three an hour, new or taken alike', async () => {
      const fresh = `capped-${engine}@example.test`;
      const taken = `capped-owner-${engine}@example.test`;
      await api.signUp(taken);
      for (const email of [fresh, taken]) {
        const statuses = [];
        for (let i = 0; i < 4; i += 1)
          statuses.push((await signUp({ email, password: `secret no ${i}` })).status);
        expect(statuses).toEqual([202, 202, 202, 429]);
      }
    });
  },
);
