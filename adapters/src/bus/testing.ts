/**
 * Test support for code that uses the bus: the implementations a suite should run against, and buses
 * in a namespace of their own that clean up after themselves on the shared Redis server.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { Logger } from '../logger.ts';
import { createMemoryBus } from './memory-bus.ts';
import type { Bus } from './port.ts';
import { createRedisBus } from './redis-bus.ts';

export type BusKind = 'memory' | 'redis';

/** The buses integration suites run on: in-process always, Redis too when a URL is given (CI sets REDIS_URL). */
export function busKinds(redisUrl: string | undefined): BusKind[] {
  return redisUrl ? ['memory', 'redis'] : ['memory'];
}

export interface TestBusOptions {
  /** Needed for kind `redis`. */
  redisUrl?: string;
  /** Clock of the in-process bus (ms); ignored by Redis, whose clock is the server's. */
  now?: () => number;
  logger?: Logger;
}

/** A bus under a unique prefix. `close()` also closes its peers and deletes every key under the prefix. */
export interface TestBus extends Bus {
  readonly kind: BusKind;
  readonly prefix: string;
  /**
   * Another handle on the same namespace, standing for a second process: a new Redis connection set,
   * or the same bus in memory (an in-process bus is one process by definition).
   */
  peer(): Promise<Bus>;
}

export async function createTestBus(kind: BusKind, options: TestBusOptions = {}): Promise<TestBus> {
  const prefix = `test:${randomUUID()}:`;
  if (kind === 'memory') {
    const bus = createMemoryBus({ prefix, now: options.now, logger: options.logger });
    return { ...bus, kind, prefix, peer: async () => bus };
  }
  const url = options.redisUrl;
  if (!url) throw new Error('createTestBus(redis) needs a redisUrl');
  const open = () => createRedisBus({ url, prefix, logger: options.logger });
  const bus = await open();
  const peers: Bus[] = [];
  return {
    ...bus,
    kind,
    prefix,
    async peer() {
      const peer = await open();
      peers.push(peer);
      return peer;
    },
    async close() {
      await Promise.all([...peers, bus].map((b) => b.close()));
      await deleteKeys(url, prefix);
    },
  };
}

async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}
