/**
 * Fan-out benchmark: N clients on loopback, each watching the ticker and 20 coins, receive
 * `ticks` ticks from three servers in the same run: (a) our Socket.IO gateway, (b) bare Socket.IO 4.8
 * (one room, one emit per tick of the same frame, no application logic) and (c) a raw `ws` server
 * broadcasting the identical pre-serialised frame. Servers and clients run in separate processes
 * (clients split over several), so the server's heap and event loop are measured alone. On a shared
 * machine the spread between runs is larger than the gaps measured, so the servers run in alternating
 * rounds (`--rounds`, default 3, the order rotated each round) and the bench prints the median ratio
 * over the rounds and its spread (lowest–highest) against both baselines.
 * Run: npm run bench:fanout [-- --clients 1000,2000 --ticks 100 --interval 200 --rounds 3 --processes 4 --profile]
 * Goals (sockets mode): throughput >= 0.98x bare Socket.IO and >= 0.9x raw `ws`; heap per client
 * <= 1.05x bare Socket.IO; p99 tick-to-client (paced) <= 1.1x raw `ws`'s p99.
 *
 * --mode sse: the same two phases for `/api/prices/stream` subscribers (our SSE route on
 * Koa with the API's tick relay) against a raw `node:http` SSE server writing the same bytes; goal events/s
 * ratio >= 0.8. --mode pair: two gateway processes on the Redis bus and the Socket.IO Redis
 * Streams adapter (REDIS_URL, default the local Redis; keys under a prefix of their own), a publisher
 * process publishing the ticks on the bus, clients split over both gateways: tick published -> client
 * received over the whole path; goal p99 paced < 100 ms at 2,000 clients.
 *
 * Each run has two phases of `ticks` ticks: paced (one tick every `interval` ms, as bursts; latency and
 * event-loop delay are read here) and saturated (the next tick as soon as the server is free;
 * delivered messages per second are read here). Every tick changes the ten ticker coins and the 20
 * watched coins, so each client gets one `prices` message per tick carrying all 30.
 * Writes bench/results/fanout.json and prints a table per run and the median ratios per client count.
 * --client lean (default) gives the gateway clients that speak Socket.IO's wire protocol and do the raw `ws`
 * clients' work per message, so both servers face the same client work; --client socket.io uses
 * socket.io-client, whose own decoding takes CPU the servers share on a small machine.
 * --profile also records a CPU profile of the gateway and prints where its time goes.
 * --idle only connects the clients and measures heap and RSS per client (no ticks), with --snapshot a heap
 * snapshot diff of the gateway (where the bytes of idle sockets go); --gateway '<json>' passes settings
 * to try to the gateway (`recoveryMs`, `transport`: perMessageDeflate, httpCompression,
 * maxHttpBufferSize); --out names the JSON file (default fanout.json).
 * Every table line carries the load generator's CPU (the client processes, % of one CPU) and the
 * machine's load average at the end of the run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  LatencyHistogram,
  MESSAGES_PER_TICK,
  type ClientCommand,
  type ClientReply,
  type ServerCommand,
  type ServerReply,
} from './fanout/protocol.ts';
import { compareThree } from './fanout/compare-rounds.ts';
import { heapDiff } from './fanout/heap-diff.ts';
import { openCounters, perTick } from './fanout/redis-traffic.ts';
import { CLIENT_KIND, KINDS, SERVER_SCRIPT, script, type Mode } from './fanout/kinds.ts';
import { summarizeProfile } from './fanout/profile-summary.ts';
import { send, sleep, spawnChild, type Child } from './fanout/child.ts';
import {
  printTables,
  type Comparison,
  type PhaseResult,
  type RunResult,
  type ServerKind,
} from './fanout/results.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string' },
    ticks: { type: 'string', default: '200' },
    interval: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '10' },
    processes: { type: 'string', default: '4' },
    profile: { type: 'boolean', default: false },
    idle: { type: 'boolean', default: false },
    snapshot: { type: 'boolean', default: false },
    gateway: { type: 'string', default: '' },
    out: { type: 'string', default: '' },
    mode: { type: 'string', default: 'sockets' },
    client: { type: 'string', default: 'lean' },
    rounds: { type: 'string' },
  },
});
if (!['lean', 'socket.io'].includes(values.client)) throw new Error('--client is lean or socket.io');
if (!['sockets', 'sse', 'pair'].includes(values.mode)) throw new Error(`--mode is sockets, sse or pair`);
const mode = values.mode as Mode;
const defaultClients: Record<Mode, string> = { sockets: '1000,5000', sse: '2000', pair: '2000' };
const clientCounts = (values.clients ?? defaultClients[mode]).split(',').map(Number);
const outFile = values.out || (mode === 'sockets' ? 'fanout.json' : `fanout-${mode}.json`);
const ticks = Number(values.ticks);
const intervalMs = Number(values.interval);
const warmupTicks = Number(values.warmup);
const processes = Number(values.processes);
// Three servers compared in sockets mode: alternating rounds; the other modes measure one round.
const rounds = Number(values.rounds ?? (mode === 'sockets' ? '3' : '1'));

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
  const cpuBefore = await clientCpuMs(groups);
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
  const cpuMs = reports.reduce((sum, r) => sum + r.cpuMs, 0) - cpuBefore;
  return {
    loadGeneratorCpuPercent: Math.round((cpuMs / durationMs) * 100),
    loadAverage1m: round(loadavg()[0]!),
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

async function clientCpuMs(groups: Clients): Promise<number> {
  for (const group of groups) send<ClientCommand>(group, { cmd: 'report' });
  const reports = await Promise.all(
    groups.map((g) => g.next<Extract<ClientReply, { type: 'report' }>>('report')),
  );
  return reports.reduce((sum, r) => sum + r.cpuMs, 0);
}

/** The server processes of a run: one, or for the pair two gateways and the publisher that feeds them. */
interface Servers {
  /** The processes clients connect to. */
  nodes: Server[];
  /** The process that publishes the ticks (the only node, except in pair mode). */
  publisher: Server;
  urls: string[];
}

async function startServers(kind: ServerKind): Promise<Servers> {
  process.env.BENCH_GATEWAY_OPTIONS = values.gateway;
  if (kind === 'gateway-pair') {
    process.env.BENCH_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    process.env.BENCH_REDIS_PREFIX = `bench-fanout-${process.pid}-${Date.now()}:`;
  } else {
    delete process.env.BENCH_REDIS_URL;
    delete process.env.BENCH_REDIS_PREFIX;
  }
  const count = kind === 'gateway-pair' ? 2 : 1;
  const nodes = Array.from({ length: count }, () =>
    spawnChild<ServerReply>(script(SERVER_SCRIPT[kind]), [], ['--expose-gc']),
  );
  const urls: string[] = [];
  for (const node of nodes) {
    const { port } = await node.next<Extract<ServerReply, { type: 'listening' }>>('listening');
    urls.push(`http://127.0.0.1:${port}`);
  }
  let publisher = nodes[0]!;
  if (kind === 'gateway-pair') {
    publisher = spawnChild<ServerReply>(script('publisher'), []);
    await publisher.next('listening');
  }
  return { nodes, publisher, urls };
}

/** Heap and RSS summed over the nodes, and their connections. */
async function measure(nodes: Server[]): Promise<{ heapUsed: number; rss: number; connections: number }> {
  const replies = await Promise.all(
    nodes.map((node) => {
      send<ServerCommand>(node, { cmd: 'heap' });
      return node.next<Extract<ServerReply, { type: 'heap' }>>('heap');
    }),
  );
  return {
    heapUsed: replies.reduce((sum, r) => sum + r.heapUsed, 0),
    rss: replies.reduce((sum, r) => sum + r.rss, 0),
    connections: replies.reduce((sum, r) => sum + r.connections, 0),
  };
}

async function run(kind: ServerKind, clients: number): Promise<RunResult> {
  const profilePath =
    values.profile && kind !== 'gateway-pair'
      ? path.join(mkdtempSync(path.join(tmpdir(), 'fanout-prof-')), 'saturated.cpuprofile')
      : undefined;
  const servers = await startServers(kind);
  const [server] = servers.nodes as [Server];
  await warmUp(kind, servers);
  const baseline = await measure(servers.nodes);
  const snapshots =
    values.snapshot && servers.nodes.length === 1
      ? mkdtempSync(path.join(tmpdir(), 'fanout-heap-'))
      : undefined;
  const snapshot = async (name: string) => {
    send<ServerCommand>(server, { cmd: 'snapshot', path: path.join(snapshots!, name) });
    return (await server.next<Extract<ServerReply, { type: 'snapshot' }>>('snapshot')).path;
  };
  const before = snapshots ? await snapshot('before.heapsnapshot') : undefined;

  const shares = Array.from(
    { length: processes },
    (_, i) => Math.floor(clients / processes) + (i < clients % processes ? 1 : 0),
  );
  const groups = shares
    .filter((n) => n > 0)
    .map((n, i) =>
      spawnChild<ClientReply>(script('clients'), [
        CLIENT_KIND[kind],
        servers.urls[i % servers.urls.length]!,
        String(n),
        values.client,
      ]),
    );
  for (const group of groups) {
    const ready = await Promise.race([group.next<ClientReply>('ready'), group.next<ClientReply>('failed')]);
    if (ready.type === 'failed') throw new Error(`clients failed to connect: ${ready.error}`);
  }
  await sleep(500);
  const loaded = await measure(servers.nodes);
  if (loaded.connections !== clients)
    throw new Error(`${loaded.connections} of ${clients} clients connected`);
  const memory = {
    heapPerClientBytes: Math.round((loaded.heapUsed - baseline.heapUsed) / clients),
    rssPerClientBytes: Math.round((loaded.rss - baseline.rss) / clients),
  };
  if (values.idle) {
    const diff = before ? heapDiff(before, await snapshot('after.heapsnapshot'), clients) : undefined;
    if (snapshots) rmSync(snapshots, { recursive: true, force: true });
    await stop(servers, groups);
    return { server: kind, clients, ...memory, heapDiff: diff };
  }

  // Warm up both ends (JIT, buffers), then measure.
  const { publisher } = servers;
  send<ServerCommand>(publisher, { cmd: 'burst', ticks: warmupTicks, intervalMs, first: 0 });
  await publisher.next('burst');
  await sleep(1_000);
  const paced = await phase(publisher, groups, clients, intervalMs, warmupTicks);
  const counters = kind === 'gateway-pair' ? await openCounters(process.env.BENCH_REDIS_URL!) : undefined;
  const countersBefore = await counters?.read();
  const saturated = await phase(publisher, groups, clients, 0, warmupTicks + ticks, profilePath);
  const redisPerTick =
    counters && countersBefore ? perTick(countersBefore, await counters.read(), ticks) : undefined;
  await counters?.close();
  if (kind === 'gateway-pair') {
    // The publisher's event loop is not a gateway's: not reported.
    for (const result of [paced, saturated]) result.eventLoopDelayP99Ms = result.eventLoopDelayMaxMs = NaN;
  }

  await stop(servers, groups);
  const profile = profilePath ? summarizeProfile(profilePath) : undefined;
  return { server: kind, clients, ...memory, paced, saturated, profile, redisPerTick };
}

/** Clients that connect, subscribe and leave before the baseline is taken (see warmUp). */
const WARM_UP_CLIENTS = 20;

/**
 * A few clients connect, subscribe and leave before the baseline heap is read: the first connections
 * compile the server's connection and subscription code once, a cost of the process and not of each
 * client, which would otherwise be divided among the clients measured (more code for the gateway than
 * for the bare servers). Every server gets the same warm-up.
 */
async function warmUp(kind: ServerKind, servers: Servers): Promise<void> {
  const group = spawnChild<ClientReply>(script('clients'), [
    CLIENT_KIND[kind],
    servers.urls[0]!,
    String(WARM_UP_CLIENTS),
    values.client,
  ]);
  const ready = await Promise.race([group.next<ClientReply>('ready'), group.next<ClientReply>('failed')]);
  if (ready.type === 'failed') throw new Error(`warm-up clients failed to connect: ${ready.error}`);
  send<ClientCommand>(group, { cmd: 'close' });
  await new Promise((resolve) => group.process.once('exit', resolve));
  await sleep(500);
}

async function stop(servers: Servers, groups: Clients): Promise<void> {
  for (const group of groups) send<ClientCommand>(group, { cmd: 'close' });
  const all = [...new Set([...servers.nodes, servers.publisher])];
  for (const server of all) send<ServerCommand>(server, { cmd: 'stop' });
  await Promise.all(
    [...all, ...groups].map((c) => new Promise((resolve) => c.process.once('exit', resolve))),
  );
}

const round = (n: number) => Math.round(n * 100) / 100;

const results: RunResult[] = [];
for (const clients of clientCounts) {
  for (let round = 0; round < rounds; round++) {
    const kinds = KINDS[mode];
    // Rotated each round, so no server always runs first (or last) on a machine whose load drifts.
    const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]!);
    for (const kind of order) {
      process.stdout.write(`round ${round + 1}/${rounds}: ${kind} with ${clients} clients...\n`);
      results.push({ ...(await run(kind, clients)), ...(rounds > 1 ? { round } : {}) });
    }
  }
}

/** Our server (a) against its baseline (b) at each client count, against its goals (SSE and pair modes). */
function compare(clients: number): Comparison {
  if (mode === 'sockets') return compareThree(results, clients, rounds, values.idle);
  const [ours, raw] = KINDS[mode];
  const a = results.find((r) => r.clients === clients && r.server === ours)!;
  if (!raw) {
    // The pair has no baseline: its goal is the whole path's latency.
    return { clients, goals: { p99PacedUnder100Ms: (a.paced?.p99Ms ?? Infinity) < 100 } };
  }
  const b = results.find((r) => r.clients === clients && r.server === raw)!;
  const heapRatio = a.heapPerClientBytes / b.heapPerClientBytes;
  const rssRatio = a.rssPerClientBytes / b.rssPerClientBytes;
  if (!a.paced || !a.saturated || !b.paced || !b.saturated)
    return {
      clients,
      heapRatio: round(heapRatio),
      rssRatio: round(rssRatio),
      goals: { heapRatioAtMost2: heapRatio <= 2 },
    };
  const throughputRatio = a.saturated.messagesPerSecond / b.saturated.messagesPerSecond;
  const common = {
    clients,
    throughputRatio: round(throughputRatio),
    p99RatioPaced: round(a.paced.p99Ms / b.paced.p99Ms),
    heapRatio: round(heapRatio),
    rssRatio: round(rssRatio),
  };
  return { ...common, goals: { eventsRatioAtLeast08: throughputRatio >= 0.8 } };
}
const comparisons = clientCounts.map(compare);

const LABELS: Record<ServerKind, string> = {
  gateway: '(a) gateway',
  socketio: '(b) bare Socket.IO',
  ws: '(c) raw ws',
  sse: '(a) SSE route',
  'raw-sse': '(b) raw SSE',
  'gateway-pair': 'two gateways',
};

const output = {
  benchmark: values.idle ? `fanout-${mode}-idle` : `fanout-${mode}`,
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  /** The machine is shared: other work competes with servers and clients for the CPUs. */
  loadAverage: loadavg(),
  settings: {
    ticks,
    intervalMs,
    warmupTicks,
    rounds,
    clientProcesses: processes,
    messagesPerClientPerTick: MESSAGES_PER_TICK,
    /** What the gateway's clients are: the wire protocol alone (lean) or socket.io-client. */
    gatewayClient: values.client,
    gateway: values.gateway ? JSON.parse(values.gateway) : {},
  },
  results,
  comparisons,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/${outFile}`, JSON.stringify(output, null, 2) + '\n');

printTables(results, comparisons, LABELS);
for (const result of results.filter((r) => r.redisPerTick)) {
  const { commands, bytesIn, bytesOut } = result.redisPerTick!;
  console.log(
    `Redis per tick, ${result.clients} clients on two gateways: ${commands} commands, ${bytesIn} bytes in, ${bytesOut} bytes out`,
  );
}
console.log(
  `load average while running: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${cpus().length} CPUs`,
);
console.log(`wrote bench/results/${outFile}`);
