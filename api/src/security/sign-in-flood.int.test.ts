/**
 * A flood of wrong sign-ins from one IPv6 /64, a new address each time, must not lock anyone else out:
 * a queue refusal costs the sender, senders with a clean record have reserved places in the
 * password-hashing queue, an account under attack is paced rather than locked, and refusals are logged
 * once per window at warn, without stacks.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, startTestApi, type TestApi } from '../testing/harness.ts';
import { recordingApiLogger } from '../testing/recording-api-logger.ts';
import { signInBoundNow, startSignInFlood, timed, timedSignIns } from '../testing/sign-in-flood.ts';

/** The flood's addresses: all in one /64, a new one per request, as the proxy in front appended them. */
const ATTACKER_PREFIX = '2001:db8:bad:1';
const attackerAddress = (i: number) => `${ATTACKER_PREFIX}:${i.toString(16)}::1`;
const OWNER_ADDRESS = '198.51.100.20';
const NEWCOMER_ADDRESS = '2001:db8:600d:1::20';
const FLOOD_CONCURRENCY = 40;
/** Each attacker sends its next sign-in this long after an answer: 40 in flight, up to 400 a second. */
const ATTACKER_PAUSE_MS = 100;

describe('a sustained sign-in flood from rotating addresses in one IPv6 /64', () => {
  let api: TestApi;
  const recorded = recordingApiLogger('info');
  beforeAll(async () => {
    api = await startTestApi('pglite', { TRUSTED_PROXY_HOPS: '1' }, { logger: recorded.logger });
  });
  afterAll(() => api?.close());

  const signIn = (address: string, email: string, password: string) =>
    api.call('POST', '/api/auth/local/sign-in', {
      headers: { 'x-forwarded-for': address },
      body: { email, password },
    });

  it('lets the real owner sign in from elsewhere within 2 s on 20 of 20 tries, and a newcomer sign up', async () => {
    const email = 'owner@example.test';
    await api.signUp(email);
    expect((await signIn(OWNER_ADDRESS, email, TEST_PASSWORD)).status).toBe(200); // warm up
    // Forty wrong sign-ins in flight at once, sustained: half guess the owner's password, half spray
    // other e-mails, each from a new address of one /64.
    const flood = startSignInFlood({
      url: api.url,
      concurrency: FLOOD_CONCURRENCY,
      pauseMs: ATTACKER_PAUSE_MS,
      email,
      prefix64: ATTACKER_PREFIX,
    });
    await sleep(300); // the flood is under way and the hashing queue as full as it gets

    const tries = await timedSignIns(20, () => signIn(OWNER_ADDRESS, email, TEST_PASSWORD));
    const newcomerBound = await signInBoundNow();
    const newcomer = await timed(() =>
      api.call('POST', '/api/auth/local/sign-up', {
        headers: { 'x-forwarded-for': NEWCOMER_ADDRESS },
        body: { email: 'newcomer@example.test', password: 'a brand new secret' },
      }),
    );
    const { sent, counts } = await flood.stop();
    console.info(
      `sign-in flood: ${sent} attacker requests (${JSON.stringify(counts)}); ` +
        `owner's sign-ins ${tries.map((t) => `${t.ms}/${t.bound}`).join(', ')} ms (took/bound); ` +
        `newcomer's sign-up ${Math.round(newcomer.ms)}/${newcomerBound} ms`,
    );

    expect(tries.map((t) => t.status)).toEqual(Array(20).fill(200));
    expect(tries.filter((t) => t.ms >= t.bound)).toEqual([]);
    expect(newcomer.answer.status).toBe(202);
    expect(newcomer.ms).toBeLessThan(newcomerBound);
    // The flood itself was turned away, nearly all of it before any hash.
    expect(counts['200'] ?? 0).toBe(0);
    expect(counts['429'] ?? 0).toBeGreaterThan(sent / 2);

    // Refusals for a full queue: one warn line for the window, no error lines, no stacks.
    const refusals = recorded.lines.filter((l) => l.msg?.includes('password-hashing queue is full'));
    expect(refusals.length).toBe(1);
    expect(refusals[0]!.level).toBe('warn');
    expect(recorded.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(
      recorded.lines.filter((l) => 'err' in l.fields || JSON.stringify(l.fields).includes('stack')),
    ).toEqual([]);
  }, 600_000); // twenty sign-ins and the flood's hashes, on a loaded machine several seconds each
});

describe('an account under attack', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { TRUSTED_PROXY_HOPS: '1' });
  });
  afterAll(() => api?.close());

  const signIn = (address: string, email: string, password: string) =>
    api.call('POST', '/api/auth/local/sign-in', {
      headers: { 'x-forwarded-for': address },
      body: { email, password },
    });

  it('paces a stained client key (too many at once get 429), while the owner from elsewhere gets in', async () => {
    const email = 'attacked@example.test';
    await api.signUp(email);
    // Five wrong passwords: the account counts as under attack and the key's record is stained.
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(attackerAddress(i), email, `guess ${i}`)).status).toBe(401);

    const burst = Array.from({ length: 8 }, (_, i) => signIn(attackerAddress(100 + i), email, `again ${i}`));
    const ownerIn = await signIn(OWNER_ADDRESS, email, TEST_PASSWORD);
    const statuses = (await Promise.all(burst)).map((a) => a.status);

    expect(ownerIn.status).toBe(200);
    // At most MAX_PACED_PER_ACCOUNT wait their turn; the rest are refused at once, never locked in.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(8 - 4 - 1);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  }, 60_000);
});
