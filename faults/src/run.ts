/**
 * `npm run test:faults`: starts the topology, runs every scenario (or those named on the
 * command line) one after the other, and checks after each: no alert lost, none sent twice, every role
 * alive and ready, clients receiving prices. Prints what each measured and a summary table, writes
 * faults/results/faults.json, and exits 1 when anything failed. Everything it started is stopped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ALL_CHANNELS, LATENCY_STAGES, createAlertLedger, type AlertBatch } from './probes/alert-ledger.ts';
import { signUp } from './probes/api-probe.ts';
import { connectPriceClients, type PriceClients } from './probes/price-clients.ts';
import { channelLatency, renderTable, type ChannelLatency, type ScenarioResult } from './report.ts';
import { seconds, sleep, type Check, type ScenarioContext, type ScenarioOutcome } from './scenario.ts';
import { SCENARIOS } from './scenarios/index.ts';
import { PULSE_COIN, RESULTS_DIR, startTopology, type Topology } from './topology.ts';

const CLIENTS = 4;
/** After a scenario, how long a message may still arrive twice before the counts are taken. */
const SETTLE_MS = 1_500;

const say = (line: string) => process.stdout.write(`[faults] ${line}\n`);

async function main(): Promise<number> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length) {
    say(`unknown scenario(s): ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
    return 2;
  }
  const scenarios = wanted.length ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;
  const runStarted = Date.now();
  let topology: Topology | undefined;
  let clients: PriceClients | undefined;
  const results: ScenarioResult[] = [];
  const batchesOf = new Map<string, AlertBatch[]>();
  const stopOnSignal = () => {
    say('interrupted: stopping everything started');
    void Promise.resolve(clients?.close())
      .then(() => topology?.close())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    topology = await startTopology({ say });
    const topo = topology;
    const ledger = createAlertLedger({
      db: topo.database.db,
      smtp: topo.smtp,
      twilio: topo.twilio,
      coingecko: topo.coingecko,
      channels: topo.channels,
      secrets: topo.secrets,
    });
    const balancerUrl = `http://${topo.balancer.host}`;
    const connect = () => connectPriceClients(balancerUrl, CLIENTS, [PULSE_COIN, 'bitcoin']);
    clients = await connect();
    const token = await signUp(topo.role('api-1').url, topo.smtp);
    const ctx: ScenarioContext = {
      topology: topo,
      ledger,
      get clients() {
        return clients!;
      },
      async reconnectClients() {
        clients?.close();
        clients = await connect();
        return clients;
      },
      token,
      say: (line) => say(`  ${line}`),
    };

    for (const scenario of scenarios) {
      say(`== ${scenario.name}: ${scenario.title}`);
      const started = Date.now();
      let outcome: ScenarioOutcome = { batches: [] };
      let error: string | undefined;
      try {
        outcome = await scenario.run(ctx);
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        say(`  scenario failed: ${error}`);
      }
      const result = await checkAfter(ctx, scenario.name, scenario.title, outcome, error, started);
      results.push(result);
      batchesOf.set(
        scenario.name,
        outcome.batches.map((b) => b.batch),
      );
      say(`  ${result.ok ? 'pass' : 'FAIL'} in ${seconds(result.wallMs)}; ${describe(result)}`);
      for (const check of result.checks.filter((c) => !c.ok))
        say(`  FAILED ${check.what}${check.detail ? ` (${check.detail})` : ''}`);
    }

    // Anything sent twice after its scenario's counts were taken is charged to that scenario.
    await sleep(3_000);
    for (const result of results) {
      const late =
        (batchesOf.get(result.name) ?? []).reduce((n, b) => n + ledger.figures(b).duplicated, 0) -
        result.alerts.duplicated;
      if (late > 0) {
        result.alerts.duplicated += late;
        result.ok = false;
        result.checks.push({ what: 'none sent twice later', ok: false, detail: `${late} extra` });
        say(`${result.name}: ${late} message(s) sent twice after the scenario ended`);
      }
    }
  } catch (err) {
    say(`run failed: ${err instanceof Error ? err.stack : String(err)}`);
    results.push(summaryFailure(`run: ${err instanceof Error ? err.message : String(err)}`, 0));
  } finally {
    clients?.close();
    await topology?.close();
  }

  const wallMs = Date.now() - runStarted;
  const table = renderTable(results);
  process.stdout.write(`\n${table}\n\nWall time: ${seconds(wallMs)} for ${results.length} scenarios\n`);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path.join(RESULTS_DIR, 'faults.json'), JSON.stringify({ wallMs, results }, null, 2));
  const failed = results.filter((r) => !r.ok);
  say(
    failed.length
      ? `${failed.length} scenario(s) failed: ${failed.map((r) => r.name).join(', ')}`
      : 'all passed',
  );
  return failed.length ? 1 : 0;
}

/** The checks every scenario must pass, after its own. */
async function checkAfter(
  ctx: ScenarioContext,
  name: string,
  title: string,
  outcome: ScenarioOutcome,
  error: string | undefined,
  started: number,
): Promise<ScenarioResult> {
  const { topology, ledger } = ctx;
  const checks: Check[] = [...(outcome.checks ?? [])];
  for (const { batch, deliverWithinMs } of outcome.batches) {
    if (!batch.movedAt) continue;
    await ledger.waitDelivered(batch, deliverWithinMs ?? 30_000);
    // Until nothing of it is pending or in flight, a message could still come twice.
    await ledger.waitSettled(batch, 30_000);
  }
  await sleep(SETTLE_MS);
  const alerts = { expected: 0, delivered: 0, lost: 0, duplicated: 0, maxDelayMs: null as number | null };
  for (const { batch, delayFrom } of outcome.batches) {
    const f = ledger.figures(batch, delayFrom);
    alerts.expected += f.expected;
    alerts.delivered += f.delivered;
    alerts.lost += f.lost;
    alerts.duplicated += f.duplicated;
    if (f.maxDelayMs !== null) alerts.maxDelayMs = Math.max(alerts.maxDelayMs ?? 0, f.maxDelayMs);
  }
  // Delivery latency per channel, from the tick that crossed to the message at the peer. A figure with
  // its goal beside it in the report, not a check: on a shared machine it follows the machine's load,
  // while a lost or doubled message is wrong at any load.
  const samples: Record<string, number[]> = {};
  for (const { batch, measureLatency } of outcome.batches) {
    if (!measureLatency) continue;
    for (const [channel, values] of Object.entries(await ledger.latency(batch)))
      (samples[channel] ??= []).push(...values);
  }
  const latency: Record<string, ChannelLatency> = {};
  for (const channel of ALL_CHANNELS) {
    const values = samples[channel];
    if (!values?.length) continue;
    latency[channel] = channelLatency(values);
  }
  // Where the time went, over every channel's messages (no goal of their own).
  for (const stage of LATENCY_STAGES) {
    const values = samples[stage];
    if (values?.length) latency[`stage: ${stage}`] = channelLatency(values);
  }
  // Each channel's own ledger, so a channel that lost one and another that sent one twice do not hide.
  const perChannel = new Map<string, { expected: number; delivered: number; duplicated: number }>();
  for (const { batch } of outcome.batches) {
    for (const [channel, f] of Object.entries(ledger.byChannel(batch))) {
      const sum = perChannel.get(channel) ?? { expected: 0, delivered: 0, duplicated: 0 };
      perChannel.set(channel, {
        expected: sum.expected + f.expected,
        delivered: sum.delivered + f.delivered,
        duplicated: sum.duplicated + f.duplicated,
      });
    }
  }
  const channelFigures: Record<string, string> = {};
  if ([...perChannel.keys()].some((c) => c !== 'email' && c !== 'sms')) {
    for (const [channel, f] of perChannel) {
      channelFigures[channel] = `${f.delivered}/${f.expected}, ${f.duplicated} twice`;
      checks.push({
        what: `${channel}: each alert's message once`,
        ok: f.delivered === f.expected && f.duplicated === 0,
        detail: `${f.expected - f.delivered} missing, ${f.duplicated} extra`,
      });
    }
  }
  checks.push({ what: 'no alert lost', ok: alerts.lost === 0, detail: `${alerts.lost} message(s) missing` });
  checks.push({ what: 'none sent twice', ok: alerts.duplicated === 0, detail: `${alerts.duplicated} extra` });

  // Heal what the scenario left broken, so the next one starts whole; the failure stays recorded.
  const readiness = await topology.readiness();
  const down = readiness.filter((r) => !r.ready);
  checks.push({
    what: 'every role alive and ready',
    ok: down.length === 0,
    detail: down.map((r) => `${r.name}${r.running ? ' not ready' : ' not running'}`).join(', '),
  });
  for (const { name: role } of down) {
    await topology.restart(role).catch((err: unknown) => say(`  could not restart ${role}: ${String(err)}`));
  }
  const mark = Date.now();
  const pricesAgain = await ctx.clients.allReceiveAfter(mark, 15_000).then(
    () => true,
    () => false,
  );
  checks.push({ what: 'clients receiving prices', ok: pricesAgain });
  if (error) checks.push({ what: 'scenario ran to its end', ok: false, detail: error });

  return {
    name,
    title,
    ok: checks.every((c) => c.ok),
    recoveryMs: outcome.recoveryMs,
    alerts,
    wallMs: Date.now() - started,
    figures: { ...outcome.figures, ...channelFigures },
    ...(Object.keys(latency).length > 0 && { latency }),
    checks,
    error,
  };
}

function describe(result: ScenarioResult): string {
  const a = result.alerts;
  const parts = [
    `messages ${a.delivered}/${a.expected}, lost ${a.lost}, duplicated ${a.duplicated}`,
    a.maxDelayMs === null ? '' : `max delay ${seconds(a.maxDelayMs)}`,
    result.recoveryMs === undefined ? '' : `prices back after ${seconds(result.recoveryMs)}`,
    ...Object.entries(result.figures).map(([k, v]) => `${k}: ${v}`),
  ];
  return parts.filter(Boolean).join('; ');
}

function summaryFailure(what: string, count: number): ScenarioResult {
  return {
    name: 'overall',
    title: what,
    ok: false,
    alerts: { expected: 0, delivered: 0, lost: 0, duplicated: count, maxDelayMs: null },
    wallMs: 0,
    figures: {},
    checks: [{ what, ok: false }],
  };
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    say(`crashed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
