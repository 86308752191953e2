/**
 * As an attacker tries it: one address opens far more sockets than allowed, and
 * sockets ask for thousands of made-up ids and for more coin sets than a node keeps. The limits hold,
 * and the node answers `/healthz` with 200 all along (its latency is printed, not asserted).
 */
import { describeHealth, probeHealth } from '@coinpace/adapters/testing';
import { DEFAULT_WATCHED_COINS, type PriceMap } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { connectClient, type TestClient } from './testing/clients.ts';
import { gatewaySuite } from './testing/gateway-suite.ts';

/** Coins with a stored price: known, so only the caps stand between them and a socket. */
const PRICED = Array.from({ length: 150 }, (_, i) => `abuse-coin-${i + 1}`);

describe('a gateway under attack from one address', () => {
  const prices: PriceMap = {};
  for (const id of PRICED) prices[id] = { usd: 1, usd_24h_change: 0, last_updated: 1_700_000_000 };
  const suite = gatewaySuite({ prices });
  const start = suite.start;

  /** Tries `count` sockets at once; resolves with the connected ones and the number refused. */
  async function flood(url: string, count: number): Promise<{ connected: TestClient[]; refused: number }> {
    const outcomes = await Promise.allSettled(Array.from({ length: count }, () => connectClient(url)));
    const connected = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    for (const client of connected) suite.adopt(client);
    return { connected, refused: outcomes.length - connected.length };
  }

  it('holds the sockets-per-address cap (default 50) against 300 sockets at once, /healthz answering', async () => {
    const { url, gateway } = await start();
    const health = probeHealth(url);
    const { connected, refused } = await flood(url, 300);
    const samples = await health.stop();
    console.log(describeHealth('300 sockets from one address', samples));

    expect(connected).toHaveLength(50);
    expect(refused).toBe(250);
    expect(gateway.connections()).toBe(50);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((s) => s.status === 200)).toBe(true);
  });

  it('holds the watched-coin cap and the bound on coin sets against sockets asking for 2,000 ids, most made up, and many sets, /healthz answering', async () => {
    const { url, gateway } = await start({ maxCoinSets: 20 });
    const { connected } = await flood(url, 50);
    const health = probeHealth(url);
    const madeUp = (socket: number, round: number) =>
      Array.from({ length: 1_970 }, (_, i) => `made-up-${socket}-${round}-${i}`);
    const answers = await Promise.all(
      connected.flatMap((client, socket) =>
        [0, 1, 2].map((round) =>
          // Each socket its own slices of known coins, so each would make a set of its own, then 1,970
          // made-up ids: a request is read for the socket's cap and the ticker coins (60), no further.
          client.watch([
            ...PRICED.slice(socket + 30 * round, socket + 30 * round + 30),
            ...madeUp(socket, round),
          ]),
        ),
      ),
    );
    const samples = await health.stop();
    console.log(describeHealth('50 sockets x 3 subscribes of 30 known and 1,970 made-up ids', samples));

    for (const { refused } of answers) expect(refused.unknown).toHaveLength(30);
    const sockets = await gateway.io.local.fetchSockets();
    expect(sockets).toHaveLength(50);
    for (const socket of sockets) {
      expect(socket.data.coins.length).toBeLessThanOrEqual(DEFAULT_WATCHED_COINS.anonymous);
      expect(socket.data.coins.every((id: string) => PRICED.includes(id))).toBe(true);
    }
    const coinRooms = [...gateway.io.of('/').adapter.rooms.keys()].filter((room) =>
      room.startsWith('coins:'),
    );
    expect(coinRooms.length).toBeLessThanOrEqual(20);
    expect(answers.some(({ refused }) => refused.gatewayFull.length > 0)).toBe(true);
    expect(answers.some(({ refused }) => refused.overLimit.length > 0)).toBe(true);
    expect(connected.every((client) => client.socket.connected)).toBe(true);
    expect(samples.every((s) => s.status === 200)).toBe(true);
  });
});
