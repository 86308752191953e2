/**
 * Performance over all time for a long history: one user with 200 priced holdings and 20,000
 * transactions over 5 years, and 5 years of daily market history for each coin (365,000 rows). In one run,
 * GET /api/portfolio/performance?range=ALL and the plain GET /api/portfolio are timed one request at a
 * time, alternating (so drift in the machine's load falls on both alike), N requests each after a
 * warm-up; the figure is the ratio of their medians and p95s.
 * The API runs in this process over a fresh database (the test harness): no build needed, and both
 * routes are measured the same way.
 * Run: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] npm run bench:history [-- --requests 40 --warmup 5]
 * With DATABASE_URL the data is in a fresh database on that server (dropped afterwards), else in PGlite.
 * Writes bench/results/history.json and prints the figures. Not run in CI.
 * With --backfill it measures the market history backfill instead (history-backfill.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startTestApi } from '@coinpace/api/testing';
import { holdingTransactions, portfolioItems, saveMarketHistory, type AppDb } from '@coinpace/db';
import { setTestPrice } from '@coinpace/db/testing';
import { ROOT } from './child-server.ts';
import { DEMO_QUOTA_PER_MINUTE, runBackfillBench } from './history-backfill.ts';
import { latencySummary } from './stats.ts';

const HOLDINGS = 200;
const TRANSACTIONS_PER_HOLDING = 100;
const YEARS = 5;
const DAY = 86_400_000;

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
    backfill: { type: 'boolean', default: false },
    coins: { type: 'string', default: '1000' },
    years: { type: 'string', default: '5' },
    speedup: { type: 'string', default: '40' },
    'max-minutes': { type: 'string', default: '30' },
    'poll-minutes': { type: 'string', default: '1' },
    quota: { type: 'string', default: String(DEMO_QUOTA_PER_MINUTE) },
  },
});
if (values.backfill) {
  await runBackfillBench({
    coins: Number(values.coins),
    years: Number(values.years),
    speedup: Number(values.speedup),
    maxMinutes: Number(values['max-minutes']),
    pollMinutes: Number(values['poll-minutes']),
    quota: Number(values.quota),
  });
  process.exit(0);
}
const requests = Number(values.requests);
const warmup = Number(values.warmup);

const now = Date.now();
const today = Math.floor(now / DAY) * DAY;
const start = today - YEARS * 365 * DAY;

/** A coin's daily close on day `d` since the start: a slow drift and a weekly wobble, never below 1. */
const closeOf = (coin: number, d: number) => 10 + coin + d * 0.01 + 3 * Math.sin((d + coin) / 7);

/** 200 holdings of one user, 100 transactions each spread over the 5 years, and their coins' history. */
async function seed(db: AppDb, userId: string): Promise<number> {
  const days = YEARS * 365;
  let transactions = 0;
  for (let i = 0; i < HOLDINGS; i += 1) {
    const coingeckoId = `history-coin-${i}`;
    const [holding] = await db
      .insert(portfolioItems)
      .values({
        userId,
        coingeckoId,
        symbol: `HC${i}`,
        name: `History Coin ${i}`,
        quantity: '51',
        purchasePrice: '10',
      })
      .returning();
    // Buys of 2 and sells of 1, alternating, evenly over the years (each holding on its own days).
    const rows = Array.from({ length: TRANSACTIONS_PER_HOLDING }, (_, k) => {
      const d = Math.floor(((k + i / HOLDINGS) * days) / TRANSACTIONS_PER_HOLDING);
      return {
        holdingId: holding!.id,
        userId,
        kind: k % 2 === 0 ? 'buy' : 'sell',
        at: new Date(start + d * DAY + 3_600_000),
        quantity: k % 2 === 0 ? '2' : '1',
        pricePerCoin: closeOf(i, d).toFixed(2),
        fee: k % 3 === 0 ? '0.5' : '0',
      };
    });
    await db.insert(holdingTransactions).values(rows);
    transactions += rows.length;
    const points = Array.from({ length: days + 1 }, (_, d) => ({
      at: start + d * DAY,
      price: closeOf(i, d),
    }));
    await saveMarketHistory(db, {
      coingeckoId,
      currency: 'usd',
      granularity: 'daily',
      source: 'simulated',
      span: { from: start, to: today + DAY },
      points,
    });
    await setTestPrice(db, coingeckoId, closeOf(i, days).toFixed(2));
  }
  return transactions;
}

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const api = await startTestApi(engine);
try {
  const seedStarted = performance.now();
  const { token, user } = await api.signUp();
  const transactions = await seed(api.database.db, user.id);
  console.log(
    `bench:history on ${engine}: seeded ${HOLDINGS} holdings, ${transactions} transactions over ${YEARS} years and ${HOLDINGS} x ${YEARS * 365 + 1} daily closes in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const targets = {
    performance: '/api/portfolio/performance?range=ALL',
    portfolio: '/api/portfolio',
  } as const;
  const samples: Record<keyof typeof targets, number[]> = { performance: [], portfolio: [] };
  let points = 0;
  const load = { before: loadavg(), after: [] as number[] };
  for (let i = 0; i < warmup + requests; i += 1) {
    const order =
      i % 2 === 0 ? (['performance', 'portfolio'] as const) : (['portfolio', 'performance'] as const);
    for (const which of order) {
      const started = performance.now();
      const response = await api.call('GET', targets[which], { token });
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${targets[which]} answered ${response.status}`);
      if (which === 'performance') points = (response.body as { points: unknown[] }).points.length;
      else if ((response.body as unknown[]).length !== HOLDINGS) throw new Error('portfolio: wrong holdings');
      if (i >= warmup) samples[which].push(ms);
    }
  }
  load.after = loadavg();
  const result = {
    at: new Date().toISOString(),
    engine,
    holdings: HOLDINGS,
    transactions,
    years: YEARS,
    performancePoints: points,
    warmup,
    cores: cpus().length,
    load,
    performance: latencySummary(samples.performance),
    portfolio: latencySummary(samples.portfolio),
    ratio: { median: 0, p95: 0 },
  };
  result.ratio.median = Math.round((result.performance.medianMs / result.portfolio.medianMs) * 100) / 100;
  result.ratio.p95 = Math.round((result.performance.p95Ms / result.portfolio.p95Ms) * 100) / 100;

  console.log(
    `load average ${load.before.map((l) => l.toFixed(2)).join(' ')} before, ${load.after.map((l) => l.toFixed(2)).join(' ')} after; ${cpus().length} cores`,
  );
  console.log('\n| route | requests | median ms | p95 ms | mean ms |');
  console.log('|---|---|---|---|---|');
  for (const [label, s] of [
    [`GET ${targets.performance} (${points} points)`, result.performance],
    [`GET ${targets.portfolio}`, result.portfolio],
  ] as const) {
    console.log(`| ${label} | ${s.requests} | ${s.medianMs} | ${s.p95Ms} | ${s.meanMs} |`);
  }
  console.log(
    `\nratio (performance ALL / portfolio): median ${result.ratio.median}x, p95 ${result.ratio.p95}x`,
  );
  const out = path.join(ROOT, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'history.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await api.close();
}
