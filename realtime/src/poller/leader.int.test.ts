/**
 * Leader election when the leader loses Redis for a moment: it steps down while it cannot
 * tell whether it still holds the lock, and leads again as soon as a renewal succeeds, instead of
 * waiting for its own lock to expire. Needs Redis (REDIS_URL); the leader reaches it through a TCP
 * proxy the test cuts, so the shared server is never touched.
 */
import { randomUUID } from 'node:crypto';
import { createRedisBus, type Bus } from '@coinpace/adapters';
import { startTcpProxy, waitFor, type TcpProxy } from '@coinpace/adapters/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createLeaderElection, type LeaderElection } from './leader.ts';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('leader election over Redis', () => {
  const elections: LeaderElection[] = [];
  const buses: Bus[] = [];
  let proxy: TcpProxy | undefined;

  afterEach(async () => {
    await proxy?.resume();
    await Promise.all(elections.splice(0).map((e) => e.stop()));
    await Promise.all(buses.splice(0).map((b) => b.close()));
    await proxy?.close();
  });

  /** A started candidate, and how many terms it has led. */
  function elect(bus: Bus, key: string): { election: LeaderElection; terms: () => number } {
    let terms = 0;
    const election = createLeaderElection({
      bus,
      key,
      // A lock that would keep the leader out for a minute had it forgotten it; renewed often.
      ttlMs: 60_000,
      intervalMs: 200,
      retryMs: 200,
      onElected: () => (terms += 1),
      onDeposed: () => {},
    });
    elections.push(election);
    election.start();
    return { election, terms: () => terms };
  }

  it('a leader cut off from Redis for a moment leads again as soon as it is back, not after the TTL', async () => {
    const server = new URL(redisUrl!);
    proxy = await startTcpProxy({ targets: [{ host: server.hostname, port: Number(server.port || 6379) }] });
    const through = new URL(redisUrl!);
    through.host = proxy.host;
    const prefix = `test:${randomUUID()}:`;
    const cutOff = await createRedisBus({ url: through.toString(), prefix });
    const direct = await createRedisBus({ url: redisUrl!, prefix });
    buses.push(cutOff, direct);

    const leader = elect(cutOff, 'leader-test');
    await waitFor(() => leader.election.isLeader(), { what: 'leading' });
    const follower = elect(direct, 'leader-test');

    await proxy.cut();
    await waitFor(() => !leader.election.isLeader(), { what: 'stepping down while unsure' });
    await proxy.resume();
    await waitFor(() => leader.election.isLeader(), { what: 'leading again', timeoutMs: 10_000 });
    expect(leader.terms()).toBe(2);
    expect(follower.election.isLeader()).toBe(false);
  });
});
