/**
 * Trade-history import benchmark: parseTradeHistory + planTradeImport against
 * papaparse alone reading the same 20,000-row trade-history file, in one process, runs interleaved so all
 * see the same machine state. The file is a Binance spot trade history (the export without row ids, so
 * every row is hashed for its reference), made by a seeded generator: the same text every run.
 * Run: npm run bench:trades [-- --rows 20000 --warmup 3 --runs 10]
 * Writes bench/results/trades.json and prints a table. Goal: parse + plan at least 0.5x papaparse's speed
 * (papaparse with header: true, as bench:import compares parseCsv; the ratio against header: false, bare
 * string arrays, is printed beside it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { parseTradeHistory, planTradeImport } from '@coinpace/domain';
import { median, seededRandom } from './stats.ts';

const GOAL_RATIO = 0.5;
const SEED = 18_003;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '3' },
    runs: { type: 'string', default: '10' },
  },
});
const rows = Number(values.rows);
const warmup = Number(values.warmup);
const runs = Number(values.runs);

const COINS: [string, number][] = [
  ['BTC', 60000],
  ['ETH', 3000],
  ['SOL', 150],
  ['BNB', 550],
  ['XRP', 0.55],
  ['ADA', 0.45],
  ['DOGE', 0.12],
  ['LINK', 15],
];

/** A Binance spot trade history, newest first, with about 2 % rows priced in BTC (which fail). */
function makeBinanceExport(count: number): string {
  const next = seededRandom(SEED);
  const lines = ['"Date(UTC)","Pair","Side","Price","Executed","Amount","Fee"'];
  const start = Date.parse('2021-01-01T00:00:00Z');
  const span = Date.parse('2025-06-01T00:00:00Z') - start;
  const times = Array.from({ length: count }, () => start + Math.floor(next() * span)).sort((a, b) => b - a);
  for (const time of times) {
    const [coin, base] = COINS[Math.floor(next() * COINS.length)]!;
    const quote = next() < 0.02 ? 'BTC' : next() < 0.7 ? 'USDT' : 'USDC';
    const side = next() < 0.65 ? 'BUY' : 'SELL';
    const price = quote === 'BTC' ? base / 60000 : base * (0.6 + next() * 0.8);
    const quantity = (next() * 1000) / base;
    const amount = price * quantity;
    const feeInCoin = side === 'BUY' && next() < 0.5;
    const fee = feeInCoin
      ? `${(quantity * 0.001).toFixed(8)}${coin}`
      : `${(amount * 0.001).toFixed(8)}${quote}`;
    const date = new Date(time).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(
      `"${date}","${coin}${quote}","${side}","${price.toFixed(8)}","${quantity.toFixed(8)}${coin}","${amount.toFixed(8)}${quote}","${fee}"`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const text = makeBinanceExport(rows);
const NOW = Date.parse('2026-01-01T00:00:00Z');
// References a user imported before: every tenth row of the file.
const known = new Set(
  parseTradeHistory(text, { now: NOW })
    .trades.filter((_, i) => i % 10 === 0)
    .map((t) => t.externalRef),
);

const contenders = {
  parseAndPlan: () => {
    const parsed = parseTradeHistory(text, { now: NOW });
    const plan = planTradeImport(parsed.trades, known);
    return (
      plan.groups.reduce((n, g) => n + g.trades.length, 0) + plan.duplicates.length + parsed.failed.length
    );
  },
  parseOnly: () => parseTradeHistory(text, { now: NOW }).read,
  papaparse: () => Papa.parse<string[]>(text, { header: false }).data.length - 1,
  papaparseHeader: () => Papa.parse<Record<string, string>>(text, { header: true }).data.length,
};
type Name = keyof typeof contenders;
const times: Record<Name, number[]> = { parseAndPlan: [], parseOnly: [], papaparse: [], papaparseHeader: [] };
const output: Partial<Record<Name, number>> = {};

for (let i = 0; i < warmup + runs; i++) {
  const names = Object.keys(contenders) as Name[];
  const order: Name[] = i % 2 === 0 ? names : names.slice().reverse();
  for (const name of order) {
    const startedAt = performance.now();
    output[name] = contenders[name]();
    const ms = performance.now() - startedAt;
    if (i >= warmup) times[name].push(ms);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
const summary = (name: Name) => {
  const ms = median(times[name]);
  return {
    medianMs: round(ms),
    minMs: round(Math.min(...times[name])),
    maxMs: round(Math.max(...times[name])),
    rowsPerSecond: Math.round(rows / (ms / 1000)),
    output: output[name],
  };
};

const ours = summary('parseAndPlan');
const parseOnly = summary('parseOnly');
const papa = summary('papaparse');
const papaHeader = summary('papaparseHeader');
// As bench:import measures parseCsv: against papaparse reading the file into rows by header. The ratio
// against header: false (bare string arrays, the least papaparse can do) is reported beside it.
const ratio = round(papaHeader.medianMs / ours.medianMs);
const check = parseTradeHistory(text, { now: NOW });
const result = {
  benchmark: 'trades',
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  rows,
  bytes: Buffer.byteLength(text),
  seed: SEED,
  warmup,
  runs,
  parseAndPlan: { ...ours, trades: check.trades.length, failed: check.failed.length, knownRefs: known.size },
  parseOnly,
  papaparse: { ...papa, what: 'Papa.parse(text, { header: false }): bare string arrays' },
  papaparseHeader: { ...papaHeader, what: 'Papa.parse(text, { header: true }), as bench:import compares' },
  ratio,
  ratioAgainstBareArrays: round(papa.medianMs / ours.medianMs),
  goalRatio: GOAL_RATIO,
  pass: ratio >= GOAL_RATIO,
};

const dir = new URL('../results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('trades.json', dir), `${JSON.stringify(result, null, 2)}\n`);

console.log(
  `Trade-history import: ${rows.toLocaleString('en-US')} Binance rows, ${(result.bytes / 1e6).toFixed(1)} MB, ${warmup} warm-up + ${runs} measured runs each, interleaved`,
);
const line = (s: ReturnType<typeof summary>) => ({
  'median ms': s.medianMs,
  'min ms': s.minMs,
  'max ms': s.maxMs,
  'rows/s': s.rowsPerSecond,
});
console.table({
  'parseTradeHistory + planTradeImport': line(ours),
  parseTradeHistory: line(parseOnly),
  'papaparse (header: false)': line(papa),
  'papaparse (header: true)': line(papaHeader),
});
console.log(
  `Parse + plan at ${ratio}x papaparse's speed (header: true, as bench:import; ${result.ratioAgainstBareArrays}x against header: false); goal ${GOAL_RATIO}x: ${result.pass ? 'PASS' : 'FAIL'}`,
);
