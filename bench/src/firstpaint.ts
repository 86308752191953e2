/**
 * First-paint benchmark: cold loads of the landing page and of a signed-in
 * portfolio in headless Chromium under two throttling profiles, as a phone on a mobile network sees
 * them. Per page: JavaScript downloaded (bytes on the wire and gzipped size, script count), first
 * contentful paint, largest contentful paint and, on the portfolio, when the first holding row shows.
 * Median of `--runs` loads, each in a fresh browser context (empty cache).
 * Not a test: the figures depend on the machine; the goals are printed beside them.
 * Beside them, the floor: the same Vite build of React, React DOM and the router rendering one heading.
 * Run: npm run bench:firstpaint [-- --runs 3 --no-build]
 * Writes bench/results/firstpaint.json and prints a table.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startApp } from '@coinpace/server/testing';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { PROFILES, loadPage, type LoadSample, type PageUnderTest } from './firstpaint/load.ts';
import { buildFloor } from './firstpaint/floor.ts';
import { seedPortfolioUser } from './firstpaint/seed.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The landing's budget and LCP under the mobile profile; the portfolio's rows on every profile (the
// slowest being Fast 3G with a 4x slower CPU).
const GOALS = { landingJsGzipKb: 80, landingLcpMs: 1500, portfolioRowsMs: 3000 };

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);

if (!values['no-build']) {
  // The same command `npm start` runs, so the figures are those of the shipped bundle.
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

// What the stack costs before any of our code: React, React DOM and the router rendering a heading.
const floor = buildFloor(ROOT);

const app = await startApp({ PRICE_SOURCE: 'simulated' });
let browser: Browser | undefined;
const rows: Record<string, unknown>[] = [];
try {
  const session = await seedPortfolioUser(app);
  browser = await launchBrowser();
  const pages: PageUnderTest[] = [
    { name: 'landing', path: '/', waitFor: 'h1' },
    { name: 'portfolio', path: '/portfolio', waitFor: 'tr[data-holding]', session },
  ];
  for (const profile of PROFILES) {
    for (const target of pages) {
      const samples: LoadSample[] = [];
      for (let i = 0; i < runs; i++) samples.push(await loadPage(browser, app.url, target, profile));
      rows.push(summarise(profile.name, target.name, samples));
    }
  }
} finally {
  await browser?.close();
  await app.stop();
}

function summarise(profile: string, page: string, samples: LoadSample[]): Record<string, unknown> {
  const first = samples[0]!;
  const readyMs = samples.map((s) => s.readyMs).filter((ms): ms is number => ms !== null);
  return {
    profile,
    page,
    scripts: first.scripts.length,
    jsWireKb: kb(first.scripts.reduce((sum, s) => sum + s.wireBytes, 0)),
    jsGzipKb: kb(first.scripts.reduce((sum, s) => sum + s.gzipBytes, 0)),
    fcpMs: median(samples.map((s) => s.fcpMs)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    rowsMs: page === 'portfolio' && readyMs.length === samples.length ? median(readyMs) : null,
    scriptFiles: first.scripts.map((s) => `${s.file} (${kb(s.gzipBytes)} KB gz)`),
    samples: samples.map(({ fcpMs, lcpMs, readyMs: ready }) => ({ fcpMs, lcpMs, readyMs: ready })),
  };
}

function median(list: number[]): number {
  const sorted = list.slice().sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
}

function kb(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}

const landing = rows.find((r) => r.profile === PROFILES[0].name && r.page === 'landing')!;
const portfolios = rows.filter((r) => r.page === 'portfolio');
const result = {
  benchmark: 'firstpaint',
  date: new Date().toISOString(),
  commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).stdout.toString().trim(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  browser: 'chromium (headless), 412x823 phone viewport',
  runs,
  profiles: PROFILES,
  measured:
    'cold load in a fresh context; jsGzipKb = gzip (level 9) of every script body, jsWireKb = bytes on the wire; ' +
    'fcp/lcp from the PerformanceObserver; rowsMs = first portfolio row in the DOM; all ms from navigation start, medians',
  loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
  results: rows,
  floor: {
    ...floor,
    what: 'React, React DOM and react-router-dom (BrowserRouter, useRoutes) rendering one heading',
  },
  goals: GOALS,
  met: {
    landingJs: (landing.jsGzipKb as number) <= GOALS.landingJsGzipKb,
    landingLcp: (landing.lcpMs as number) <= GOALS.landingLcpMs,
    portfolioRows: portfolios.every(
      (r) => r.rowsMs !== null && (r.rowsMs as number) <= GOALS.portfolioRowsMs,
    ),
  },
};
const dir = new URL('../results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('firstpaint.json', dir), `${JSON.stringify(result, null, 2)}\n`);

console.log(`First paint: cold loads on a 412 px phone, median of ${runs} per page and profile`);
console.table(
  rows.map(({ profile, page, scripts, jsWireKb, jsGzipKb, fcpMs, lcpMs, rowsMs }) => ({
    profile,
    page,
    scripts,
    'JS gzip KB': jsGzipKb,
    'JS wire KB': jsWireKb,
    'FCP ms': fcpMs,
    'LCP ms': lcpMs,
    'rows ms': rowsMs ?? '',
  })),
);
for (const r of rows) console.log(`${r.profile} / ${r.page}: ${(r.scriptFiles as string[]).join(', ')}`);
console.log(
  `floor: React + React DOM + the router rendering a heading, ${floor.jsGzipKb} KB gz in ${floor.scripts} script(s); ` +
    `landing / floor ${(Number(landing.jsGzipKb) / floor.jsGzipKb).toFixed(2)}, ` +
    `the budget leaves ${(GOALS.landingJsGzipKb - floor.jsGzipKb).toFixed(1)} KB for the page itself`,
);
console.log(`machine load average during the run: ${result.loadAverage.join(', ')} (${cpus().length} cores)`);
console.log(
  `goals (${PROFILES[0].name}): landing JS <= ${GOALS.landingJsGzipKb} KB gz ${result.met.landingJs ? 'met' : 'NOT met'}, ` +
    `landing LCP <= ${GOALS.landingLcpMs} ms ${result.met.landingLcp ? 'met' : 'NOT met'}; ` +
    `portfolio rows <= ${GOALS.portfolioRowsMs} ms on every profile ${result.met.portfolioRows ? 'met' : 'NOT met'}`,
);
console.log('written: bench/results/firstpaint.json');
