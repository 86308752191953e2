/**
 * Portfolio read with long histories: the built server (`node server/dist/main.js`,
 * ROLE=api, production mode) and one database holding two users with the same 200 priced holdings: one
 * with 100 transactions per holding (20,000), one with a single transaction per holding. In one run,
 * GET /api/portfolio is timed for both, one request at a time and alternating between the two users (so
 * drift in the machine's load falls on both alike), N requests each after a warm-up.
 * Run: npm run build && [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] npm run bench:portfolio
 *   [-- --requests 400 --warmup 40]
 * With DATABASE_URL the data is in a fresh database on that server (dropped afterwards), else in PGlite.
 * Writes bench/results/portfolio.json and prints the figures.
 * Goal: the 20,000-transaction portfolio's median within 1.5x of the one-transaction portfolio's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { freePort } from '@coinpace/adapters/testing';
import { BUILT, ROOT, requireBuilt, stop, waitReady } from './child-server.ts';
import { HOLDINGS, TRANSACTIONS_PER_HOLDING, seedPortfolios } from './portfolio/seed.ts';
import { latencySummary } from './stats.ts';

const GOAL = 1.5;
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    warmup: { type: 'string', default: '40' },
  },
});
const requests = Number(values.requests);
const warmup = Number(values.warmup);
requireBuilt('bench:portfolio');

/** One GET /api/portfolio: its time in ms, and the holdings it answered. */
async function timed(url: string, token: string): Promise<{ ms: number; holdings: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/portfolio`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as unknown[];
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET /api/portfolio answered ${response.status}`);
  return { ms, holdings: body.length };
}

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const dataDir = await mkdtemp(path.join(tmpdir(), 'coinpace-bench-portfolio-'));
const name = `coinpace_bench_portfolio_${Date.now().toString(36)}`;
const admin = process.env.DATABASE_URL
  ? postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} })
  : undefined;
let databaseUrl: string | undefined;
if (admin) {
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
let server: ChildProcess | undefined;
try {
  const seedStarted = performance.now();
  const seeded = await seedPortfolios({ dataDir, databaseUrl });
  console.log(
    `bench:portfolio on ${engine}: seeded ${HOLDINGS} holdings x2 (${seeded.transactions.long} and ${seeded.transactions.short} transactions) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  const port = await freePort();
  const output: string[] = [];
  server = spawn(process.execPath, [BUILT], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ALLOW_LOCAL_PROVIDERS: '1',
      ROLE: 'api',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PRICE_SOURCE: 'simulated',
      PRICE_POLL_MS: '3600000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, server, output);

  const load = { before: loadavg(), after: [] as number[] };
  const long: number[] = [];
  const short: number[] = [];
  for (let i = 0; i < warmup + requests; i += 1) {
    // Alternate which goes first, so neither always follows the other.
    const order = i % 2 === 0 ? (['long', 'short'] as const) : (['short', 'long'] as const);
    for (const which of order) {
      const answer = await timed(url, which === 'long' ? seeded.longToken : seeded.shortToken);
      if (answer.holdings !== HOLDINGS) throw new Error(`${which}: ${answer.holdings} holdings`);
      if (i >= warmup) (which === 'long' ? long : short).push(answer.ms);
    }
  }
  load.after = loadavg();
  const result = {
    at: new Date().toISOString(),
    engine,
    holdings: HOLDINGS,
    transactionsPerHolding: { long: TRANSACTIONS_PER_HOLDING, short: 1 },
    transactions: seeded.transactions,
    warmup,
    cores: cpus().length,
    load,
    long: latencySummary(long),
    short: latencySummary(short),
    ratio: { median: 0, p95: 0 },
    goal: GOAL,
  };
  result.ratio.median = Math.round((result.long.medianMs / result.short.medianMs) * 100) / 100;
  result.ratio.p95 = Math.round((result.long.p95Ms / result.short.p95Ms) * 100) / 100;

  console.log(
    `load average ${load.before.map((l) => l.toFixed(2)).join(' ')} before, ${load.after.map((l) => l.toFixed(2)).join(' ')} after; ${cpus().length} cores`,
  );
  console.log('\n| portfolio | transactions | requests | median ms | p95 ms | mean ms |');
  console.log('|---|---|---|---|---|---|');
  for (const [label, s, n] of [
    [
      `${HOLDINGS} holdings x ${TRANSACTIONS_PER_HOLDING} transactions`,
      result.long,
      seeded.transactions.long,
    ],
    [`${HOLDINGS} holdings x 1 transaction`, result.short, seeded.transactions.short],
  ] as const) {
    console.log(`| ${label} | ${n} | ${s.requests} | ${s.medianMs} | ${s.p95Ms} | ${s.meanMs} |`);
  }
  const met = result.ratio.median <= GOAL;
  console.log(
    `\nratio (20,000 / 200 transactions): median ${result.ratio.median}x, p95 ${result.ratio.p95}x; goal within ${GOAL}x: ${met ? 'met' : 'MISSED'}`,
  );
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/portfolio.json'), JSON.stringify(result, null, 2));
} finally {
  if (server) await stop(server);
  await rm(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
}
