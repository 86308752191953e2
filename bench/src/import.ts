/**
 * Import benchmark (DESIGN.md section 2, bench/): parseCsv against papaparse alone on the same
 * 100,000-row CSV, in one process, runs interleaved so all see the same machine state. Also timed: the
 * browser's whole import step before the network (parseCsv, skip held symbols, price and build the
 * bulk items), and parsePaste on 100,000 pasted lines.
 * Run: npm run bench:import [-- --rows 100000 --warmup 3 --runs 10]
 * Writes bench/results/import.json and prints a table. Goal: parseCsv at least half papaparse's speed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { parseCsv, parsePaste, splitDuplicates, toBulkItems } from '@coinpace/domain';
import { makeCsv, makePaste } from './csv-sample.ts';
import { median } from './stats.ts';

const GOAL_RATIO = 0.5;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    warmup: { type: 'string', default: '3' },
    runs: { type: 'string', default: '10' },
  },
});
const rows = Number(values.rows);
const warmup = Number(values.warmup);
const runs = Number(values.runs);

const text = makeCsv(rows);
const pasted = makePaste(rows);
// A user who already holds some of the coins, and prices for the known ones.
const HELD = ['BTC', 'eth', 'SOL', 'DOGE', 'PEPE'];
const PRICES: Record<string, number> = {
  bitcoin: 97000,
  ethereum: 3400,
  tether: 1,
  'usd-coin': 1,
  cardano: 0.95,
};
const contenders = {
  parseCsv: () => parseCsv(text).rows.length,
  papaparse: () => Papa.parse<Record<string, string>>(text, { header: true }).data.length,
  importPipeline: () => {
    const { fresh } = splitDuplicates(parseCsv(text).rows, HELD);
    return toBulkItems(fresh, (id) => PRICES[id]).length;
  },
  parsePaste: () => parsePaste(pasted).rows.length,
};
type Name = keyof typeof contenders;
const times: Record<Name, number[]> = { parseCsv: [], papaparse: [], importPipeline: [], parsePaste: [] };
const output: Partial<Record<Name, number>> = {};

for (let i = 0; i < warmup + runs; i++) {
  // Alternate who goes first so neither always runs on a warmer heap.
  const names = Object.keys(contenders) as Name[];
  const order: Name[] = i % 2 === 0 ? names : names.slice().reverse();
  for (const name of order) {
    const start = performance.now();
    output[name] = contenders[name]();
    const ms = performance.now() - start;
    if (i >= warmup) times[name].push(ms);
  }
}

const summary = (name: Name) => {
  const ms = median(times[name]);
  return {
    medianMs: round(ms),
    minMs: round(Math.min(...times[name])),
    maxMs: round(Math.max(...times[name])),
    rowsPerSecond: Math.round(rows / (ms / 1000)),
    outputRows: output[name],
  };
};
const round = (n: number) => Math.round(n * 100) / 100;

const parse = summary('parseCsv');
const papa = summary('papaparse');
const pipeline = summary('importPipeline');
const paste = summary('parsePaste');
const ratio = round(parse.rowsPerSecond / papa.rowsPerSecond);
const check = parseCsv(text);
const result = {
  benchmark: 'import',
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  rows,
  bytes: Buffer.byteLength(text),
  warmup,
  runs,
  parseCsv: { ...parse, keptRows: check.rows.length, errorLines: check.errors.length },
  papaparse: papa,
  importPipeline: { ...pipeline, what: 'parseCsv + skip held symbols + price + bulk items' },
  parsePaste: { ...paste, bytes: Buffer.byteLength(pasted), what: 'standardized lines' },
  ratio,
  goalRatio: GOAL_RATIO,
  pass: ratio >= GOAL_RATIO,
};

const dir = new URL('../results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('import.json', dir), `${JSON.stringify(result, null, 2)}\n`);

console.log(
  `CSV import: ${rows.toLocaleString('en-US')} rows, ${(result.bytes / 1e6).toFixed(1)} MB, ${warmup} warm-up + ${runs} measured runs each, interleaved`,
);
console.table({
  parseCsv: {
    'median ms': parse.medianMs,
    'min ms': parse.minMs,
    'max ms': parse.maxMs,
    'rows/s': parse.rowsPerSecond,
  },
  'papaparse (header: true)': {
    'median ms': papa.medianMs,
    'min ms': papa.minMs,
    'max ms': papa.maxMs,
    'rows/s': papa.rowsPerSecond,
  },
  'parseCsv + import plan': {
    'median ms': pipeline.medianMs,
    'min ms': pipeline.minMs,
    'max ms': pipeline.maxMs,
    'rows/s': pipeline.rowsPerSecond,
  },
  'parsePaste (lines)': {
    'median ms': paste.medianMs,
    'min ms': paste.minMs,
    'max ms': paste.maxMs,
    'rows/s': paste.rowsPerSecond,
  },
});
console.log(
  `ratio parseCsv/papaparse = ${ratio} (goal >= ${GOAL_RATIO}: ${result.pass ? 'met' : 'NOT met'}); ` +
    `parseCsv kept ${check.rows.length.toLocaleString('en-US')} merged rows and reported ${check.errors.length.toLocaleString('en-US')} problems`,
);
console.log('written: bench/results/import.json');
