/**
 * Start-up benchmark: each ROLE started the way production used to run it (`tsx
 * server/src/main.ts`, TypeScript compiled at load) and the way it runs now (`node server/dist/main.js`,
 * the output of `npm run build`), against real Postgres (a fresh database of its own, dropped afterwards)
 * and Redis. Per start: milliseconds from spawn to the first 200 from /readyz, and resident memory of the
 * whole process tree (tsx runs the server in a child process) once ready and after a short settle.
 * Run: npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench:startup [-- --runs 5]
 * Writes bench/results/startup.json and prints a table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connect } from '@coinpace/db';
import postgres from 'postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT = path.join(ROOT, 'server/dist/main.js');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const ROLES = ['api', 'gateway', 'poller', 'worker'] as const;
const MODES = {
  tsx: [TSX, 'server/src/main.ts'],
  built: [process.execPath, BUILT],
  // With NODE_OPTIONS=--enable-source-maps: stack traces point at the TypeScript sources.
  'built+maps': [process.execPath, '--enable-source-maps', BUILT],
} as const;
type Mode = keyof typeof MODES;

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, settle: { type: 'string', default: '3000' } },
});
const RUNS = Number(values.runs);
const SETTLE_MS = Number(values.settle);
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!serverUrl || !redisUrl) {
  console.error('bench:startup needs DATABASE_URL (a Postgres server) and REDIS_URL');
  process.exit(1);
}
if (!existsSync(BUILT)) {
  console.error('bench:startup needs the built server: run `npm run build` first');
  process.exit(1);
}

/** Resident memory of a process and all its descendants, in MB, read from /proc. */
function treeRssMb(pid: number): number {
  let kb = 0;
  const visit = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(Number(child));
      }
    } catch {
      /* the process ended between reads */
    }
  };
  visit(pid);
  return kb / 1024;
}

interface Sample {
  readyMs: number;
  rssReadyMb: number;
  rssSettledMb: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts one process, waits for /readyz, measures, then stops it with SIGTERM. */
async function startOnce(mode: Mode, role: string, env: Record<string, string>): Promise<Sample> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'coinpace-startup-'));
  const [command, ...args] = MODES[mode];
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      ROLE: role,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no port within 60 s:\n${output.join('')}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output.push(chunk.toString());
        const found = /"port":(\d+),"url"/.exec(output.join(''));
        if (found) {
          clearTimeout(timer);
          resolve(Number(found[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output.join('')}`)));
    });
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 60_000) throw new Error('not ready within 60 s');
      await sleep(10);
    }
    const readyMs = performance.now() - started;
    const rssReadyMb = treeRssMb(child.pid!);
    await sleep(SETTLE_MS);
    return { readyMs, rssReadyMb, rssSettledMb: treeRssMb(child.pid!) };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const name = `coinpace_bench_startup_${Date.now().toString(36)}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const rows: {
  role: string;
  mode: Mode;
  readyMs: number;
  rssReadyMb: number;
  rssSettledMb: number;
  samples: Sample[];
}[] = [];
const load = { before: loadavg(), after: [] as number[] };
try {
  // Migrations run once here, so every measured start finds the schema current, as a restart does.
  await (await connect({ databaseUrl: url.toString() })).close();
  const env = {
    NODE_ENV: 'production',
    ALLOW_LOCAL_PROVIDERS: '1',
    PORT: '0',
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    // Nothing leaves the machine: the poller polls the simulated feed.
    PRICE_SOURCE: 'simulated',
    LOG_LEVEL: 'info',
  };
  for (const role of ROLES) {
    const modes = Object.keys(MODES) as Mode[];
    const samples = new Map<Mode, Sample[]>(modes.map((mode) => [mode, []]));
    // A discarded first start per mode warms the page cache; then the modes take turns, so a change in
    // the machine's load falls on all of them alike.
    for (const mode of modes) await startOnce(mode, role, env);
    for (let run = 0; run < RUNS; run += 1) {
      for (const mode of modes) samples.get(mode)!.push(await startOnce(mode, role, env));
    }
    for (const mode of modes) {
      const list = samples.get(mode)!;
      const row = {
        role,
        mode,
        readyMs: median(list.map((s) => s.readyMs)),
        rssReadyMb: median(list.map((s) => s.rssReadyMb)),
        rssSettledMb: median(list.map((s) => s.rssSettledMb)),
        samples: list,
      };
      rows.push(row);
      console.log(
        `${role.padEnd(8)} ${mode.padEnd(10)} ready ${row.readyMs.toFixed(0).padStart(5)} ms  rss ${row.rssReadyMb.toFixed(0)} MB, ${row.rssSettledMb.toFixed(0)} MB after ${SETTLE_MS / 1000} s`,
      );
    }
  }
  load.after = loadavg();
} finally {
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end({ timeout: 5 });
}

console.log(
  `\nmedian of ${RUNS} starts; load average ${load.before.map((l) => l.toFixed(2)).join(' ')} before, ${load.after.map((l) => l.toFixed(2)).join(' ')} after\n`,
);
const modes = Object.keys(MODES) as Mode[];
console.log(
  `| role | ${modes.map((m) => `${m}: ready`).join(' | ')} | ${modes.map((m) => `${m}: RSS`).join(' | ')} |`,
);
console.log(`|---|${modes.map(() => '---|---|').join('')}`);
for (const role of ROLES) {
  const of = (mode: Mode) => rows.find((r) => r.role === role && r.mode === mode)!;
  const tsx = of('tsx');
  const ready = modes.map((m) => {
    const ms = of(m).readyMs;
    return m === 'tsx' ? `${ms.toFixed(0)} ms` : `${ms.toFixed(0)} ms (${(ms / tsx.readyMs).toFixed(2)}x)`;
  });
  const rss = modes.map((m) => {
    const mb = of(m).rssSettledMb;
    return m === 'tsx'
      ? `${mb.toFixed(0)} MB`
      : `${mb.toFixed(0)} MB (${(mb / tsx.rssSettledMb).toFixed(2)}x)`;
  });
  console.log(`| ${role} | ${ready.join(' | ')} | ${rss.join(' | ')} |`);
}
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench/results/startup.json'),
  JSON.stringify({ at: new Date().toISOString(), runs: RUNS, settleMs: SETTLE_MS, load, rows }, null, 2),
);
