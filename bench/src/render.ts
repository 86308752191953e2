/**
 * Render benchmark: one price tick on a 1,000-holding portfolio, in headless Chromium, on the
 * real portfolio screen (summary, table, charts) built for production. Each tick is applied with
 * flushSync and followed by a forced layout, so a sample is mergePrices + React render and commit +
 * style and layout of the tick's first frame; paint is not included. A tick that changes more than
 * ROWS_PER_FRAME rows renders the rest in later frames; `settled` is the time until all are shown.
 * Goal: under 16 ms (one frame at 60 Hz).
 * Run: npm run bench:render [-- --holdings 1000 --warmup 10 --runs 60]
 * Writes bench/results/render.json and prints a table.
 */
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../../e2e/src/browser.ts';

const GOAL_MS = 16;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PAGE_ROOT = path.resolve(HERE, '../render');
const DIST = path.join(PAGE_ROOT, 'dist');

const { values } = parseArgs({
  options: {
    holdings: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '10' },
    runs: { type: 'string', default: '60' },
  },
});
const holdings = Number(values.holdings);
const warmup = Number(values.warmup);
const runs = Number(values.runs);

await build({
  root: PAGE_ROOT,
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir: DIST, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bench');
  const file = path.join(DIST, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
  if (!file.startsWith(DIST) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** What bench/render/main.tsx puts on the page's window. */
interface BenchPage {
  bench: { ready(): Promise<number>; tick(changed: number): Promise<Sample>; sortBy(key: string): void };
}

interface Sample {
  ms: number;
  scriptMs: number;
  settledMs: number;
  rowsRendered: number;
}
const scenarios = [
  { name: '1 coin changes', changed: 1, sorted: false },
  { name: '10% of coins change', changed: Math.round(holdings / 10), sorted: false },
  { name: 'every coin changes', changed: holdings, sorted: false },
  { name: '10% change, sorted by Balance', changed: Math.round(holdings / 10), sorted: true },
] as const;

const browser = await launchBrowser();
const results: Record<string, unknown>[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/?holdings=${holdings}`);
  const rows = await page.evaluate(() => (globalThis as unknown as BenchPage).bench.ready());
  if (rows !== holdings) throw new Error(`expected ${holdings} rows, found ${rows}`);

  for (const scenario of scenarios) {
    if (scenario.sorted)
      await page.evaluate(() => (globalThis as unknown as BenchPage).bench.sortBy('currentValue'));
    const samples: Sample[] = await page.evaluate(
      async ({ changed, count }) => {
        const out = [];
        for (let i = 0; i < count; i++)
          out.push(await (globalThis as unknown as BenchPage).bench.tick(changed));
        return out;
      },
      { changed: scenario.changed, count: warmup + runs },
    );
    const measured = samples.slice(warmup);
    const ms = measured.map((s) => s.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
    const script = measured.map((s) => s.scriptMs).sort((a, b) => a - b);
    results.push({
      scenario: scenario.name,
      changedCoins: scenario.changed,
      medianMs: round(at(0.5)),
      p95Ms: round(at(0.95)),
      maxMs: round(ms.at(-1)!),
      scriptMedianMs: round(script[Math.floor(script.length / 2)]!),
      settledMedianMs: round(median(measured.map((s) => s.settledMs))),
      rowsRenderedPerTick: Math.max(...measured.map((s) => s.rowsRendered)),
    });
  }
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
} finally {
  await browser.close();
  server.close();
}

function median(list: number[]): number {
  const sorted = list.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

const headline = results[0] as { medianMs: number; p95Ms: number };
// The machine is shared: p95 and max reflect other processes as much as this code, so the goal is
// judged on the median and the tail is reported beside it.
const result = {
  benchmark: 'render',
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  browser: 'chromium (headless)',
  holdings,
  warmup,
  runs,
  measured:
    'per tick, its first frame: mergePrices + React render/commit (flushSync) + style and layout, paint excluded; ' +
    'rows beyond ROWS_PER_FRAME (50) render in later frames, settled = until all changed rows rendered',
  loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
  scenarios: results,
  goalMs: GOAL_MS,
  pass: results.every((r) => (r as { medianMs: number }).medianMs < GOAL_MS),
};
const dir = new URL('../results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('render.json', dir), `${JSON.stringify(result, null, 2)}\n`);

console.log(
  `Price tick render: ${holdings.toLocaleString('en-US')} holdings on the portfolio screen, ${warmup} warm-up + ${runs} measured ticks per scenario`,
);
console.table(Object.fromEntries(results.map(({ scenario, ...rest }) => [scenario as string, rest])));
console.log(`machine load average during the run: ${result.loadAverage.join(', ')} (${cpus().length} cores)`);
console.log(
  `one tick (1 coin): median ${headline.medianMs} ms, p95 ${headline.p95Ms} ms; ` +
    `every scenario's first-frame median < ${GOAL_MS} ms: ${result.pass ? 'met' : 'NOT met'}`,
);
console.log('written: bench/results/render.json');
