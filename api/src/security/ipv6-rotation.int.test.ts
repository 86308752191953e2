/**
 * One client holds a whole IPv6 /64 (what a home line gets), so every per-client limit counts the /64
 * as one client: rotating through its addresses buys no fresh budget. Behind one proxy (the production
 * default) the proxy appends the address it saw, so each request here comes from a new address of the
 * same /64, while another /64 is another client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseClient } from '../features/prices/testing/sse-client.ts';
import { TEST_PASSWORD, limitersWith, startTestApi, type TestApi } from '../testing/harness.ts';

const SITE_PASSWORD = 'open sesame';
/**
 * The i-th address of client `client`'s /64, as the proxy in front appended it. Each test has a client of
 * its own (a blocked site-password guesser is blocked everywhere).
 */
const rotating = (client: number, i: number) =>
  `2001:db8:${client.toString(16)}:5678:${(i + 1).toString(16)}:${i.toString(16)}:0:1`;
/** Another client: an address of the next /64. */
const NEIGHBOUR = '2001:db8:ffff:5679::1';
const from = (address: string) => ({ 'x-forwarded-for': address, 'x-site-password': SITE_PASSWORD });

/** Sends `count` requests, each from a new address of the /64, and returns their statuses. */
async function statuses(count: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await send(i)).status);
  return seen;
}

describe('a client rotating through its IPv6 /64 (production defaults: one trusted hop)', () => {
  let api: TestApi;
  const streams: SseClient[] = [];
  beforeAll(async () => {
    api = await startTestApi('pglite', { NODE_ENV: 'production', ALLOW_LOCAL_PROVIDERS: '1', SITE_PASSWORD });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await api?.close();
  });

  it('gets 429 for wrong sign-ins to one e-mail after 10, and the owner on another /64 still signs in', async () => {
    const email = 'rotation-victim@example.test';
    await api.signUp(email);
    const seen = await statuses(60, (i) =>
      api.call('POST', '/api/auth/local/sign-in', {
        headers: from(rotating(1, i)),
        body: { email, password: `guess number ${i}` },
      }),
    );
    expect(seen.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(seen.slice(10)).toEqual(Array(50).fill(429));
    const owner = await api.call('POST', '/api/auth/local/sign-in', {
      headers: from(NEIGHBOUR),
      body: { email, password: TEST_PASSWORD },
    });
    expect(owner.status).toBe(200);
  }, 120_000); // ten password hashes, five of them paced two seconds apart

  it('gets 429 for site-password guesses after 10, even with the right password', async () => {
    const seen = await statuses(12, (i) =>
      api.call('POST', '/api/check-password', {
        headers: from(rotating(2, i)),
        body: { password: `guess ${i}` },
      }),
    );
    expect(seen).toEqual([...Array(10).fill(403), 429, 429]);
    const right = await api.call('POST', '/api/check-password', {
      headers: from(rotating(2, 99)),
      body: { password: SITE_PASSWORD },
    });
    expect(right.status).toBe(429);
    const neighbour = await api.call('POST', '/api/check-password', {
      headers: from(NEIGHBOUR),
      body: { password: SITE_PASSWORD },
    });
    expect(neighbour.status).toBe(200);
  });

  it('takes at most 20 beta waitlist spots', async () => {
    const seen = await statuses(25, (i) =>
      api.call('POST', '/api/beta-signup', {
        headers: from(rotating(3, i)),
        body: { email: `spot${i}@example.test`, tradingKnowledge: 'beginner', wallet: 'metamask' },
      }),
    );
    expect(seen).toEqual([...Array(20).fill(201), ...Array(5).fill(429)]);
  });

  it('sends at most 5 contact messages', async () => {
    const seen = await statuses(7, (i) =>
      api.call('POST', '/api/contact', {
        headers: from(rotating(4, i)),
        body: { name: 'Mallory', email: 'mallory@example.test', message: `message ${i}` },
      }),
    );
    expect(seen).toEqual([...Array(5).fill(201), 429, 429]);
  });

  it('opens at most 10 price streams, while another /64 still gets one', async () => {
    const open = async (address: string) => {
      const stream = await openSse(`${api.url}/api/prices/stream?ids=bitcoin`, from(address));
      streams.push(stream);
      return stream.status;
    };
    const seen: number[] = [];
    for (let i = 0; i < 12; i += 1) seen.push(await open(rotating(5, i)));
    expect(seen).toEqual([...Array(10).fill(200), 429, 429]);
    expect(await open(NEIGHBOUR)).toBe(200);
  });
});

describe('local sign-ups from one IPv6 /64', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(
      'pglite',
      { TRUSTED_PROXY_HOPS: '1' },
      { limiters: limitersWith({ 'sign-up': 3 }) },
    );
  });
  afterAll(() => api?.close());

  it('count as one client against the sign-up limit', async () => {
    const seen = await statuses(4, (i) =>
      api.call('POST', '/api/auth/local/sign-up', {
        headers: { 'x-forwarded-for': rotating(6, i) },
        body: { email: `sprayed-account${i}@example.test`, password: 'a long enough secret' },
      }),
    );
    expect(seen).toEqual([202, 202, 202, 429]);
  });
});
