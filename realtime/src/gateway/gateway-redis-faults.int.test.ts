/**
 * A Redis blip must not freeze a gateway. The gateway runs in a process of its own
 * against a redis-server this suite owns; the suite kills the gateway's Redis connections (and, second,
 * restarts Redis empty) and expects the node to keep answering and its clients to get prices again.
 * A node whose event loop is starved answers neither IPC nor Socket.IO, so each wait below is bounded.
 * Runs where Redis is (REDIS_URL set, as CI sets it): it needs the redis-server binary, not that server.
 */
import { createRedisBus, type Bus } from '@coinpace/adapters';
import { startOwnRedisServer, waitFor, type OwnRedisServer } from '@coinpace/adapters/testing';
import { BUS_TOPICS, type PriceTick } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, type TestClient } from './testing/clients.ts';
import { startClusterNode, type ClusterNode } from './testing/cluster-node.ts';

const PREFIX = 'faults:';
let seq = 0;
const tickOf = (usd: number): PriceTick => ({
  id: `${Date.now()}-${++seq}`,
  at: Date.now(),
  prices: { 'fault-coin': { usd, usd_24h_change: 0, last_updated: 1_700_000_000 } },
  source: { status: 'live' },
});

describe.runIf(process.env.REDIS_URL)('gateway when its Redis connections drop', () => {
  let redis: OwnRedisServer;
  let node: ClusterNode | undefined;
  let client: TestClient | undefined;
  let publisher: Bus | undefined;

  beforeEach(async () => {
    redis = await startOwnRedisServer();
    node = await startClusterNode({ REDIS_URL: redis.url, BUS_PREFIX: PREFIX, DATABASE_URL: undefined });
    // Sockets watch only coins Coinpace follows: the coin is tracked, as a holding would make it.
    await node.send({ cmd: 'trackCoin', coingeckoId: 'fault-coin' });
    client = await connectClient(node.url, { reconnection: true, reconnectionDelayMax: 500 });
    expect((await client.watch(['fault-coin'])).refused.unknown).toEqual([]);
  });
  afterEach(async () => {
    client?.close();
    node?.child.kill('SIGKILL');
    await publisher?.close().catch(() => {});
    publisher = undefined;
    await redis.close();
  });

  /** Publishes a tick every 100 ms until the client has received a price above `from`. */
  async function expectPricesAfter(from: number): Promise<void> {
    let usd = from;
    const received = () => client!.of('prices').some((p) => (p['fault-coin']?.usd ?? 0) > from);
    await waitFor(
      async () => {
        await publisher!.publish(BUS_TOPICS.priceTick, tickOf(++usd)).catch(() => {});
        return received();
      },
      { timeoutMs: 15_000, intervalMs: 100, what: 'prices reaching the client again' },
    );
  }

  it('keeps answering and delivers prices again after CLIENT KILL of its connections', async () => {
    publisher = await createRedisBus({ url: redis.url, prefix: PREFIX });
    await expectPricesAfter(0);

    expect(await redis.killClients()).toBeGreaterThan(0);
    // The node's event loop must stay free: it answers IPC at once.
    await node!.send({ cmd: 'ping' }, 2_000);
    // The killed connections include the test's own publisher; it reconnects by itself.
    await expectPricesAfter(1_000);
    await node!.send({ cmd: 'ping' }, 2_000);
  });

  it('keeps answering while Redis is down and delivers prices again once it is back, empty', async () => {
    publisher = await createRedisBus({ url: redis.url, prefix: PREFIX });
    await expectPricesAfter(0);

    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await node!.send({ cmd: 'ping' }, 2_000);
    await redis.start();
    await expectPricesAfter(1_000);
    await node!.send({ cmd: 'ping' }, 2_000);
  });
});
