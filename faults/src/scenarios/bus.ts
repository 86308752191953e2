/**
 * Redis faults: Redis stopped for 20 s and started empty; every client connection
 * killed. The gateways must keep serving and deliver prices again, and alerts moved meanwhile fire once.
 */
import { sleep, within, type Scenario } from '../scenario.ts';

/** Goal: clients get prices again within 5 s of Redis returning. */
const RECOVERY_GOAL_MS = 5_000;

export const redisStopped: Scenario = {
  name: 'redis-down',
  title: 'Redis stopped 20 s, started empty',
  async run({ topology, ledger, clients, say }) {
    const batch = await ledger.arm('redis-down');
    await topology.redis.stop();
    say('redis-server stopped; the price moves 5 s into the outage');
    await sleep(5_000);
    ledger.cross(batch);
    await sleep(15_000);
    const readyDuring = await topology.readiness();
    await topology.redis.start();
    const back = Date.now();
    say('redis-server started again, empty');
    const recoveryMs = await clients.allReceiveAfter(back, 30_000);
    return {
      recoveryMs,
      batches: [{ batch, delayFrom: back }],
      figures: {
        'ready during outage': `${readyDuring.filter((r) => r.ready).length}/${readyDuring.length}`,
      },
      checks: [
        within('prices again after Redis returned', recoveryMs, RECOVERY_GOAL_MS),
        {
          what: 'every role answered /readyz during the outage',
          ok: readyDuring.every((r) => r.ready),
          detail: readyDuring
            .filter((r) => !r.ready)
            .map((r) => r.name)
            .join(', '),
        },
      ],
    };
  },
};

export const redisClientsKilled: Scenario = {
  name: 'redis-kill',
  title: 'Redis client connections killed',
  async run({ topology, ledger, clients }) {
    const batch = await ledger.arm('redis-kill');
    const killedAt = Date.now();
    const killed = await topology.redis.killClients();
    ledger.cross(batch);
    const recoveryMs = await clients.allReceiveAfter(killedAt, 30_000);
    return {
      recoveryMs,
      batches: [{ batch }],
      figures: { 'connections killed': String(killed) },
      checks: [
        within('prices again after the kill', recoveryMs, RECOVERY_GOAL_MS),
        { what: 'connections were killed', ok: killed > 0, detail: String(killed) },
      ],
    };
  },
};
