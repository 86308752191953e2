/**
 * Processes dying or being stopped: the leading
 * poller killed; a gateway killed and one stopped with SIGTERM while browsers are connected to both;
 * SIGTERM to every role in turn. Browsers of the other gateway must not notice; browsers of the stopped
 * one reconnect through the balancer; each role stops within 10 s and nothing is lost.
 */
import {
  seconds,
  sleep,
  until,
  within,
  type Check,
  type Scenario,
  type ScenarioContext,
} from '../scenario.ts';
import { ROLE_NAMES } from '../topology.ts';

const GATEWAY_RECOVERY_GOAL_MS = 5_000;
const STOP_GOAL_MS = 10_000;
/** The poller lock's TTL (15 s), a follower's retry (1 s), one poll and a margin. */
const FAILOVER_BOUND_MS = 20_000;

export const leaderKilled: Scenario = {
  name: 'leader-kill',
  title: 'leading poller SIGKILL',
  async run({ topology, ledger, clients, say }) {
    const batch = await ledger.arm('leader-kill');
    await until(() => topology.leader() !== undefined, 20_000, 'a leading poller');
    const leader = topology.leader()!;
    await topology.role(leader).stop('SIGKILL');
    const killedAt = Date.now();
    say(`${leader} (leading) killed`);
    ledger.cross(batch);
    // Ticks published just before the kill may still arrive: count from a second after it.
    const recoveryMs = (await clients.allReceiveAfter(killedAt + 1_000, 40_000)) + 1_000;
    await until(
      () => topology.leader() !== undefined && topology.leader() !== leader,
      40_000,
      'another poller leading',
    );
    const elected = topology.log.find('elected leader', killedAt)[0];
    await topology.restart(leader);
    return {
      recoveryMs,
      batches: [{ batch, delayFrom: killedAt, deliverWithinMs: 40_000 }],
      figures: { 'new leader after': elected ? seconds(elected.at - killedAt) : 'not seen' },
      checks: [within('prices again after the leader died', recoveryMs, FAILOVER_BOUND_MS)],
    };
  },
};

/** Kills or stops gateway-1 with browsers on both gateways. */
async function stopGateway(ctx: ScenarioContext, signal: 'SIGKILL' | 'SIGTERM') {
  const { topology, ledger, say } = ctx;
  const clients = await ctx.reconnectClients();
  const split = topology.balancer.connectionsPerTarget();
  const batch = await ledger.arm(`gateway-${signal.toLowerCase()}`);
  const before = Date.now();
  const stopped = await topology.role('gateway-1').stop(signal);
  say(
    `gateway-1 stopped by ${signal} in ${seconds(stopped.ms)} (${stopped.signal ?? `code ${stopped.code}`})`,
  );
  ledger.cross(batch);
  const recoveryMs = await clients.allReceiveAfter(before + stopped.ms, 30_000);
  const dropped = clients.disconnectedSince(before).length;
  await topology.restart('gateway-1');
  const checks: Check[] = [
    { what: 'browsers on both gateways', ok: split.every((n) => n > 0), detail: split.join('/') },
    within('prices again after the gateway died', recoveryMs, GATEWAY_RECOVERY_GOAL_MS),
    {
      what: "only the stopped gateway's browsers were disconnected",
      ok: dropped === split[0],
      detail: `${dropped} of ${clients.clients.length} (${split[0]} on gateway-1)`,
    },
  ];
  if (signal === 'SIGTERM') {
    checks.push(within('gateway-1 exit after SIGTERM', stopped.ms, STOP_GOAL_MS));
    checks.push({
      what: 'gateway-1 exited with code 0',
      ok: stopped.code === 0,
      detail: String(stopped.code),
    });
  }
  return {
    recoveryMs,
    batches: [{ batch }],
    figures: { 'browsers disconnected': `${dropped}/${clients.clients.length}` },
    checks,
  };
}

export const gatewayKilled: Scenario = {
  name: 'gateway-kill',
  title: 'gateway SIGKILL, browsers on both',
  run: (ctx) => stopGateway(ctx, 'SIGKILL'),
};

export const gatewayStopped: Scenario = {
  name: 'gateway-term',
  title: 'gateway SIGTERM, browsers on both',
  run: (ctx) => stopGateway(ctx, 'SIGTERM'),
};

export const sigtermEachRole: Scenario = {
  name: 'sigterm-all',
  title: 'SIGTERM to each role in turn',
  async run(ctx) {
    const { topology, ledger, say } = ctx;
    const order = [...ROLE_NAMES.worker, ...ROLE_NAMES.poller, ...ROLE_NAMES.gateway, ...ROLE_NAMES.api];
    const batches = [];
    const times: string[] = [];
    const checks: Check[] = [];
    for (const name of order) {
      // A price moves just before each stop, so a worker or poller may be in the middle of it.
      const batch = await ledger.arm(`sigterm-${name}`, 2);
      ledger.cross(batch);
      batches.push({ batch });
      await sleep(300);
      const stopped = await topology.role(name).stop('SIGTERM');
      times.push(`${name} ${seconds(stopped.ms)}`);
      checks.push(within(`${name} exit after SIGTERM`, stopped.ms, STOP_GOAL_MS));
      if (stopped.code !== 0)
        checks.push({
          what: `${name} exited with code 0`,
          ok: false,
          detail: String(stopped.signal ?? stopped.code),
        });
      await topology.restart(name);
      say(`${name} stopped in ${seconds(stopped.ms)} and started again`);
    }
    return { batches, figures: { 'exit times': times.join(', ') }, checks };
  },
};
