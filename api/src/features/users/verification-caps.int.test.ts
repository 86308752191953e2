/**
 * Codes are no cannon: a destination gets 3 an hour and 10 a day whoever asks, all users together a
 * configured number an hour (with an alarm metric), and SMS only to mobile numbers of served countries,
 * for accounts whose plan includes SMS.
 */
import { testEngines } from '@coinpace/db/testing';
import { VERIFICATION_TEXTS } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitersWith, startTestApi, type TestApi } from '../../testing/harness.ts';
import { accountWith, outboxCountTo, requestCode as request } from '../../testing/verification-code.ts';

const HOURLY_TEXT =
  /^This e-mail address has been sent as many confirmation messages as we allow for now\. Try again in \d+ minutes?\.$/;

const sentTo = (api: TestApi, recipient: string) => outboxCountTo(api.database.db, recipient);

describe.each(testEngines(process.env.DATABASE_URL))('caps on verification codes on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('sends one address three codes an hour, however many accounts ask', async () => {
    const victim = `victim-${engine}@example.test`;
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(await request(api, await accountWith(api, { email: victim }), 'email'));
    }
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 429, 429]);
    expect(answers[3]!.body.error).toMatch(HOURLY_TEXT);
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sentTo(api, victim)).toBe(3);
  });

  it('counts a phone number the same way, in any accounts on a plan with SMS', async () => {
    const phone = engine === 'pglite' ? '+12025550181' : '+12025550182';
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await request(api, await accountWith(api, { phone }, true), 'sms')).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(await sentTo(api, phone)).toBe(3);
  });

  it('refuses an SMS code to an account whose plan has no SMS, saying why', async () => {
    const token = await accountWith(api, { phone: '+12025550190' });
    expect(await request(api, token, 'sms')).toMatchObject({
      status: 403,
      body: { error: VERIFICATION_TEXTS.smsNeedsPlan, code: 'PLAN_REQUIRED' },
    });
    expect(await sentTo(api, '+12025550190')).toBe(0);
  });

  it.each([
    ['+8821612345678', VERIFICATION_TEXTS.networkNumber],
    ['+881612345678', VERIFICATION_TEXTS.networkNumber],
    ['+19005550123', VERIFICATION_TEXTS.premiumNumber],
    ['+33140000000', VERIFICATION_TEXTS.notMobile],
    [
      '+8613812345678',
      'We cannot send text messages to numbers in China yet. Enter a mobile number from another country.',
    ],
  ])('sends no SMS code to %s, even on a paid plan', async (phone, text) => {
    const token = await accountWith(api, { phone }, true);
    expect(await request(api, token, 'sms')).toMatchObject({ status: 400, body: { error: text } });
    expect(await sentTo(api, phone)).toBe(0);
  });
});

describe('the daily cap of a destination', () => {
  let api: TestApi;
  beforeAll(async () => {
    // The hourly cap out of the way, to reach the daily one without waiting hours.
    api = await startTestApi('pglite', {}, { limiters: limitersWith({ 'codes-per-destination-hour': 100 }) });
  });
  afterAll(() => api?.close());

  it('sends one address ten codes a day', async () => {
    const victim = 'daily@example.test';
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const answer = await request(api, await accountWith(api, { email: victim }), 'email');
      statuses.push(answer.status);
      if (i === 10) expect(answer.body.error).toMatch(/Try again in \d+ hours\.$/);
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
    expect(await sentTo(api, victim)).toBe(10);
  });
});

describe('the hourly cap for all users', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { VERIFICATION_CODES_PER_HOUR: '2' });
  });
  afterAll(() => api?.close());

  it('refuses codes past it with 429 and raises the alarm metric', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await request(api, await accountWith(api, { email: `many-${i}@example.test` }), 'email');
      statuses.push(answer.status);
      if (i === 2) expect(answer.body.error).toBe(VERIFICATION_TEXTS.globalCap);
    }
    expect(statuses).toEqual([202, 202, 429]);
    const metrics = (await api.call('GET', '/metrics')).body as string;
    expect(metrics).toMatch(/^coinpace_verification_global_cap_reached 1$/m);
    expect(metrics).toMatch(/^coinpace_verification_codes_total\{channel="email",outcome="global_cap"\} 1$/m);
    expect(metrics).toMatch(/^coinpace_verification_codes_total\{channel="email",outcome="sent"\} 2$/m);
    expect(metrics).toMatch(/^coinpace_verification_codes_hour_cap 2$/m);
  });
});
