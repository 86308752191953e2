/**
 * API load benchmark: the built server (`node server/dist/main.js`, ROLE=api, production mode)
 * under autocannon, on PGlite and, with DATABASE_URL, on Postgres. In one run per engine, each route
 * against its own floor: GET /api/portfolio (200 holdings, signed in) against bare node:http running the
 * same two queries through the same driver and JSON.stringify of the same rows; GET /api/prices (the ten
 * ticker coins) against bare node:http writing the same JSON, encoded once; GET /healthz (a trivial route
 * through the same middleware) against raw node:http answering /healthz's bytes, and against a bare Koa app
 * answering it (Koa's own floor: what Koa costs over node:http whatever our middleware does). The bare servers run
 * before the server on the same data (PGlite allows one process at a time).
 * Run: npm run build && [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] npm run bench:api [-- --seconds 10]
 * Writes bench/results/api.json and prints a table.
 * Goals: GET /api/prices at least 0.5 of the Koa trivial route on both engines; GET /api/portfolio at
 * least 0.7 of its bare floor and p50 at most 5 ms at 10 connections on Postgres; the Koa trivial route
 * at least 0.7 of raw node:http.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { freePort } from '@coinpace/adapters/testing';
import { BUILT, ROOT, requireBuilt, stop, waitReady } from './child-server.ts';
import { measure, type Measured, type Target } from './api/load.ts';
import { HOLDINGS, seed } from './api/seed.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    cpuProf: { type: 'boolean', default: false },
    // Measure only the targets whose name contains this (with --cpuProf, to profile one route).
    only: { type: 'string', default: '' },
  },
});
const options = {
  seconds: Number(values.seconds),
  warmupSeconds: Number(values.warmup),
  connections: Number(values.connections),
};
requireBuilt('bench:api');

/** One of the bench's node:http baselines (bench/src/api/*-server.ts), started as its own process. */
async function startBaseline(
  file: 'raw-server.ts' | 'koa-server.ts' | 'bare-server.ts',
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/src/api', file)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return { child, url: `http://127.0.0.1:${port}` };
}

/** One engine: seed, measure the baselines, then start the server and measure its routes. */
async function runEngine(engine: 'pglite' | 'postgres'): Promise<Measured[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'coinpace-bench-api-'));
  const serverUrl = process.env.DATABASE_URL;
  const name = `coinpace_bench_api_${Date.now().toString(36)}`;
  let databaseUrl: string | undefined;
  const admin = engine === 'postgres' ? postgres(serverUrl!, { max: 1, onnotice: () => {} }) : undefined;
  if (admin) {
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const children: ChildProcess[] = [];
  try {
    const seeded = await seed({ dataDir, databaseUrl });
    const results: Measured[] = [];
    const report = async (target: Target) => {
      if (!target.name.includes(values.only)) return;
      const measured = await measure(target, options);
      results.push(measured);
      console.log(
        `  ${engine.padEnd(8)} ${measured.name.padEnd(34)} ${measured.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${measured.p50Ms} ms  p99 ${measured.p99Ms} ms  non-2xx ${measured.non2xx}`,
      );
    };
    const raw = await startBaseline('raw-server.ts');
    children.push(raw.child);
    await report({ name: 'raw node:http /healthz', url: `${raw.url}/healthz`, pid: raw.child.pid! });
    const koa = await startBaseline('koa-server.ts');
    children.push(koa.child);
    await report({ name: 'bare Koa /healthz', url: `${koa.url}/healthz`, pid: koa.child.pid! });
    const bare = await startBaseline('bare-server.ts', {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SUBJECT: seeded.subject,
      PRICE_IDS: seeded.priceIds.join(','),
    });
    children.push(bare.child);
    await report({ name: 'bare node:http prices', url: `${bare.url}/prices`, pid: bare.child.pid! });
    await report({ name: 'bare node:http portfolio', url: `${bare.url}/portfolio`, pid: bare.child.pid! });
    // Closed before the server opens the same PGlite directory.
    await stop(bare.child);
    children.splice(children.indexOf(bare.child), 1);
    const port = await freePort();
    const output: string[] = [];
    const server = spawn(
      process.execPath,
      [
        ...(values.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, 'bench/results')}`] : []),
        BUILT,
      ],
      {
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
          // The seeded prices stay fresh: nothing is asked upstream during the run.
          PRICE_POLL_MS: '3600000',
          LOG_LEVEL: 'info',
        },
        // Logs go nowhere, as they would to a collector: the bench does not pay for reading them.
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    children.push(server);
    server.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, server, output);

    // GET /api/prices is rate limited per client address (240 a minute); production sits behind a proxy that
    // names the client, so the load comes from 4,096 addresses.
    const addresses = Array.from(
      { length: 4096 },
      (_, i) => `10.${(i >> 8) & 255}.${i & 255}.${(i * 7) & 255}`,
    );
    const pricesPath = `/api/prices?ids=${seeded.priceIds.join(',')}`;
    const targets: Target[] = [
      { name: 'GET /healthz', url: `${url}/healthz`, pid: server.pid! },
      {
        name: 'GET /api/prices',
        url,
        requests: addresses.map((address) => ({ path: pricesPath, headers: { 'x-forwarded-for': address } })),
        pid: server.pid!,
      },
      {
        name: `GET /api/portfolio (${HOLDINGS} holdings)`,
        url: `${url}/api/portfolio`,
        headers: { authorization: `Bearer ${seeded.token}` },
        pid: server.pid!,
      },
    ];
    for (const target of targets) await report(target);
    return results;
  } finally {
    for (const child of children) await stop(child);
    await rm(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    }
  }
}

const engines: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (values.only) {
  // A partial run is for profiling: no ratios, no results file.
  for (const engine of engines) await runEngine(engine);
  process.exit(0);
}
const load = { before: loadavg(), after: [] as number[] };
const runs: { engine: string; results: Measured[]; ratios: Record<string, number> }[] = [];
console.log(
  `bench:api: ${options.connections} connections, ${options.seconds} s per target after ${options.warmupSeconds} s warm-up`,
);
for (const engine of engines) {
  const results = await runEngine(engine);
  const rps = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!.requestsPerSecond;
  runs.push({
    engine,
    results,
    ratios: {
      pricesToTrivial: rps('GET /api/prices') / rps('GET /healthz'),
      pricesToBare: rps('GET /api/prices') / rps('bare node:http prices'),
      portfolioToBare: rps('GET /api/portfolio') / rps('bare node:http portfolio'),
      portfolioP50Ms: results.find((r) => r.name.startsWith('GET /api/portfolio'))!.p50Ms,
      trivialToRaw: rps('GET /healthz') / rps('raw node:http'),
      bareKoaToRaw: rps('bare Koa') / rps('raw node:http'),
      trivialToBareKoa: rps('GET /healthz') / rps('bare Koa'),
    },
  });
}
load.after = loadavg();

console.log(
  `\nload average ${load.before.map((l) => l.toFixed(2)).join(' ')} before, ${load.after.map((l) => l.toFixed(2)).join(' ')} after; ${cpus().length} cores\n`,
);
console.log('| engine | target | req/s | p50 ms | p99 ms | non-2xx | server CPU | load generator CPU |');
console.log('|---|---|---|---|---|---|---|---|');
for (const { engine, results } of runs) {
  for (const r of results) {
    console.log(
      `| ${engine} | ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.serverCpuPercent.toFixed(0)}% | ${r.generatorCpuPercent.toFixed(0)}% |`,
    );
  }
}
console.log(
  '\n| engine | prices / Koa trivial (goal ≥ 0.5) | prices / bare | portfolio / bare (goal ≥ 0.7) | portfolio p50 (goal ≤ 5 ms on Postgres) | Koa trivial / raw node:http (goal ≥ 0.7) | bare Koa / raw node:http | Koa trivial / bare Koa |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const { engine, ratios } of runs) {
  const mark = (value: number, goal: number) => `${value.toFixed(2)} ${value >= goal ? 'met' : 'MISSED'}`;
  const p50 = ratios.portfolioP50Ms!;
  const p50Goal = engine === 'postgres' ? (p50 <= 5 ? ' met' : ' MISSED') : '';
  console.log(
    `| ${engine} | ${mark(ratios.pricesToTrivial!, 0.5)} | ${ratios.pricesToBare!.toFixed(2)} | ${mark(ratios.portfolioToBare!, 0.7)} | ${p50} ms${p50Goal} | ${mark(ratios.trivialToRaw!, 0.7)} | ${ratios.bareKoaToRaw!.toFixed(2)} | ${ratios.trivialToBareKoa!.toFixed(2)} |`,
  );
}
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench/results/api.json'),
  JSON.stringify({ at: new Date().toISOString(), options, cores: cpus().length, load, runs }, null, 2),
);
