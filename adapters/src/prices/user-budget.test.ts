/**
 * The users' share of the quota: never more than `calls` user-driven calls in any window, in memory and
 * shared through Redis by every process; refusing while Redis cannot answer.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { createTestClock } from './testing/test-clock.ts';
import { silentPriceLogger } from './logger.ts';
import {
  bucketShape,
  createMemoryUpstreamBudget,
  createRedisUpstreamBudget,
  takeToken,
  type BucketState,
  type UserShare,
} from './user-budget.ts';

const redisUrl = process.env.REDIS_URL;

/** The most calls any window of `perMs` holds among `times` (sorted). */
function busiestWindow(times: readonly number[], perMs: number): number {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= perMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('bucketShape', () => {
  it.each<[UserShare, number, number]>([
    [{ calls: 10, perMs: 60_000 }, 3, 7],
    [{ calls: 4, perMs: 10_000 }, 1, 3],
    [{ calls: 3, perMs: 60_000 }, 1, 2],
    [{ calls: 2, perMs: 60_000 }, 1, 1],
    [{ calls: 1, perMs: 60_000 }, 1, 1],
  ])('%o: a burst of %i and %i refilled per window', (share, burst, refilled) => {
    const shape = bucketShape(share);
    expect(shape.burst).toBe(burst);
    expect(shape.refillPerMs * share.perMs).toBeCloseTo(refilled, 9);
  });

  it('refuses everything for a share of 0', () => {
    const shape = bucketShape({ calls: 0, perMs: 60_000 });
    expect(takeToken(shape, undefined, 0).answer).toEqual({ ok: false, nextTokenAt: 60_000 });
  });
});

describe('takeToken', () => {
  it.each([10, 6, 4, 2])(
    'never allows more than %i calls in any window, however hard it is asked',
    (calls) => {
      const perMs = 60_000;
      const shape = bucketShape({ calls, perMs });
      let state: BucketState | undefined;
      const allowed: number[] = [];
      // One ask every 250 ms for ten windows.
      for (let at = 0; at < 10 * perMs; at += 250) {
        const taken = takeToken(shape, state, at);
        state = taken.state;
        if (taken.answer.ok) allowed.push(at);
      }
      expect(busiestWindow(allowed, perMs)).toBeLessThanOrEqual(calls);
      // And the share is used, not starved: about `calls` per window over the run.
      expect(allowed.length).toBeGreaterThanOrEqual(10 * (calls - shape.burst));
    },
  );

  it('says when the next token is due, and gives it then', () => {
    const shape = bucketShape({ calls: 4, perMs: 12_000 }); // burst 1, a token every 4 s
    const first = takeToken(shape, undefined, 1_000);
    expect(first.answer).toEqual({ ok: true });
    const refused = takeToken(shape, first.state, 2_000);
    expect(refused.answer).toEqual({ ok: false, nextTokenAt: 5_000 });
    expect(takeToken(shape, refused.state, 4_999).answer.ok).toBe(false);
    expect(takeToken(shape, refused.state, 5_000).answer).toEqual({ ok: true });
  });
});

describe('the memory budget', () => {
  it('takes its burst, then one token per refill', async () => {
    const clock = createTestClock();
    const budget = createMemoryUpstreamBudget({ calls: 10, perMs: 60_000 }, clock.now);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await budget.take()).ok);
    expect(answers).toEqual([true, true, true, false, false]);
    clock.advance(Math.ceil(60_000 / 7));
    expect((await budget.take()).ok).toBe(true);
    expect((await budget.take()).ok).toBe(false);
  });
});

describe.skipIf(!redisUrl)('the Redis budget', () => {
  const share = { calls: 4, perMs: 60_000 };

  it('is one bucket for every process', async () => {
    const key = `test:${randomUUID()}:upstream-share`;
    const clients = await Promise.all([0, 1, 2].map(() => createClient({ url: redisUrl }).connect()));
    try {
      const budgets = clients.map((client) =>
        createRedisUpstreamBudget({ client, key, share, logger: silentPriceLogger }),
      );
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => budgets[i % 3]!.take()));
      // A burst of one, and no refill worth a token within the test's milliseconds.
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      const refused = answers.find((a) => !a.ok) as { ok: false; nextTokenAt: number };
      expect(refused.nextTokenAt - Date.now()).toBeGreaterThan(15_000);
      expect(refused.nextTokenAt - Date.now()).toBeLessThanOrEqual(20_000);
      expect(await clients[0]!.pTTL(key)).toBeGreaterThan(60_000);
    } finally {
      await clients[0]!.del(key);
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('refuses, and logs once, while Redis cannot answer', async () => {
    const client = await createClient({ url: redisUrl }).connect();
    client.destroy();
    const warnings: string[] = [];
    const budget = createRedisUpstreamBudget({
      client,
      key: `test:${randomUUID()}:upstream-share`,
      share,
      logger: { ...silentPriceLogger, warn: (_obj, msg) => void warnings.push(msg ?? '') },
    });
    expect((await budget.take()).ok).toBe(false);
    expect((await budget.take()).ok).toBe(false);
    expect(warnings).toHaveLength(1);
  });
});
