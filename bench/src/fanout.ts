/**
 * Fan-out benchmark (issue 3): N clients on loopback, each watching the ticker and 20 coins, receive
 * `ticks` ticks from (a) our Socket.IO gateway and (b) a raw `ws` server broadcasting identical
 * pre-serialised frames, in the same run. Servers and clients run in separate processes (clients split
 * over several), so the server's heap and event loop are measured alone.
 * Run: npm run bench:fanout [-- --clients 1000,5000 --ticks 200 --interval 200 --processes 4 --profile]
 *
 * Each run has two phases of `ticks` ticks: paced (one tick every `interval` ms, as bursts; latency and
 * event-loop delay are read here) and saturated (the next tick as soon as the server is free;
 * delivered messages per second are read here). Every tick changes the ten ticker coins and the 20
 * watched coins, so each client gets two messages per tick (`ticker`, `prices`).
 * Writes bench/results/fanout.json and prints a table. Goals: throughput a/b >= 0.7, p99 < 50 ms at
 * 5,000 clients, heap per client a/b <= 1.6, gateway event-loop delay p99 < 50 ms.
 * --profile also records a CPU profile of the gateway and prints where its time goes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  LatencyHistogram,
  MESSAGES_PER_TICK,
  type ClientCommand,
  type ClientReply,
  type ServerCommand,
  type ServerReply,
} from './fanout/protocol.ts';
import { summarizeProfile } from './fanout/profile-summary.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000,5000' },
    ticks: { type: 'string', default: '200' },
    interval: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '10' },
    processes: { type: 'string', default: '4' },
    profile: { type: 'boolean', default: false },
  },
});
const clientCounts = values.clients.split(',').map(Number);
const ticks = Number(values.ticks);
const intervalMs = Number(values.interval);
const warmupTicks = Number(values.warmup);
const processes = Number(values.processes);

type ServerKind = 'gateway' | 'ws';
const script = (name: string) => fileURLToPath(new URL(`./fanout/${name}.ts`, import.meta.url));

interface Child<Reply> {
  process: ChildProcess;
  next<T extends Reply>(type: string): Promise<T>;
}

function spawnChild<Reply extends { type: string }>(
  file: string,
  args: string[],
  execArgv: string[] = [],
): Child<Reply> {
  const child = fork(file, args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Reply[] = [];
  const waiting: { type: string; resolve: (r: Reply) => void }[] = [];
  child.on('message', (message: Reply) => {
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(message);
    else inbox.push(message);
  });
  return {
    process: child,
    next<T extends Reply>(type: string) {
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) return Promise.resolve(inbox.splice(index, 1)[0] as T);
      return new Promise<T>((resolve) => waiting.push({ type, resolve: resolve as (r: Reply) => void }));
    },
  };
}

const send = <C>(child: Child<unknown>, command: C) => child.process.send(command as object);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PhaseResult {
  delivered: number;
  expected: number;
  messagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  durationMs: number;
}

interface RunResult {
  server: ServerKind;
  clients: number;
  heapPerClientBytes: number;
  paced: PhaseResult;
  saturated: PhaseResult;
  profile?: string;
}

type Server = Child<ServerReply>;
type Clients = Child<ClientReply>[];

async function phase(
  server: Server,
  groups: Clients,
  clients: number,
  interval: number,
  first: number,
  profilePath?: string,
): Promise<PhaseResult> {
  for (const group of groups) send<ClientCommand>(group, { cmd: 'reset' });
  await sleep(200);
  send<ServerCommand>(server, { cmd: 'burst', ticks, intervalMs: interval, first, profilePath });
  const burst = await server.next<Extract<ServerReply, { type: 'burst' }>>('burst');
  const expected = clients * ticks * MESSAGES_PER_TICK;
  let reports: Extract<ClientReply, { type: 'report' }>[];
  const deadline = Date.now() + 120_000;
  for (;;) {
    for (const group of groups) send<ClientCommand>(group, { cmd: 'report' });
    reports = await Promise.all(
      groups.map((g) => g.next<Extract<ClientReply, { type: 'report' }>>('report')),
    );
    const delivered = reports.reduce((sum, r) => sum + r.messages, 0);
    if (delivered >= expected || Date.now() > deadline) break;
    await sleep(250);
  }
  const histogram = new LatencyHistogram();
  for (const report of reports) histogram.merge(report.histogram);
  const delivered = reports.reduce((sum, r) => sum + r.messages, 0);
  const durationMs = Math.max(...reports.map((r) => r.lastAt)) - burst.firstPublishAt;
  return {
    delivered,
    expected,
    messagesPerSecond: Math.round(delivered / (durationMs / 1000)),
    p50Ms: round(histogram.percentile(50)),
    p99Ms: round(histogram.percentile(99)),
    maxMs: round(histogram.percentile(100)),
    eventLoopDelayP99Ms: round(burst.eldP99Ms),
    eventLoopDelayMaxMs: round(burst.eldMaxMs),
    durationMs: Math.round(durationMs),
  };
}

async function run(kind: ServerKind, clients: number): Promise<RunResult> {
  const profilePath =
    values.profile && kind === 'gateway'
      ? path.join(mkdtempSync(path.join(tmpdir(), 'fanout-prof-')), 'saturated.cpuprofile')
      : undefined;
  const server = spawnChild<ServerReply>(
    script(kind === 'gateway' ? 'gateway-server' : 'ws-server'),
    [],
    ['--expose-gc'],
  );
  const { port } = await server.next<Extract<ServerReply, { type: 'listening' }>>('listening');
  send<ServerCommand>(server, { cmd: 'heap' });
  const baseline = await server.next<Extract<ServerReply, { type: 'heap' }>>('heap');

  const url = `http://127.0.0.1:${port}`;
  const shares = Array.from(
    { length: processes },
    (_, i) => Math.floor(clients / processes) + (i < clients % processes ? 1 : 0),
  );
  const groups = shares
    .filter((n) => n > 0)
    .map((n) => spawnChild<ClientReply>(script('clients'), [kind, url, String(n)]));
  for (const group of groups) {
    const ready = await Promise.race([group.next<ClientReply>('ready'), group.next<ClientReply>('failed')]);
    if (ready.type === 'failed') throw new Error(`clients failed to connect: ${ready.error}`);
  }
  await sleep(500);
  send<ServerCommand>(server, { cmd: 'heap' });
  const loaded = await server.next<Extract<ServerReply, { type: 'heap' }>>('heap');
  if (loaded.connections !== clients)
    throw new Error(`${loaded.connections} of ${clients} clients connected`);

  // Warm up both ends (JIT, buffers), then measure.
  send<ServerCommand>(server, { cmd: 'burst', ticks: warmupTicks, intervalMs, first: 0 });
  await server.next('burst');
  await sleep(1_000);
  const paced = await phase(server, groups, clients, intervalMs, warmupTicks);
  const saturated = await phase(server, groups, clients, 0, warmupTicks + ticks, profilePath);

  for (const group of groups) send<ClientCommand>(group, { cmd: 'close' });
  send<ServerCommand>(server, { cmd: 'stop' });
  await Promise.all(
    [server, ...groups].map((c) => new Promise((resolve) => c.process.once('exit', resolve))),
  );
  const profile = profilePath ? summarizeProfile(profilePath) : undefined;
  return {
    server: kind,
    clients,
    heapPerClientBytes: Math.round((loaded.heapUsed - baseline.heapUsed) / clients),
    paced,
    saturated,
    profile,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

const results: RunResult[] = [];
for (const clients of clientCounts) {
  for (const kind of ['gateway', 'ws'] as const) {
    process.stdout.write(`running ${kind} with ${clients} clients...\n`);
    results.push(await run(kind, clients));
  }
}

const comparisons = clientCounts.map((clients) => {
  const a = results.find((r) => r.clients === clients && r.server === 'gateway')!;
  const b = results.find((r) => r.clients === clients && r.server === 'ws')!;
  const throughputRatio = a.saturated.messagesPerSecond / b.saturated.messagesPerSecond;
  const heapRatio = a.heapPerClientBytes / b.heapPerClientBytes;
  return {
    clients,
    throughputRatio: round(throughputRatio),
    p99RatioPaced: round(a.paced.p99Ms / b.paced.p99Ms),
    heapRatio: round(heapRatio),
    goals: {
      throughputRatioAtLeast07: throughputRatio >= 0.7,
      p99Under50Ms: a.paced.p99Ms < 50,
      heapRatioAtMost16: heapRatio <= 1.6,
      eventLoopDelayP99Under50Ms: a.paced.eventLoopDelayP99Ms < 50,
    },
  };
});

const output = {
  benchmark: 'fanout',
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  /** The machine is shared: other work competes with servers and clients for the CPUs. */
  loadAverage: loadavg(),
  settings: {
    ticks,
    intervalMs,
    warmupTicks,
    clientProcesses: processes,
    messagesPerClientPerTick: MESSAGES_PER_TICK,
  },
  results,
  comparisons,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/fanout.json', JSON.stringify(output, null, 2) + '\n');

console.table(
  results.map((r) => ({
    clients: r.clients,
    server: r.server === 'gateway' ? '(a) gateway' : '(b) raw ws',
    'msgs/s (saturated)': r.saturated.messagesPerSecond,
    'p50 ms (paced)': r.paced.p50Ms,
    'p99 ms (paced)': r.paced.p99Ms,
    'p99 ms (saturated)': r.saturated.p99Ms,
    'heap/client KB': round(r.heapPerClientBytes / 1024),
    'ELD p99 ms (paced)': r.paced.eventLoopDelayP99Ms,
    delivered: `${r.paced.delivered + r.saturated.delivered}/${r.paced.expected + r.saturated.expected}`,
  })),
);
console.table(
  comparisons.map((c) => ({
    clients: c.clients,
    'throughput a/b': c.throughputRatio,
    'heap a/b': c.heapRatio,
    ...Object.fromEntries(Object.entries(c.goals).map(([k, v]) => [k, v ? 'met' : 'MISSED'])),
  })),
);
for (const r of results)
  if (r.profile) console.log(`\nWhere the gateway's time goes (${r.clients} clients):\n${r.profile}`);
console.log(
  `load average while running: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${cpus().length} CPUs`,
);
console.log('wrote bench/results/fanout.json');
