/**
 * The authorization matrix of the Socket.IO gateway: every kind of token
 * an attacker has (none, garbage, expired, another key, another authorized party, `alg: none`, another
 * user's valid token), on a fresh connect and on a connection-state recovery of the first user's session.
 * A forged token is refused and receives nothing; no token is an anonymous socket; another user's token is
 * that user's socket; none of them ever receives a private event of the first user, live or replayed. Her own
 * token gets them (the controls that keep the rest from passing vacuously). Clerk mode and local accounts.
 */
import {
  createClerkVerifier,
  createLocalIdentity,
  publishUserEvent,
  type IdentityVerifier,
} from '@coinpace/adapters';
import {
  busKinds,
  clerkClaims,
  createTestBus,
  expiredClaims,
  rsaTestKeys,
  signClerkToken,
  unsignedToken,
  waitFor,
  type TestBus,
} from '@coinpace/adapters/testing';
import { ensureUser } from '@coinpace/db';
import { createTestDatabase, type TestDatabase } from '@coinpace/db/testing';
import { SOCKET_ERRORS } from '@coinpace/domain';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { connectClient, recordClient, type TestClient, type TestSocket } from './testing/clients.ts';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.ts';

const PUBLIC_URL = 'http://localhost:3000';
const clerkKeys = rsaTestKeys();
const strangerKeys = rsaTestKeys();

interface TokenCase {
  name: string;
  token: () => string | undefined;
  /** refused: connect_error unauthorized; anonymous: connects with no user; foreign: the other user's socket. */
  kind: 'refused' | 'anonymous' | 'foreign';
}

interface Mode {
  name: string;
  /** The verifier, alice's and bob's subjects and tokens, and the forgeries (all naming alice). */
  make(): Promise<{
    verifier: IdentityVerifier;
    alice: { subject: string; token: () => string };
    bob: { subject: string; token: () => string };
    forged: TokenCase[];
  }>;
}

const MODES: Mode[] = [
  {
    name: 'Clerk',
    async make() {
      const verifier = createClerkVerifier({ jwtKey: clerkKeys.publicKey, authorizedParties: [PUBLIC_URL] });
      const alice = `user_socket_alice_${Date.now()}`;
      const bob = `user_socket_bob_${Date.now()}`;
      const claims = () => clerkClaims(alice, PUBLIC_URL);
      return {
        verifier,
        alice: { subject: alice, token: () => signClerkToken(claims(), clerkKeys.privateKey) },
        bob: {
          subject: bob,
          token: () => signClerkToken(clerkClaims(bob, PUBLIC_URL), clerkKeys.privateKey),
        },
        forged: [
          {
            name: 'expired',
            kind: 'refused',
            token: () => signClerkToken(expiredClaims(claims()), clerkKeys.privateKey),
          },
          {
            name: 'signed by another key',
            kind: 'refused',
            token: () => signClerkToken(claims(), strangerKeys.privateKey),
          },
          {
            name: 'for another authorized party',
            kind: 'refused',
            token: () => signClerkToken({ ...claims(), azp: 'https://evil.example' }, clerkKeys.privateKey),
          },
          { name: 'alg none', kind: 'refused', token: () => unsignedToken(claims()) },
        ],
      };
    },
  },
  {
    name: 'local identity',
    async make() {
      const local = await createLocalIdentity({ privateKeyPem: clerkKeys.privateKey });
      const stranger = await createLocalIdentity({ privateKeyPem: strangerKeys.privateKey });
      const alice = local.newSubject();
      const bob = local.newSubject();
      const claims = JSON.parse(Buffer.from(local.issueToken(alice).split('.')[1]!, 'base64url').toString());
      return {
        verifier: local,
        alice: { subject: alice, token: () => local.issueToken(alice) },
        bob: { subject: bob, token: () => local.issueToken(bob) },
        forged: [
          {
            name: 'expired',
            kind: 'refused',
            token: () => local.issueToken(alice, Date.now() - 8 * 24 * 3600_000),
          },
          { name: 'signed by another key', kind: 'refused', token: () => stranger.issueToken(alice) },
          {
            name: 'a Clerk-shaped token',
            kind: 'refused',
            token: () => signClerkToken(clerkClaims(alice, PUBLIC_URL), clerkKeys.privateKey),
          },
          { name: 'alg none', kind: 'refused', token: () => unsignedToken(claims) },
        ],
      };
    },
  },
];

/** What a client knows to resume its session (socket.io-client keeps them private). */
const sessionOf = (socket: TestSocket) => socket as unknown as { _pid?: string; _lastOffset?: string };

/** One handshake: every event packet the client received (even before a refusal) and how it ended. */
interface Attempt {
  events: string[];
  client?: TestClient;
  error?: string;
}

const combos = busKinds(process.env.REDIS_URL).flatMap((kind) => MODES.map((mode) => [kind, mode] as const));

describe.each(combos)('gateway authorization matrix on the %s bus, %s', (kind, mode) => {
  let database: TestDatabase;
  let bus: TestBus;
  let made: Awaited<ReturnType<Mode['make']>>;
  let cases: TokenCase[];
  let aliceId: string;
  let bobId: string;
  let url: string;
  let server: TestGateway;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    bus = await createTestBus(kind, { redisUrl: process.env.REDIS_URL });
    made = await mode.make();
    aliceId = (await ensureUser(database.db, made.alice.subject)).id;
    bobId = (await ensureUser(database.db, made.bob.subject)).id;
    cases = [
      { name: 'no token', kind: 'anonymous', token: () => undefined },
      { name: 'garbage', kind: 'refused', token: () => 'not-a-jwt' },
      ...made.forged,
      { name: "another user's valid token", kind: 'foreign', token: made.bob.token },
    ];
    server = await startTestGateway({
      bus,
      db: database.db,
      verifier: made.verifier,
      redisUrl: kind === 'redis' ? process.env.REDIS_URL : undefined,
      redisPrefix: bus.prefix,
    });
    url = server.url;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await server?.close();
    await bus?.close();
    await database?.close();
  });

  /** A handshake with `auth`, recording every event packet, whether or not it connects. */
  function attempt(auth: Record<string, string | undefined>): Promise<Attempt> {
    const socket: TestSocket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      autoConnect: false,
      auth,
    });
    const events: string[] = [];
    socket.io.on('packet', (packet) => {
      if (packet.type === 2) events.push((packet.data as unknown[])[0] as string);
    });
    const client = recordClient(socket);
    clients.push(client);
    socket.connect();
    return new Promise((resolve) => {
      socket.once('connect', () => resolve({ events, client }));
      socket.once('connect_error', (err) => resolve({ events, error: err.message }));
    });
  }

  /** Publishes a private event of `userId` and waits until `witness` (that user's own socket) has it. */
  async function privateEvent(userId: string, witness: TestClient, reason: 'added' | 'updated' | 'imported') {
    await publishUserEvent(bus, { userId, type: 'portfolio:changed', payload: { reason } });
    await waitFor(() => witness.of('portfolio:changed').some((p) => p.reason === reason), {
      what: `the owner's socket receiving '${reason}'`,
    });
  }

  /** Checks what a handshake with `tokenCase` got, after alice's event reached her own socket. */
  async function judge(tokenCase: TokenCase, got: Attempt, bobWitness?: () => Promise<void>) {
    if (tokenCase.kind === 'refused') {
      expect(got.error, tokenCase.name).toBe(SOCKET_ERRORS.unauthorized);
      expect(got.events, tokenCase.name).toEqual([]);
      return;
    }
    expect(got.error, tokenCase.name).toBeUndefined();
    if (bobWitness) await bobWitness();
    // A round trip on this connection: anything sent to it before has arrived.
    await got.client!.subscribe(['bitcoin']);
    const reasons = got.client!.of('portfolio:changed').map((p) => p.reason);
    expect(reasons, tokenCase.name).toEqual(tokenCase.kind === 'foreign' ? ['imported'] : []);
  }

  it('on a fresh connect: refused, anonymous or the other user, never the first user', async () => {
    const alice = await connectClient(url, { auth: { token: made.alice.token() } });
    clients.push(alice);
    for (const tokenCase of cases) {
      const got = await attempt({ token: tokenCase.token() });
      await privateEvent(aliceId, alice, 'updated');
      await judge(tokenCase, got, async () => {
        if (tokenCase.kind === 'foreign') await privateEvent(bobId, got.client!, 'imported');
      });
      got.client?.close();
      alice.events.length = 0;
    }
    console.log(`gateway matrix (${kind}, ${mode.name}): ${cases.length} token cases on a fresh connect`);
  });

  it('on a recovery of the first user’s session: nothing of hers without her token', async () => {
    for (const tokenCase of [...cases, { name: 'her own token', kind: 'owner', token: made.alice.token }]) {
      const witness = await connectClient(url, { auth: { token: made.alice.token() } });
      clients.push(witness);
      // Alice connects, sees one event (so she has an offset), then loses her transport.
      const away = await connectClient(url, { auth: { token: made.alice.token() } });
      clients.push(away);
      server.gateway.io.emit('source:state', { status: 'live' });
      await waitFor(() => sessionOf(away.socket)._lastOffset !== undefined, { what: 'an offset' });
      const keys = { pid: sessionOf(away.socket)._pid!, offset: sessionOf(away.socket)._lastOffset! };
      const sid = away.socket.id!;
      away.socket.io.engine.close();
      await waitFor(() => !server.gateway.io.of('/').sockets.has(sid), { what: 'the server losing alice' });
      // Missed while away: kept for replay.
      server.gateway.io.to(`user:${aliceId}`).emit('portfolio:changed', { reason: 'deleted' });

      const got = await attempt({ ...keys, token: tokenCase.token() });
      if (tokenCase.kind === 'owner') {
        // The control: her own token gets her session and what she missed.
        expect(got.error).toBeUndefined();
        await waitFor(() => got.client!.of('portfolio:changed').length > 0, { what: 'the replay' });
        expect(got.client!.of('portfolio:changed')).toEqual([{ reason: 'deleted' }]);
      } else {
        await privateEvent(aliceId, witness, 'updated');
        await judge(tokenCase as TokenCase, got, async () => {
          if (tokenCase.kind === 'foreign') await privateEvent(bobId, got.client!, 'imported');
        });
      }
      for (const client of clients.splice(0)) client.close();
    }
    console.log(
      `gateway matrix (${kind}, ${mode.name}): ${cases.length} token cases + the owner on a recovered session`,
    );
  });
});
