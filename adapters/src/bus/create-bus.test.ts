import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../wait-for.ts';
import { createBus } from './create-bus.ts';

const redisUrl = process.env.REDIS_URL;

describe('createBus', () => {
  it('makes an in-process bus without a Redis URL', async () => {
    const bus = await createBus({});
    const got: unknown[] = [];
    await bus.subscribe('t', (p) => got.push(p));
    await bus.publish('t', { ok: true });
    await waitFor(() => got.length === 1);
    expect(got).toEqual([{ ok: true }]);
    await bus.close();
  });

  it('rejects with a clear error when Redis does not accept a connection in time', async () => {
    const started = createBus({ redisUrl: 'redis://:hunter2@127.0.0.1:1', connectTimeoutMs: 300 });
    await expect(started).rejects.toThrow(
      'Redis at redis://:***@127.0.0.1:1 did not accept a connection within 300 ms',
    );
  });

  if (redisUrl) {
    it('makes a Redis bus that keeps every key under its prefix', async () => {
      const prefix = `test:${randomUUID()}:`;
      const bus = await createBus({ redisUrl, prefix });
      const raw = createClient({ url: redisUrl });
      await raw.connect();
      try {
        expect(bus.isHealthy()).toBe(true);
        await bus.append('alerts', { n: 1 });
        const lock = await bus.acquireLock('poller', 60_000);
        expect((await raw.keys(`${prefix}*`)).sort()).toEqual([
          `${prefix}lock:poller`,
          `${prefix}stream:alerts`,
        ]);
        const got: unknown[] = [];
        await bus.subscribe('ticks', (p) => got.push(p));
        await raw.publish(`${prefix}ticks`, JSON.stringify({ from: 'raw' }));
        await waitFor(() => got.length === 1);
        expect(got).toEqual([{ from: 'raw' }]);
        await lock!.release();
        await raw.del(`${prefix}stream:alerts`);
      } finally {
        await bus.close();
        await raw.close();
      }
    });
  }
});
