/** Confirming the alert e-mail and phone: codes, links, expiry, tries, resends. */
import { contactVerifications } from '@coinpace/db';
import { createTestSubscription, testEngines } from '@coinpace/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { sentVerificationCode } from '../../testing/verification-code.ts';

describe.each(testEngines(process.env.DATABASE_URL))('contact verification on %s', (engine) => {
  let api: TestApi;
  let ahead = 0;
  beforeAll(async () => {
    api = await startTestApi(
      engine,
      { PUBLIC_URL: 'https://coinpace.example' },
      {
        now: () => new Date(Date.now() + ahead),
      },
    );
  });
  afterAll(() => api?.close());

  const request = (token: string, channel: string) =>
    api.call('POST', '/api/users/me/verification', { token, body: { channel } });
  const confirm = (token: string, channel: string, code: string) =>
    api.call('POST', '/api/users/me/verification/confirm', { token, body: { channel, code } });
  const me = async (token: string) => (await api.call('GET', '/api/users/me', { token })).body.user;

  // A number of its own per user: a number gets only three codes an hour, whoever asks.
  let numbers = 0;
  const nextPhone = () => `+120255501${String((numbers += 1)).padStart(2, '0')}`;

  /** A user on a plan with SMS, with a mobile number. */
  async function withPhone() {
    const signed = await api.signUp();
    await createTestSubscription(api.database.db, signed.user.id, { planId: 'basic' });
    await api.call('PATCH', '/api/users/me', { token: signed.token, body: { phone: nextPhone() } });
    return signed;
  }

  it('a local sign-in e-mail counts as verified; a new phone does not', async () => {
    const { token } = await withPhone();
    expect(await me(token)).toMatchObject({ emailVerified: true, phoneVerified: false });
    expect(await request(token, 'email')).toMatchObject({
      status: 409,
      body: { error: 'This e-mail address is already verified.' },
    });
  });

  it('an e-mailed link confirms a changed e-mail; changing it again clears that', async () => {
    const { token, user } = await api.signUp();
    await api.call('PATCH', '/api/users/me', { token, body: { email: 'alerts@example.test' } });
    expect(await me(token)).toMatchObject({ email: 'alerts@example.test', emailVerified: false });
    const sent = await request(token, 'email');
    expect(sent).toMatchObject({
      status: 202,
      body: { channel: 'email', destination: 'alerts@example.test' },
    });
    const link = await sentVerificationCode(api.database.db, user.id, 'email');
    expect(link.length).toBeGreaterThanOrEqual(40);
    expect((await confirm(token, 'email', link)).body.user).toMatchObject({ emailVerified: true });
    await api.call('PATCH', '/api/users/me', { token, body: { email: 'other@example.test' } });
    expect(await me(token)).toMatchObject({ emailVerified: false });
  });

  it('a code answers five wrong tries, then wants a new one; a resend waits 60 s', async () => {
    const { token, user } = await withPhone();
    expect((await request(token, 'sms')).status).toBe(202);
    const again = await request(token, 'sms');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    const code = await sentVerificationCode(api.database.db, user.id, 'sms');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < 5; i += 1) {
      expect((await confirm(token, 'sms', wrong)).body.error).toBe(
        'That code is not right. Check the message and try again.',
      );
    }
    expect((await confirm(token, 'sms', wrong)).body.error).toBe('Too many wrong codes. Send a new one.');
    expect(await confirm(token, 'sms', code)).toMatchObject({
      status: 400,
      body: { error: 'Too many wrong codes. Send a new one.' },
    });
    ahead += 61_000;
    expect((await request(token, 'sms')).status).toBe(202);
    const fresh = await sentVerificationCode(api.database.db, user.id, 'sms');
    expect((await confirm(token, 'sms', fresh)).body.user).toMatchObject({ phoneVerified: true });
  });

  it('tells what is pending, so a code sent before leaving the screen can still be entered', async () => {
    const { token } = await withPhone();
    const pending = async () => (await api.call('GET', '/api/users/me/verification', { token })).body;
    expect(await pending()).toEqual({ pending: [] });
    const sent = await request(token, 'sms');
    expect(await pending()).toEqual({ pending: [sent.body] });
    // The resend wait is stated in seconds, in the header and in the message.
    const again = await request(token, 'sms');
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.body.error).toBe(`You can ask for another code in ${wait} s.`);
    // A changed number, or an expired code, leaves nothing pending.
    ahead += 10 * 60_000 + 1000;
    expect(await pending()).toEqual({ pending: [] });
  });

  it('checks at most five codes when thirty confirms arrive at once', async () => {
    const { token, user } = await withPhone();
    ahead += 61_000;
    expect((await request(token, 'sms')).status).toBe(202);
    const code = await sentVerificationCode(api.database.db, user.id, 'sms');
    const guesses = Array.from({ length: 30 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => confirm(token, 'sms', guess)));
    const errors = answers.map((a) => a.body.error);
    // Each try is counted before its code is compared, so a burst gets no more tries than one by one.
    expect(
      errors.filter((e) => e === 'That code is not right. Check the message and try again.'),
    ).toHaveLength(4);
    expect(errors.filter((e) => e === 'Too many wrong codes. Send a new one.')).toHaveLength(26);
    const [row] = await api.database.db
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.userId, user.id));
    expect(row?.attempts).toBe(5);
  });

  it('a code expires after 10 minutes, and holds only for the number it was sent to', async () => {
    const { token, user } = await withPhone();
    await request(token, 'sms');
    const code = await sentVerificationCode(api.database.db, user.id, 'sms');
    ahead += 10 * 60_000 + 1_000;
    expect((await confirm(token, 'sms', code)).body.error).toBe('This code has expired. Send a new one.');
    await request(token, 'sms');
    const second = await sentVerificationCode(api.database.db, user.id, 'sms');
    const changed = nextPhone();
    await api.call('PATCH', '/api/users/me', { token, body: { phone: changed } });
    expect((await confirm(token, 'sms', second)).body.error).toBe(
      'Your profile changed since the code was sent. Send a new one.',
    );
    expect(await me(token)).toMatchObject({ phone: changed, phoneVerified: false });
  });

  it('asks for a destination first, and names bad input', async () => {
    const { token } = await api.signUp();
    expect(await request(token, 'sms')).toMatchObject({
      status: 400,
      body: { error: 'Add a phone number to your profile first.' },
    });
    expect((await request(token, 'fax')).status).toBe(400);
    expect((await confirm(token, 'sms', '123456')).body.error).toBe(
      'There is no code waiting to be confirmed. Send a new one.',
    );
  });
});
