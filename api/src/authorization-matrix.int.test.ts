/**
 * The authorization matrix: every route the routers declare, read from
 * the router itself, times every kind of token an attacker has: none, garbage, expired, signed by another
 * key, for another authorized party, `alg: none`, and another user's valid token on the first user's ids.
 * A forged token always names the first user. Protected routes answer each forgery 401 with SPEC.md's texts;
 * the other user is kept to their own data (404 on the first user's ids); public routes (allow-listed in
 * route-table.ts) never answer 5xx; and the first user's rows are the same afterwards, in Clerk mode and
 * with local accounts.
 */
import { createLocalIdentity, publishUserEvent } from '@coinpace/adapters';
import {
  clerkClaims,
  expiredClaims,
  rsaTestKeys,
  signClerkToken,
  unsignedToken,
  waitFor,
} from '@coinpace/adapters/testing';
import { BUS_TOPICS, type PriceTick } from '@coinpace/domain';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from './features/prices/testing/sse-client.ts';
import { roomyLimiters, startTestApi, type TestApi } from './testing/harness.ts';
import {
  PUBLIC_ROUTES,
  concretePath,
  giveEverything,
  rowsOfUser,
  wellFormedBody,
  type Owned,
} from './testing/route-table.ts';

const PUBLIC_URL = 'http://localhost:3000';
const NO_TOKEN = 'No authentication token available';
const BAD_TOKEN = 'Authentication failed - please sign in again';

/** A forged or foreign credential; `expect` is what a protected route answers it. */
interface TokenCase {
  name: string;
  token: () => string | undefined;
  /** 'unauthenticated': 401 with `error`; 'foreign': a valid session of another user. */
  kind: 'unauthenticated' | 'foreign';
  error?: string;
}

interface Mode {
  name: string;
  start(engine: 'pglite' | 'postgres'): Promise<{ api: TestApi; alice: Owned; cases: TokenCase[] }>;
}

const clerkKeys = rsaTestKeys();
const strangerKeys = rsaTestKeys();

const MODES: Mode[] = [
  {
    name: 'Clerk',
    async start(engine) {
      const api = await startTestApi(
        engine,
        { CLERK_JWT_KEY: clerkKeys.publicKey, PUBLIC_URL },
        { limiters: roomyLimiters },
      );
      const aliceSub = `user_alice_${Date.now()}`;
      const claims = () => clerkClaims(aliceSub, PUBLIC_URL);
      const alice = await giveEverything(
        api,
        signClerkToken(claims(), clerkKeys.privateKey),
        `alice-${Date.now()}@example.test`,
      );
      const bob = () => signClerkToken(clerkClaims(`user_bob_${engine}`, PUBLIC_URL), clerkKeys.privateKey);
      const cases: TokenCase[] = [
        { name: 'no token', token: () => undefined, kind: 'unauthenticated', error: NO_TOKEN },
        { name: 'garbage', token: () => 'not-a-jwt', kind: 'unauthenticated', error: BAD_TOKEN },
        {
          name: 'expired',
          token: () => signClerkToken(expiredClaims(claims()), clerkKeys.privateKey),
          kind: 'unauthenticated',
          error: BAD_TOKEN,
        },
        {
          name: 'signed by another key',
          token: () => signClerkToken(claims(), strangerKeys.privateKey),
          kind: 'unauthenticated',
          error: BAD_TOKEN,
        },
        {
          name: 'for another authorized party',
          token: () => signClerkToken({ ...claims(), azp: 'https://evil.example' }, clerkKeys.privateKey),
          kind: 'unauthenticated',
          error: BAD_TOKEN,
        },
        { name: 'alg none', token: () => unsignedToken(claims()), kind: 'unauthenticated', error: BAD_TOKEN },
        { name: "another user's valid token", token: bob, kind: 'foreign' },
      ];
      return { api, alice, cases };
    },
  },
  {
    name: 'local identity',
    async start(engine) {
      const api = await startTestApi(engine, {}, { limiters: roomyLimiters });
      const local = api.identity.local!;
      const email = `alice-${Date.now()}@example.test`;
      const { token } = await api.signUp(email);
      const alice = await giveEverything(api, token, email);
      const stranger = await createLocalIdentity({ privateKeyPem: strangerKeys.privateKey });
      const bob = (await api.signUp()).token;
      const localClaims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const cases: TokenCase[] = [
        { name: 'no token', token: () => undefined, kind: 'unauthenticated', error: NO_TOKEN },
        { name: 'garbage', token: () => 'not-a-jwt', kind: 'unauthenticated', error: BAD_TOKEN },
        {
          name: 'expired',
          token: () => local.issueToken(alice.subject, Date.now() - 8 * 24 * 3600_000),
          kind: 'unauthenticated',
          error: BAD_TOKEN,
        },
        {
          name: 'signed by another key',
          token: () => stranger.issueToken(alice.subject),
          kind: 'unauthenticated',
          error: BAD_TOKEN,
        },
        {
          // Local tokens carry no azp; the nearest forgery is a Clerk token for the same subject.
          name: 'a Clerk-shaped token',
          token: () => signClerkToken(clerkClaims(alice.subject, PUBLIC_URL), strangerKeys.privateKey),
          kind: 'unauthenticated',
          error: BAD_TOKEN,
        },
        {
          name: 'alg none',
          token: () => unsignedToken(localClaims),
          kind: 'unauthenticated',
          error: BAD_TOKEN,
        },
        { name: "another user's valid token", token: () => bob, kind: 'foreign' },
      ];
      return { api, alice, cases };
    },
  },
];

/** Opens the SSE stream (which never ends by itself), keeps its status, and hangs up. */
async function openStream(api: TestApi, path: string, token: string | undefined) {
  const abort = new AbortController();
  const response = await fetch(api.url + path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const body: unknown = response.headers.get('content-type')?.includes('json') ? await response.json() : '';
  abort.abort();
  return { status: response.status, body: body as { error?: string } };
}

/** Deleting the account goes last: the other user's later requests would otherwise meet a fresh account. */
const lastly = (route: string) => (route === 'DELETE /api/billing/delete-account' ? 1 : 0);

describe.each(testEngines(process.env.DATABASE_URL))('authorization matrix on %s', (engine) => {
  describe.each(MODES)('$name', (mode) => {
    let api: TestApi;
    let alice: Owned;
    let cases: TokenCase[];
    let before: Awaited<ReturnType<typeof rowsOfUser>>;
    beforeAll(async () => {
      ({ api, alice, cases } = await mode.start(engine));
      before = await rowsOfUser(api, alice.userId);
    });
    afterAll(() => api?.close());

    it('walks every route with every token; only the owner reaches the owner’s data', async () => {
      const routes = [...api.routes].sort((a, b) => lastly(a) - lastly(b) || a.localeCompare(b));
      const unknownPublic = Object.keys(PUBLIC_ROUTES).filter((route) => !routes.includes(route));
      expect(unknownPublic, 'allow-listed routes the router no longer has').toEqual([]);
      const failures: string[] = [];
      let requests = 0;
      for (const tokenCase of cases) {
        for (const route of routes) {
          const method = route.slice(0, route.indexOf(' '));
          const path = concretePath(route, alice);
          const token = tokenCase.token();
          const answer =
            route === 'GET /api/prices/stream'
              ? await openStream(api, path, token)
              : await api.call(method, path, { token, body: wellFormedBody(route, alice) });
          requests += 1;
          const got = `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 120)}`;
          const fail = (why: string) => failures.push(`${route} with ${tokenCase.name}: ${why}, got ${got}`);
          if (answer.status >= 500) fail('a 5xx');
          else if (route in PUBLIC_ROUTES) continue;
          else if (tokenCase.kind === 'unauthenticated') {
            if (answer.status !== 401 || answer.body?.error !== tokenCase.error)
              fail(`expected 401 '${tokenCase.error}'`);
            // The same path in capitals reaches no handler at all, so none is reached past its guard.
            const shouted = await api.call(method, path.toUpperCase(), {
              token,
              body: wellFormedBody(route, alice),
            });
            requests += 1;
            if (shouted.status !== 404)
              fail(
                `expected 404 for ${path.toUpperCase()}, got ${shouted.status} ${JSON.stringify(shouted.body)?.slice(0, 120)}`,
              );
          } else if (/[:{]/.test(route) && answer.status !== 404) {
            // The owner's ids are in the path: the other user must not find them.
            fail('expected 404 on the owner’s id');
          }
        }
      }
      const paths = routes.filter((route) => /[:{]/.test(route) && !(route in PUBLIC_ROUTES)).length;
      console.log(
        `authorization matrix (${engine}, ${mode.name}): ${routes.length} routes ` +
          `(${routes.length - Object.keys(PUBLIC_ROUTES).length} protected, ${paths} with the owner's ids) x ` +
          `${cases.length} token cases = ${requests} requests`,
      );
      expect(failures).toEqual([]);
      expect(await rowsOfUser(api, alice.userId)).toEqual(before);
      // Some 450 requests, the sign-up and sign-in ones hashing at OWASP's scrypt cost (about 0.4 s of a
      // core each): over the default 30 s when CI runs files side by side on two cores.
    }, 180_000);

    it('gives every token the public price stream and nothing of the owner’s, resumed streams included', async () => {
      let lastEventId = '';
      for (const tokenCase of cases) {
        const token = tokenCase.token();
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        // Every other stream resumes from the last tick the previous one saw (Last-Event-ID).
        if (lastEventId && cases.indexOf(tokenCase) % 2 === 1) headers['last-event-id'] = lastEventId;
        const stream = await openSse(`${api.url}/api/prices/stream?ids=bitcoin`, headers);
        try {
          expect(stream.status, tokenCase.name).toBe(200);
          // The `retry:` line is written once the stream listens for ticks.
          await waitFor(() => stream.events.length >= 1, { what: `the stream open (${tokenCase.name})` });
          await publishUserEvent(api.bus, {
            userId: alice.userId,
            type: 'portfolio:changed',
            payload: { reason: 'deleted' },
          });
          const tick: PriceTick = {
            id: `${Date.now()}-${cases.indexOf(tokenCase)}`,
            at: Date.now(),
            prices: {
              bitcoin: { usd: 50_000 + cases.indexOf(tokenCase), usd_24h_change: 0, last_updated: 1 },
            },
            source: { status: 'live' },
          };
          await api.bus.publish(BUS_TOPICS.priceTick, tick);
          await waitFor(() => stream.messages().some((m) => m.id === tick.id), {
            what: `the tick (${tokenCase.name})`,
          });
          lastEventId = tick.id;
          for (const message of stream.messages()) {
            expect(['initial', 'update'], tokenCase.name).toContain((message.data as { type: string }).type);
            expect(JSON.stringify(message.data)).not.toContain(alice.userId);
          }
        } finally {
          stream.close();
        }
      }
      console.log(`price stream (${engine}, ${mode.name}): ${cases.length} token cases`);
    });
  });
});
