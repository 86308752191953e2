import { createLocalIdentity, publishUserEvent } from '@coinpace/adapters';
import { busKinds, waitFor } from '@coinpace/adapters/testing';
import { ensureUser, trackCoin } from '@coinpace/db';
import { createTestDatabase } from '@coinpace/db/testing';
import {
  BUS_TOPICS,
  SOCKET_ERRORS,
  TICKER_COIN_IDS,
  fallbackTicker,
  tickerFromPrices,
  type PriceQuote,
  type PriceTick,
} from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { connectClient } from './testing/clients.ts';
import { startClusterNode } from './testing/cluster-node.ts';
import { testKeyPem } from './testing/key.ts';
import { gatewaySuite } from './testing/gateway-suite.ts';

const redisUrl = process.env.REDIS_URL;
const databaseUrl = process.env.DATABASE_URL;

const q = (usd: number, change = 0): PriceQuote => ({
  usd,
  usd_24h_change: change,
  last_updated: 1_700_000_000,
});
let tickSeq = 0;
const tick = (prices: PriceTick['prices'], extra: Partial<PriceTick> = {}): PriceTick => ({
  id: `${Date.now()}-${++tickSeq}`,
  at: Date.now(),
  prices,
  source: { status: 'live' },
  ...extra,
});

describe.each(busKinds(redisUrl))('gateway on the %s bus', (kind) => {
  const suite = gatewaySuite({
    busKind: kind,
    redisUrl,
    prices: {
      ...Object.fromEntries(TICKER_COIN_IDS.map((id, i) => [id, q(100 + i)])),
      'gw-a': q(1),
      'gw-b': q(2),
      'gw-c': q(3),
    },
  });
  const startNode = async (sitePassword?: string) => (await suite.start({ sitePassword })).url;
  const client = suite.client;

  it('sends the stored ticker on connect, answers subscribe with latest quotes, and sends each socket one prices frame per tick with its changed coins and the ticker coins', async () => {
    const url = await startNode();
    const one = await client(url);
    const two = await client(url);
    const idle = await client(url);
    await waitFor(() => one.of('ticker').length === 1, { what: 'ticker on connect' });
    const storedTicker = one.of('ticker')[0]!;
    expect(storedTicker.map((c) => c.symbol)).toEqual(fallbackTicker().map((c) => c.symbol));
    expect(storedTicker[0]!.price).toBe(100);

    // A made-up id is not watched, and the ack says so; a malformed one is dropped.
    await expect(one.watch(['gw-a', 'gw-b', 'Not An Id!', 'gw-unknown'])).resolves.toEqual({
      latest: { 'gw-a': q(1), 'gw-b': q(2) },
      refused: { unknown: ['gw-unknown'], overLimit: [], gatewayFull: [] },
    });
    await two.subscribe(['gw-b', 'gw-c']);

    // The ticker moved (every coin to 200) without quotes in the tick (as with cached prices): the
    // ticker coins travel as quotes in the same frame, with their last known update time.
    const ticker = tickerFromPrices(Object.fromEntries(TICKER_COIN_IDS.map((id) => [id, q(200)])));
    const tickerQuotes = Object.fromEntries(TICKER_COIN_IDS.map((id) => [id, q(200)]));
    await suite.bus.publish(
      BUS_TOPICS.priceTick,
      tick({ 'gw-a': q(1.5), 'gw-c': q(3.5), 'gw-z': q(9), bitcoin: q(201, 1) }, { ticker }),
    );
    await waitFor(
      () => one.of('prices').length === 1 && two.of('prices').length === 1 && idle.of('prices').length === 1,
      { what: 'prices' },
    );
    const tickerPart = { ...tickerQuotes, bitcoin: q(201, 1) };
    expect(one.of('prices')).toEqual([{ 'gw-a': q(1.5), ...tickerPart }]);
    expect(two.of('prices')).toEqual([{ 'gw-c': q(3.5), ...tickerPart }]);
    expect(idle.of('prices')).toEqual([tickerPart]);
    expect(one.of('source:state')).toEqual([{ status: 'live' }]);
    // One frame per tick: no `ticker` event after the one on connect.
    expect(one.of('ticker')).toHaveLength(1);
    expect(idle.events.filter((e) => e.event !== 'source:state').map((e) => e.event)).toEqual([
      'ticker',
      'prices',
    ]);

    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'gw-a': q(1.6), 'gw-b': q(2.5) }));
    await waitFor(() => two.of('prices').length === 2, { what: 'second tick' });
    await waitFor(() => one.of('prices').length === 2, { what: 'second tick on one' });
    expect(one.of('prices')[1]).toEqual({ 'gw-a': q(1.6), 'gw-b': q(2.5) });
    expect(two.of('prices')[1]).toEqual({ 'gw-b': q(2.5) });
    // The state did not change, so it was not sent again.
    expect(one.of('source:state')).toHaveLength(1);

    // Each socket is in two rooms: its own and its coin set's (no per-coin rooms, no ticker room).
    const { io } = suite.servers[0]!.gateway;
    const rooms = (await io.fetchSockets()).map((s) => [...s.rooms].filter((r) => r !== s.id));
    expect(rooms.map((r) => r.length)).toEqual([1, 1, 1]);
    one.socket.emit('unsubscribe', { coins: ['gw-a'] });
    await waitFor(async () => (await io.in(rooms[0]![0]!).fetchSockets()).length === 0, {
      what: 'one left its old set',
    });
    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'gw-a': q(1.7) }));
    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'gw-b': q(2.6) }));
    await waitFor(() => one.of('prices').length === 3, { what: 'third tick' });
    expect(one.of('prices')[2]).toEqual({ 'gw-b': q(2.6) });

    // A client connecting now gets the latest ticker and quotes, as a reconnecting client does.
    const late = await client(url);
    await waitFor(() => late.of('ticker').length === 1, { what: 'late ticker' });
    expect(late.of('ticker')[0]).toEqual(ticker);
    // A tick that leaves the ticker as it was sends no ticker coins.
    expect(idle.of('prices')).toHaveLength(1);
    await expect(late.subscribe(['gw-a', 'gw-b'])).resolves.toEqual({ 'gw-a': q(1.7), 'gw-b': q(2.6) });
  });

  it('requires the site password in the handshake when one is set', async () => {
    const url = await startNode('open sesame');
    await expect(client(url)).rejects.toThrow(SOCKET_ERRORS.sitePassword);
    await expect(client(url, { auth: { sitePassword: 'open sesame!' } })).rejects.toThrow(
      SOCKET_ERRORS.sitePassword,
    );
    await expect(client(url, { auth: { sitePassword: 'open sesame' } })).resolves.toBeDefined();
    await expect(client(url, { extraHeaders: { 'x-site-password': 'open sesame' } })).resolves.toBeDefined();
  });

  it('puts a verified user in their room; user events reach only that user; a bad token is refused', async () => {
    const url = await startNode();
    const subject = `local_${Math.random().toString(36).slice(2)}`;
    const user = await ensureUser(suite.database.db, subject);
    const other = await ensureUser(suite.database.db, `${subject}_other`);
    const mine = await client(url, { auth: { token: suite.identity.issueToken(subject) } });
    const anonymous = await client(url);
    await expect(client(url, { auth: { token: 'not.a.token' } })).rejects.toThrow(SOCKET_ERRORS.unauthorized);

    await publishUserEvent(suite.bus, {
      userId: other.id,
      type: 'portfolio:changed',
      payload: { reason: 'added' },
    });
    await publishUserEvent(suite.bus, {
      userId: user.id,
      type: 'portfolio:changed',
      payload: { reason: 'deleted' },
    });
    await waitFor(() => mine.of('portfolio:changed').length > 0, { what: 'user event' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mine.of('portfolio:changed')).toEqual([{ reason: 'deleted' }]);
    expect(anonymous.of('portfolio:changed')).toEqual([]);
  });

  it('lets a client that reconnects resubscribe and catch up on what it missed', async () => {
    const url = await startNode();
    const watcher = await client(url);
    await watcher.subscribe(['gw-c']);
    watcher.close();
    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'gw-c': q(30) }));
    await waitFor(async () => (await probeQuote(url, 'gw-c'))?.usd === 30, {
      what: 'the gateway saw the tick',
    });
    const back = await client(url);
    await expect(back.subscribe(['gw-c'])).resolves.toEqual({ 'gw-c': q(30) });
    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'gw-c': q(31) }));
    await waitFor(() => back.of('prices').length === 1, { what: 'live again' });
    expect(back.of('prices')).toEqual([{ 'gw-c': q(31) }]);
  });

  it('closing one node drops only its own sockets, with a transport close their clients retry', async () => {
    const first = await startNode();
    const second = await startNode();
    const onFirst = await client(first);
    const onSecond = await client(second);
    const reasons = { first: [] as string[], second: [] as string[] };
    onFirst.socket.on('disconnect', (reason) => reasons.first.push(reason));
    onSecond.socket.on('disconnect', (reason) => reasons.second.push(reason));

    await suite.servers[0]!.close();
    await waitFor(() => reasons.first.length === 1, { what: 'the first node dropping its socket' });
    // 'io server disconnect' is the one reason Socket.IO clients never retry by themselves.
    expect(reasons.first).toEqual(['transport close']);

    await expect(onSecond.subscribe(['gw-a'])).resolves.toBeDefined();
    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'gw-a': q(11) }));
    await waitFor(() => onSecond.of('prices').length === 1, { what: 'a tick on the second node' });
    expect(reasons.second).toEqual([]);
    expect(onSecond.socket.connected).toBe(true);
  });

  async function probeQuote(url: string, id: string) {
    const probe = await client(url);
    const quotes = await probe.subscribe([id]);
    probe.close();
    return quotes[id];
  }
  // Two gateway processes share one Redis (bus and Socket.IO adapter) and one Postgres.
  if (kind === 'redis' && databaseUrl)
    it('two processes: a client on the second receives ticks and user events published through the first', async () => {
      const clusterDb = await createTestDatabase('postgres', databaseUrl);
      const nodeEnv = { DATABASE_URL: clusterDb.url, REDIS_URL: redisUrl, BUS_PREFIX: suite.bus.prefix };
      const nodes = await Promise.all([startClusterNode(nodeEnv), startClusterNode(nodeEnv)]);
      const [first, second] = nodes;
      try {
        const subject = `local_cluster_${Date.now()}`;
        const user = await ensureUser(clusterDb.db, subject);
        const identity = await createLocalIdentity({ privateKeyPem: testKeyPem() });
        // Sockets watch only coins Coinpace follows: the user tracks the coin first.
        await trackCoin(clusterDb.db, { coingeckoId: 'cluster-coin', name: 'Cluster coin', symbol: 'CLU' });
        const client = await connectClient(second!.url, { auth: { token: identity.issueToken(subject) } });
        suite.adopt(client);
        expect((await client.watch(['bitcoin', 'cluster-coin'])).refused.unknown).toEqual([]);

        // The adapter is shared: the first node sees the second node's socket.
        await waitFor(async () => (await first!.send({ cmd: 'clusterSockets' })) === 1, {
          what: 'cluster view',
        });

        const tick: PriceTick = {
          id: `${Date.now()}-1`,
          at: Date.now(),
          prices: {
            'cluster-coin': { usd: 42, usd_24h_change: 1.5, last_updated: 1_700_000_000 },
            'not-watched': { usd: 1, usd_24h_change: 0, last_updated: 1_700_000_000 },
          },
          source: { status: 'live' },
        };
        await first!.send({ cmd: 'publishTick', tick });
        await waitFor(() => client.of('prices').length === 1, { what: 'tick on the second node' });
        expect(client.of('prices')[0]).toEqual({ 'cluster-coin': tick.prices['cluster-coin'] });

        await first!.send({
          cmd: 'publishUserEvent',
          event: { userId: user.id, type: 'portfolio:changed', payload: { reason: 'imported' } },
        });
        await waitFor(() => client.of('portfolio:changed').length === 1, { what: 'user event' });
        expect(client.of('portfolio:changed')).toEqual([{ reason: 'imported' }]);

        // An emit on the first node to a room reaches the second node's socket only through the adapter.
        await first!.send({ cmd: 'emitToRoom', room: `user:${user.id}`, plan: 'Token Run' });
        await waitFor(() => client.of('billing:updated').length === 1, { what: 'cluster-wide emit' });
        expect(client.of('billing:updated')).toEqual([{ plan: 'Token Run', reason: 'test' }]);
        // Everything arrived exactly once.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(client.of('prices')).toHaveLength(1);
        expect(client.of('portfolio:changed')).toHaveLength(1);
      } finally {
        for (const node of nodes) node.child.kill('SIGKILL');
        await clusterDb.close();
      }
    });
});
