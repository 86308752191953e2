/**
 * Alert engine benchmark: 1,000,000 Active alerts over 500 coins and 100,000 users on real
 * Postgres; ticks moving all 500 coins, with none and with 1,000 alerts firing. Per tick it times our
 * consumer's work (evaluate with the trigger index, then fire: pause, events, allowance, outbox) and the
 * naive approach (load every Active alert, test it in JavaScript), in the same run on the same ticks.
 * Run: DATABASE_URL=postgres://... npm run bench:alerts [-- --ticks 50 --alerts 1000000]
 * Writes bench/results/alerts.json and prints a table.
 * With --kinds (default 100,000) it also seeds holdings for --holders users (default 20,000, five each) and a
 * mixed population of the portfolio kinds, and times a third scenario, a tick moving --moved coins (default 5),
 * against the kinds' own naive loop (every kind alert and holding loaded, each portfolio summed per alert), and
 * a fourth, a tick moving every coin. --kinds-only times only these two.
 * Goals: ours at most 0.01 of naive; under 20 ms per tick with none firing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PortfolioIndex, evaluateTick, processTick } from '@coinpace/realtime';
import type { PriceTick } from '@coinpace/domain';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { connect, rowsOf, type AppDb } from './alerts-db.ts';
import { naiveEvaluateKinds, seedKinds } from './alerts-kinds.ts';
import { naiveEvaluate } from './alerts-naive.ts';
import { rearmFiring, seed, type Seeded } from './alerts-seed.ts';

const { values } = parseArgs({
  options: {
    ticks: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    alerts: { type: 'string', default: '1000000' },
    coins: { type: 'string', default: '500' },
    users: { type: 'string', default: '100000' },
    firing: { type: 'string', default: '1000' },
    kinds: { type: 'string', default: '100000' },
    holders: { type: 'string', default: '20000' },
    moved: { type: 'string', default: '5' },
    'kinds-only': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const sizes = {
  alerts: Number(values.alerts),
  coins: Number(values.coins),
  users: Number(values.users),
  firing: Number(values.firing),
};
const kindSizes = {
  kinds: Number(values.kinds),
  holders: Math.min(Number(values.holders), sizes.users),
  perUser: 5,
  coins: sizes.coins,
};
const TICKS = Number(values.ticks);
const WARMUP = Number(values.warmup);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:alerts needs real Postgres: set DATABASE_URL=postgres://user@host:5432/postgres');
  process.exit(1);
}
const log = (line: string) => console.log(line);
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

const name = `coinpace_bench_alerts_${Date.now().toString(36)}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
// Seeding a million rows runs statements longer than the servers' statement timeout.
const database = await connect({ databaseUrl: url.toString(), maxConnections: 4, statementTimeoutMs: 0 });
const db = database.db;

try {
  log(`Seeding ${name}`);
  const started = performance.now();
  const seeded = await seed(db, sizes, log);
  await seedKinds(db, kindSizes, log);
  await db.execute(sql`analyze`);
  log(
    `  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${seeded.firingIds.length} alerts fire on a firing tick`,
  );
  const plan = await explainCrossed(db, seeded);

  let seq = 0;
  const tick = (move: (i: number) => number, coinCount = seeded.coins.length): PriceTick => {
    const at = Date.now();
    seq += 1;
    // A tick of some coins moves those of the first holdings seeded (user 0's), so someone holds them.
    const coins = seeded.coins.slice(0, coinCount);
    const prices = Object.fromEntries(
      coins.map((c, i) => [
        c.id,
        { usd: round8(c.price * move(i)), usd_24h_change: 0, last_updated: Math.floor(at / 1000) },
      ]),
    );
    return { id: `bench-${at}-${seq}`, at, prices, source: { status: 'live', lastSuccessAt: at } };
  };
  const jitter = () => 1 + (Math.random() - 0.5) * 0.04; // within ±2 %: reaches no trigger
  const up = () => 1.04 * (1 + (Math.random() - 0.5) * 0.001); // +4 %: reaches the 1,000 at +3 %

  // As a consumer runs: one index of wide alerts and holdings, built on the first (warm-up) tick and
  // brought up to date from the change log on each later one.
  const portfolioIndex = new PortfolioIndex();
  const deps = {
    db,
    logger: quiet,
    pollMs: 60_000,
    publicUrl: 'https://coinpace.example',
    now: () => Date.now(),
    portfolioIndex,
  };
  // The machine is shared: the load average says how quiet it was while the ticks ran.
  const loadAtStart = loadavg();
  const moved = Number(values.moved);
  const coinScenarios = [
    { name: 'none firing', move: jitter, expected: 0, coins: seeded.coins.length, naive: naiveEvaluate },
    {
      name: `${seeded.firingIds.length.toLocaleString('en-US')} firing`,
      move: up,
      expected: seeded.firingIds.length,
      coins: seeded.coins.length,
      naive: naiveEvaluate,
    },
  ];
  const scenarios = [
    ...(values['kinds-only'] ? [] : coinScenarios),
    // The portfolio kinds against their own naive loop, on a tick that moves a few coins: only the users
    // holding those are looked at, each portfolio summed once.
    ...(kindSizes.kinds > 0
      ? [
          {
            name: `kinds, ${moved} coins moved`,
            move: jitter,
            expected: 0,
            coins: moved,
            naive: naiveEvaluateKinds,
          },
          // Every coin moves: every holder's portfolio is looked at.
          {
            name: 'kinds, all moved',
            move: jitter,
            expected: 0,
            coins: seeded.coins.length,
            naive: naiveEvaluateKinds,
          },
        ]
      : []),
  ];
  // Alone, the kinds' scenarios start from every coin's price stored, as after the coin scenarios.
  if (values['kinds-only'])
    await storeLatest(
      db,
      tick(() => 1),
    );
  const results = [];
  for (const scenario of scenarios) {
    log(`\nScenario: ${scenario.name} (${WARMUP} warm-up + ${TICKS} ticks)`);
    const ours: number[] = [];
    const oursEvaluate: number[] = [];
    const naive: number[] = [];
    let fired = 0;
    let naiveFired = 0;
    for (let i = 0; i < WARMUP + TICKS; i += 1) {
      const t = tick(() => scenario.move(), scenario.coins);
      await storeLatest(db, t);
      // Three measurements per tick, each on freshly re-armed alerts, in rotating order so none always
      // runs right after the naive scan has churned the caches.
      const steps = {
        naive: async () => {
          const n0 = performance.now();
          const hits = await scenario.naive(db, t);
          return { ms: performance.now() - n0, found: hits.length };
        },
        evaluate: async () => {
          const e0 = performance.now();
          const evaluation = await evaluateTick(db, t, { pollMs: deps.pollMs, index: portfolioIndex });
          return { ms: performance.now() - e0, found: evaluation.firings.length };
        },
        // The consumer's whole job: evaluate and fire (pause, events, allowance, outbox rows).
        full: async () => {
          const o0 = performance.now();
          const result = await processTick(deps, t);
          return { ms: performance.now() - o0, found: result.fired.length };
        },
      };
      const names = (['naive', 'evaluate', 'full'] as const).map((_, k, all) => all[(k + i) % all.length]!);
      const measured: Record<string, { ms: number; found: number }> = {};
      for (const step of names) {
        await rearmFiring(db, seeded.firingIds);
        measured[step] = await steps[step]();
        if (measured[step].found !== scenario.expected) {
          throw new Error(`tick ${i} ${step}: expected ${scenario.expected}, got ${measured[step].found}`);
        }
      }
      if (i >= WARMUP) {
        naive.push(measured.naive!.ms);
        oursEvaluate.push(measured.evaluate!.ms);
        ours.push(measured.full!.ms);
        fired += measured.full!.found;
        naiveFired += measured.naive!.found;
      }
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    const summary = {
      scenario: scenario.name,
      ticks: TICKS,
      firedPerTick: fired / TICKS,
      naiveFoundPerTick: naiveFired / TICKS,
      ours: stats(ours),
      oursEvaluateOnly: stats(oursEvaluate),
      naive: stats(naive),
      ratioMedian: round4(median(ours) / median(naive)),
      ratioP99: round4(percentile(ours, 99) / percentile(naive, 99)),
    };
    results.push(summary);
  }
  const outbox = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from outbox_messages`),
  )[0]!.n;
  const events = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from alert_events`))[0]!
    .n;

  const report = {
    benchmark: 'alerts',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
    loadAverage: { atStart: loadAtStart.map(round2), atEnd: loadavg().map(round2) },
    postgres: rowsOf<{ v: string }>(await db.execute(sql`select version() as v`))[0]!.v,
    sizes: { ...sizes, ...kindSizes },
    results,
    outboxRowsWritten: outbox,
    alertEventsWritten: events,
    crossedQueryPlan: plan,
    goals: { ratioAtMost: 0.01, noneFiringMedianUnderMs: 20 },
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/alerts.json', JSON.stringify(report, null, 2));

  log('\nPer-tick time, ms (median / p99 over ' + TICKS + ' ticks)');
  log(
    'scenario            | ours: evaluate+fire | ours: evaluate only | naive: load all + test | ratio (median, p99)',
  );
  for (const r of results) {
    log(
      `${r.scenario.padEnd(19)} | ${fmt(r.ours)} | ${fmt(r.oursEvaluateOnly)} | ${fmt(r.naive).padEnd(22)} | ${r.ratioMedian}, ${r.ratioP99}`,
    );
  }
  log(
    `load average (1, 5, 15 min): ${report.loadAverage.atStart.join(', ')} at start, ${report.loadAverage.atEnd.join(', ')} at end`,
  );
  log(
    `\nalert events written: ${events}, outbox rows written: ${outbox} (sent later by the dispatcher, not timed here)`,
  );
  log(`plan of the range query for one coin:\n  ${plan.join('\n  ')}`);
  log('results: bench/results/alerts.json');
} finally {
  await database.close();
  if (!values.keep) await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

/** Stores the tick's prices as the poller would (not timed: the poller does this, not the consumer). */
async function storeLatest(db: AppDb, t: PriceTick): Promise<void> {
  const json = JSON.stringify(Object.entries(t.prices).map(([id, q]) => ({ id, usd: String(q.usd) })));
  await db.execute(sql`insert into latest_prices (coingecko_id, usd, last_updated, source, received_at)
    select id, usd, now(), 'coingecko', now() from jsonb_to_recordset(${json}::jsonb) as x(id text, usd numeric)
    on conflict (coingecko_id) do update set usd = excluded.usd, received_at = excluded.received_at, source = excluded.source`);
}

/** The plans of the two evaluation queries, to show they use the trigger index and never scan all alerts. */
async function explainCrossed(db: AppDb, seeded: Seeded): Promise<string[]> {
  const coin = seeded.coins[0]!;
  const explain = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ 'QUERY PLAN': string }>(await db.execute(query)).map((r) => r['QUERY PLAN']);
  const single =
    await explain(sql`explain select id from alerts where status = 'Active' and coingecko_id = ${coin.id}
      and direction = 'above' and trigger_price <= ${String(coin.price)}::numeric`);
  const wide =
    await explain(sql`explain select id from alerts where status = 'Active' and coingecko_id is null
      and scope in ('portfolio', 'all_coins')
      and user_id in (select p.user_id from portfolio_items p where p.coingecko_id = any(array[${coin.id}]::text[]))`);
  return [
    '-- single-coin alerts, per coin and direction:',
    ...single,
    '-- whole-portfolio and all-coins alerts:',
    ...wide,
  ];
}

function stats(list: number[]) {
  return {
    medianMs: round2(median(list)),
    p99Ms: round2(percentile(list, 99)),
    minMs: round2(Math.min(...list)),
    maxMs: round2(Math.max(...list)),
  };
}
function median(list: number[]) {
  return percentile(list, 50);
}
/** Nearest-rank percentile. */
function percentile(list: number[], p: number) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
function fmt(s: { medianMs: number; p99Ms: number }) {
  return `${s.medianMs.toFixed(2)} / ${s.p99Ms.toFixed(2)}`.padEnd(19);
}
function round2(n: number) {
  return Math.round(n * 100) / 100;
}
function round4(n: number) {
  return Math.round(n * 10_000) / 10_000;
}
function round8(n: number) {
  return Math.round(n * 1e8) / 1e8;
}
