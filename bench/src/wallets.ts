/**
 * Wallet refresh benchmark: N EVM wallets (each read on six local anvil chains standing in for Ethereum,
 * Base, Arbitrum, Optimism, Polygon and BNB Chain, each with its chain id and the test ERC-20), N Bitcoin
 * xpubs (a local Esplora) and N Solana addresses (a local Solana JSON-RPC node), added through the built
 * server: POST /api/wallets on an api process, the refresh job run by a worker process on the
 * exchange-sync queue (Redis: a redis-server of its own). One user per wallet; all 3N added at once, or
 * with --in-flight K by K users each adding one wallet after another's balances show.
 * Measures, per wallet, the time from POST /api/wallets to its refresh being done (balances stored and
 * shown by GET /api/wallets/:id); the wall time for all; the node calls each wallet's first refresh cost
 * (counted at a proxy in front of each anvil and at the Esplora and Solana peers); and each process's
 * peak RSS and heap (VmHWM, and nodejs_heap_size_used_bytes from its /metrics sampled every 250 ms).
 * Run: npm run build && npm run bench:wallets [-- --wallets 100 --in-flight 4]
 * (BENCH_LOG_LEVEL=info passes that log level to the servers and shows their output.)
 * Needs Postgres at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a database of its
 * own is created and dropped). Writes bench/results/wallets.json and prints the figures.
 * Goal: p95 of adding an address to its balances visible under 3 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createLocalIdentity } from '@coinpace/adapters';
import { freePort, startOwnRedisServer } from '@coinpace/adapters/testing';
import { connect } from '@coinpace/db';
import { createTestUser } from '@coinpace/db/testing';
import { BUILT, ROOT, requireBuilt, stop, waitReady } from './child-server.ts';
import { latencySummary } from './stats.ts';
import { startBenchChains } from './wallets/setup.ts';

const GOAL_P95_MS = 3_000;
const { values } = parseArgs({
  options: { wallets: { type: 'string', default: '100' }, 'in-flight': { type: 'string' } },
});
const count = Number(values.wallets);
// All at once by default; with --in-flight K, K users add one wallet after another, each adding the
// next once the last one's balances show (a closed loop: the latency of an add, not the queue's depth).
const inFlight = values['in-flight'] === undefined ? Infinity : Math.max(1, Number(values['in-flight']));
requireBuilt('bench:wallets');

type Kind = 'evm' | 'xpub' | 'solana';
interface Child {
  role: string;
  process: ChildProcess;
  metricsUrl: string;
  peakRss: number;
  peakHeap: number;
}

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `coinpace_bench_wallets_${Date.now().toString(36)}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;
const databaseUrl = dbUrl.toString();
const dataDir = await mkdtemp(path.join(tmpdir(), 'coinpace-bench-wallets-'));
const children: Child[] = [];
const redis = await startOwnRedisServer();
const seedStarted = performance.now();
const chains = await startBenchChains(count);
console.log(
  `bench:wallets: ${count} EVM wallets x ${chains.evm.length} anvil chains, ${count} xpubs, ${count} Solana addresses seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);
let sampler: NodeJS.Timeout | undefined;
let watching = true;
try {
  const identity = await createLocalIdentity({ dataDir });
  const database = await connect({ dataDir, databaseUrl });
  const wallets: { kind: Kind; address: string; token: string }[] = [];
  const kinds: [Kind, string[]][] = [
    ['evm', chains.evmAddresses],
    ['xpub', chains.xpubs],
    ['solana', chains.solanaAddresses],
  ];
  for (const [kind, addresses] of kinds) {
    for (const address of addresses) {
      const subject = identity.newSubject();
      await createTestUser(database.db, { identitySubject: subject });
      wallets.push({ kind, address, token: identity.issueToken(subject) });
    }
  }
  await database.close();

  const start = async (role: string): Promise<{ url: string; child: Child }> => {
    const port = await freePort();
    const metricsPort = await freePort();
    const output: string[] = [];
    const child = spawn(process.execPath, [BUILT], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        ALLOW_LOCAL_PROVIDERS: '1',
        ROLE: role,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        PRICE_SOURCE: 'simulated',
        PRICE_POLL_MS: '3600000',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        ...chains.env,
      },
      stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'pipe' : 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    if (process.env.BENCH_LOG_LEVEL)
      child.stdout?.on('data', (d: Buffer) => process.stderr.write(`[${role}] ${d.toString()}`));
    const entry = {
      role,
      process: child,
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      peakRss: 0,
      peakHeap: 0,
    };
    children.push(entry);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, child, output);
    return { url, child: entry };
  };
  const [{ url }] = await Promise.all([start('api'), start('worker')]);

  const sample = async () => {
    for (const c of children) {
      const status = readFileSync(`/proc/${c.process.pid}/status`, 'utf8');
      const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      c.peakRss = Math.max(c.peakRss, hwm);
      const text = await fetch(c.metricsUrl).then(
        (r) => (r.ok ? r.text() : ''),
        () => '',
      );
      const heap = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? 0);
      c.peakHeap = Math.max(c.peakHeap, heap);
    }
  };
  sampler = setInterval(() => void sample().catch(() => undefined), 250);
  for (const e of chains.evm) e.proxy.reset();
  chains.esplora.requests.length = 0;
  chains.solana.calls.length = 0;

  // Each POST timed from when it is sent; one query every 100 ms notes each wallet's first
  // refresh done (its balances stored, as GET /api/wallets/:id then shows them). Polling the API for each
  // wallet instead would load the api process and the database far more than users waiting would.
  const started = performance.now();
  const sentAt = new Map<string, { kind: Kind; t0: number; token: string }>();
  const doneAt = new Map<string, number>();
  const watcher = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const watch = (async () => {
    try {
      let lastReport = performance.now();
      while (watching) {
        const rows = await watcher<{ id: string }[]>`
          select id from wallets where last_refresh_at is not null and refreshing_since is null`;
        const now = performance.now();
        for (const { id } of rows) if (!doneAt.has(id)) doneAt.set(id, now);
        if (now - lastReport > 15_000) {
          console.log(
            `  ${doneAt.size} of ${wallets.length} refreshed after ${((now - started) / 1000).toFixed(0)} s`,
          );
          lastReport = now;
        }
        if (now - started > 1_800_000) throw new Error('not all wallets refreshed in 30 minutes');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await watcher.end();
    }
  })();
  // Heard at `await watch` below; if the adds fail first, the finally stops the loop.
  watch.catch(() => undefined);
  const add = async (w: (typeof wallets)[number]) => {
    const t0 = performance.now();
    const answer = await fetch(`${url}/api/wallets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: `${w.kind} wallet`, address: w.address }),
    });
    if (answer.status !== 201) {
      throw new Error(`POST /api/wallets ${w.kind}: ${answer.status} ${await answer.text()}`);
    }
    const { id } = (await answer.json()) as { id: string };
    sentAt.set(id, { kind: w.kind, t0, token: w.token });
    return id;
  };
  if (inFlight === Infinity) await Promise.all(wallets.map(add));
  else {
    const queue = [...wallets];
    await Promise.all(
      Array.from({ length: Math.min(inFlight, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const id = await add(next);
          while (!doneAt.has(id)) await Promise.race([watch, new Promise((r) => setTimeout(r, 20))]);
        }
      }),
    );
  }
  while (doneAt.size < wallets.length) {
    await Promise.race([watch, new Promise((r) => setTimeout(r, 200))]);
  }
  watching = false;
  await watch;
  const timings: { kind: Kind; ms: number; balances: number; error: string | null }[] = [];
  for (const [id, sent] of sentAt) {
    const detail = (await (
      await fetch(`${url}/api/wallets/${id}`, { headers: { authorization: `Bearer ${sent.token}` } })
    ).json()) as { lastError: string | null; balances: unknown[] };
    timings.push({
      kind: sent.kind,
      ms: doneAt.get(id)! - sent.t0,
      balances: detail.balances.length,
      error: detail.lastError,
    });
  }
  const wallSeconds = (Math.max(...doneAt.values()) - started) / 1000;
  await sample();
  clearInterval(sampler);

  const byKind = (kind: Kind) => timings.filter((t) => t.kind === kind);
  const evmRequests = chains.evm.reduce((sum, e) => sum + e.proxy.requests, 0);
  const evmCalls = new Map<string, number>();
  for (const e of chains.evm) for (const [m, n] of e.proxy.calls) evmCalls.set(m, (evmCalls.get(m) ?? 0) + n);
  const perWallet = (n: number) => Math.round((n / count) * 10) / 10;
  const all = latencySummary(timings.map((t) => t.ms));
  const result = {
    at: new Date().toISOString(),
    cores: cpus().length,
    walletsPerKind: count,
    added: inFlight === Infinity ? 'all at once' : `${inFlight} in flight`,
    evmChains: chains.evm.map((e) => ({ chain: e.chain, knownToken: e.knownToken })),
    addToBalancesVisible: {
      all,
      evm: latencySummary(byKind('evm').map((t) => t.ms)),
      xpub: latencySummary(byKind('xpub').map((t) => t.ms)),
      solana: latencySummary(byKind('solana').map((t) => t.ms)),
    },
    wallSeconds: Number(wallSeconds.toFixed(2)),
    withBalances: Object.fromEntries(kinds.map(([k]) => [k, byKind(k).filter((t) => t.balances > 0).length])),
    withErrors: timings
      .filter((t) => t.error !== null)
      .map((t) => `${t.kind}: ${t.error}`)
      .slice(0, 5),
    callsPerWalletRefresh: {
      evm: {
        httpRequests: perWallet(evmRequests),
        perChain: perWallet(evmRequests / chains.evm.length),
        methods: Object.fromEntries([...evmCalls].map(([m, n]) => [m, perWallet(n)])),
      },
      xpub: { httpRequests: perWallet(chains.esplora.requests.length) },
      solana: {
        httpRequests: perWallet(chains.solana.calls.length),
        methods: Object.fromEntries(
          [...new Set(chains.solana.calls)].map((m) => [
            m,
            perWallet(chains.solana.calls.filter((c) => c === m).length),
          ]),
        ),
      },
    },
    peakMemoryMb: Object.fromEntries(
      children.map((c) => [
        c.role,
        { rss: Math.round(c.peakRss / 2 ** 20), heapUsed: Math.round(c.peakHeap / 2 ** 20) },
      ]),
    ),
    goal: { p95Ms: GOAL_P95_MS, met: all.p95Ms < GOAL_P95_MS },
  };
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../results/wallets.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `goal: adding an address to its balances visible, p95 < ${GOAL_P95_MS} ms: ${result.goal.met ? 'met' : 'not met'} (p95 ${all.p95Ms} ms, p50 ${all.medianMs} ms; ${count * 3} wallets in ${result.wallSeconds} s)`,
  );
  if (!result.goal.met) process.exitCode = 1;
} finally {
  watching = false;
  if (sampler) clearInterval(sampler);
  for (const c of children) await stop(c.process);
  await chains.close();
  await redis.close();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
