/**
 * Connection-state recovery restores a session on the word of its session id alone,
 * before any handshake check. Private state (the `user:{id}` room, the user events missed while away)
 * must reach only a socket whose token this connect verified for that user; a socket that comes back
 * with someone else's session id, no token, a garbage token, another user's token or no site password
 * gets none of it. Run on both adapters: in-process (ROLE=all) and Redis Streams.
 */
import { publishUserEvent } from '@coinpace/adapters';
import { busKinds, waitFor } from '@coinpace/adapters/testing';
import { ensureUser } from '@coinpace/db';
import { SOCKET_ERRORS, TICKER_COIN_IDS } from '@coinpace/domain';
import { io } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from './gateway.ts';
import { recordClient, type TestClient, type TestSocket } from './testing/clients.ts';
import { gatewaySuite } from './testing/gateway-suite.ts';

const redisUrl = process.env.REDIS_URL;

/** What a client knows to resume its session (socket.io-client keeps them private). */
type SessionKeys = { pid: string; offset: string };
type Auth = Record<string, string | undefined>;
/** A session and the socket id a recovery gives back. */
interface AwaySession {
  keys: SessionKeys;
  sid: string;
}
const sessionKeys = (socket: TestSocket) => socket as unknown as { _pid?: string; _lastOffset?: string };

/** The outcome of one handshake: every event packet that reached the client, whether or not it connected. */
interface Attempt {
  events: string[];
  client?: TestClient;
  error?: string;
}

describe.each(busKinds(redisUrl))('connection-state recovery on the %s bus', (kind) => {
  const suite = gatewaySuite({
    busKind: kind,
    redisUrl,
    prices: Object.fromEntries(
      TICKER_COIN_IDS.map((id) => [id, { usd: 1, usd_24h_change: 0, last_updated: 1_700_000_000 }]),
    ),
  });
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };

  beforeAll(async () => {
    const user = async (subject: string) => ({
      id: (await ensureUser(suite.database.db, subject)).id,
      token: suite.identity.issueToken(subject),
    });
    alice = await user(`local_recovery_alice_${Date.now()}`);
    bob = await user(`local_recovery_bob_${Date.now()}`);
  });

  const startNode = async (sitePassword?: string): Promise<{ url: string; gateway: Gateway }> =>
    await suite.start({ sitePassword });
  const client = (url: string, auth: Auth = {}) => suite.client(url, { auth });

  /**
   * Alice connects, then loses her transport, so the server keeps her session for recovery. While she
   * is away she gets a private event and everyone a public one, both kept for replay by either adapter
   * (emitted cluster-wide). An anonymous observer proves both were stored before this returns.
   */
  async function aliceAway(
    node: { url: string; gateway: Gateway },
    sitePassword?: string,
  ): Promise<AwaySession> {
    const password = sitePassword ? { sitePassword } : {};
    const observer = await client(node.url, password);
    const victim = await client(node.url, { token: alice.token, ...password });
    node.gateway.io.emit('source:state', { status: 'live' });
    await waitFor(() => sessionKeys(victim.socket)._lastOffset !== undefined, { what: 'an offset' });
    const keys: SessionKeys = {
      pid: sessionKeys(victim.socket)._pid!,
      offset: sessionKeys(victim.socket)._lastOffset!,
    };
    const sid = victim.socket.id!;
    victim.socket.io.engine.close();
    await waitFor(() => !node.gateway.io.of('/').sockets.has(sid), { what: 'the server losing alice' });
    node.gateway.io.to(`user:${alice.id}`).emit('portfolio:changed', { reason: 'deleted' });
    node.gateway.io.emit('source:state', { status: 'simulated' });
    await waitFor(() => observer.of('source:state').some((s) => s.status === 'simulated'), {
      what: 'the missed events stored',
    });
    return { keys, sid };
  }

  /** A handshake with `auth`, recording every event packet the client receives, even before a refusal. */
  function attempt(url: string, auth: Auth): Promise<Attempt> {
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
    const testClient = recordClient(socket);
    suite.adopt(testClient);
    socket.connect();
    return new Promise((resolve) => {
      socket.once('connect', () => resolve({ events, client: testClient }));
      socket.once('connect_error', (err) => resolve({ events, error: err.message }));
    });
  }

  /** Publishes a user event for alice and waits until her own live socket has it. */
  async function liveEventForAlice(witness: TestClient, reason: 'added' | 'updated') {
    await publishUserEvent(suite.bus, { userId: alice.id, type: 'portfolio:changed', payload: { reason } });
    await waitFor(() => witness.of('portfolio:changed').some((p) => p.reason === reason), {
      what: `alice's own socket receiving '${reason}'`,
    });
  }

  it('gives alice, back with her own token, her rooms and what she missed', async () => {
    const node = await startNode();
    const { keys, sid } = await aliceAway(node);
    const back = await attempt(node.url, { ...keys, token: alice.token });
    expect(back.error).toBeUndefined();
    expect(back.client!.socket.id).toBe(sid);
    await waitFor(() => back.client!.of('portfolio:changed').length === 1, { what: 'the replay' });
    expect(back.client!.of('portfolio:changed')[0]).toEqual({ reason: 'deleted' });
    expect(back.client!.of('source:state')).toContainEqual({ status: 'simulated' });
    await liveEventForAlice(back.client!, 'added');
  });

  it('gives a socket with alice’s session id but no token none of her events', async () => {
    const node = await startNode();
    const witness = await client(node.url, { token: alice.token });
    const { keys, sid } = await aliceAway(node);
    const intruder = await attempt(node.url, keys);
    expect(intruder.error).toBeUndefined();
    // The session was restored (its id and public part), so what follows is not vacuous.
    expect(intruder.client!.socket.id).toBe(sid);
    await liveEventForAlice(witness, 'updated');
    // A round trip on the intruder's connection: anything sent to it before has arrived.
    await intruder.client!.subscribe(['bitcoin']);
    expect(intruder.events).not.toContain('portfolio:changed');
  });

  it('gives a socket with alice’s session id and bob’s token bob’s events only', async () => {
    const node = await startNode();
    const witness = await client(node.url, { token: alice.token });
    const { keys, sid } = await aliceAway(node);
    const intruder = await attempt(node.url, { ...keys, token: bob.token });
    expect(intruder.error).toBeUndefined();
    expect(intruder.client!.socket.id).toBe(sid);
    await liveEventForAlice(witness, 'updated');
    await publishUserEvent(suite.bus, {
      userId: bob.id,
      type: 'portfolio:changed',
      payload: { reason: 'imported' },
    });
    await waitFor(() => intruder.client!.of('portfolio:changed').length > 0, { what: "bob's event" });
    await intruder.client!.subscribe(['bitcoin']);
    expect(intruder.client!.of('portfolio:changed')).toEqual([{ reason: 'imported' }]);
  });

  it('sends nothing to a socket with alice’s session id and a garbage token before refusing it', async () => {
    const node = await startNode();
    const { keys } = await aliceAway(node);
    const intruder = await attempt(node.url, { ...keys, token: 'not.a.token' });
    expect(intruder.error).toBe(SOCKET_ERRORS.unauthorized);
    expect(intruder.events).toEqual([]);
  });

  it('sends nothing to a socket with alice’s session id and no site password before refusing it', async () => {
    const node = await startNode('open sesame');
    const { keys } = await aliceAway(node, 'open sesame');
    const intruder = await attempt(node.url, keys);
    expect(intruder.error).toBe(SOCKET_ERRORS.sitePassword);
    expect(intruder.events).toEqual([]);
    const withToken = await attempt(node.url, { ...keys, token: alice.token });
    expect(withToken.error).toBe(SOCKET_ERRORS.sitePassword);
    expect(withToken.events).toEqual([]);
  });
});
