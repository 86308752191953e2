import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import type { ImportFailure, ImportReport, ImportRow } from './import-row.ts';
import { parsePaste } from './paste.ts';

const FIXTURES = new URL('../../fixtures/import/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8');
const list = (dir: string, ext: string) =>
  readdirSync(new URL(dir, FIXTURES))
    .filter((f) => f.endsWith(ext))
    .sort();

/** Rows equal field by field, numbers to 12 significant digits (STYLE.md: no float equality). */
function expectRows(actual: ImportRow[], expected: ImportRow[]) {
  expect(actual.map((r) => r.symbol)).toEqual(expected.map((r) => r.symbol));
  actual.forEach((row, i) => {
    const want = expected[i]!;
    expect({ ...row, quantity: 0, value: 0 }).toEqual({ ...want, quantity: 0, value: 0 });
    expect(row.quantity).toBeCloseTo(want.quantity, 8);
    if (want.value === undefined) expect(row.value).toBeUndefined();
    else expect(row.value).toBeCloseTo(want.value, 8);
  });
}

/** What an expected file says besides the rows: how every source row was accounted for. */
interface ExpectedReport {
  read: number;
  skipped: ImportFailure[];
  failed: ImportFailure[];
}

/**
 * The report matches the expected file, and its counts add up: every source row read is in a
 * row (sourceRows), skipped or failed.
 */
function expectReport(rows: ImportRow[], report: ImportReport, expected: ExpectedReport) {
  expect(report.skipped).toEqual(expected.skipped);
  expect(report.failed).toEqual(expected.failed);
  expect(report.read).toBe(expected.read);
  // Sorted: an object lists integer-like keys ('2', '1') in numeric order.
  expect(Object.keys(report.sourceRows).sort()).toEqual(rows.map((r) => r.symbol).sort());
  const merged = Object.values(report.sourceRows).reduce((sum, n) => sum + n, 0);
  expect(merged + report.skipped.length + report.failed.length).toBe(report.read);
}

// What each sample leaves out on purpose, so a reader knows the expected files were checked for it.
const PASTE_NOTES: Record<string, string> = {
  'binance-spot.txt':
    "Binance's coin cell copied as the symbol over the name; BTC Value not read as dollars; ETHW 0 skipped",
  'coinbase.txt': 'names from the line above the lone symbol; price and allocation lines ignored',
  'exchange-table.txt':
    'DOGE with 0 and XRP with a negative balance dropped; summary lines above the header ignored',
  'exchange-table-spaces.txt': 'blank-separated cells; the Total line dropped',
  'generic.txt': 'PEPE 0 and XRP -5 dropped; 1INCH keeps its contract address',
  'metamask.txt': "'< 0.00001 DAI' skipped; account total and captions ignored",
  'metamask-one-line.txt':
    "one line per token: names and dollar values kept (US$ too, stETH upper-cased); '< 0.00001 DAI' and USDT 0 skipped",
  'metamask-table.txt':
    "MetaMask's token table copied from the browser: each cell of several lines, so a row spans four lines; names, and the value above the balance (not the price), kept; stETH 0 and '< 0.00001 DAI' skipped",
  'metamask-value-below.txt': 'value below the balance; stETH upper-cased; USDT 0 dropped',
  'standard.txt': 'header skipped; UNI 0 and FAKE with a negative balance dropped; ETH lines merged',
  'wallet-table.txt': 'FREE 5,000,000,000 (not below 1e9) and WETH 0 dropped; prices before balances ignored',
  'wallet-table-tabs.txt': 'zero address and 43-character address not kept as contract addresses',
};

describe('parsePaste golden fixtures', () => {
  const files = list('paste/', '.txt');
  it('has a note for every sample', () => {
    expect(files).toEqual(Object.keys(PASTE_NOTES).sort());
  });

  it.each(files)('%s', (file) => {
    const expected = JSON.parse(read(`paste/${file.replace(/\.txt$/, '.expected.json')}`)) as {
      rows: ImportRow[];
      format: string;
    } & ExpectedReport;
    const result = parsePaste(read(`paste/${file}`));
    expect(result.format).toBe(expected.format);
    expectRows(result.rows, expected.rows);
    expectReport(result.rows, result.report, expected);
  });

  it('covers every paste format', () => {
    const formats = new Set(
      files.map(
        (f) =>
          (JSON.parse(read(`paste/${f.replace(/\.txt$/, '.expected.json')}`)) as { format: string }).format,
      ),
    );
    expect([...formats].sort()).toEqual([
      'coinbase',
      'exchange-table',
      'generic',
      'metamask',
      'standard',
      'wallet-table',
    ]);
  });
});

const CSV_NOTES: Record<string, string> = {
  'bitpanda-assets.csv':
    "Bitpanda-style asset export: semicolons, comma decimals, the coin under 'Asset'; Value (EUR) not read as dollars; SOL 0 skipped",
  'binance-spot-balance.csv':
    "Binance's spot balance export: Total is the coins held, BTC Value is not dollars; SOL 0 skipped",
  'european-semicolon.csv':
    "Excel's 'sep=;' line, comma decimals, dot and blank thousands; SOL 0 skipped, LINK 'viele' failed, ETH merged",
  'no-header.csv': 'no header: nothing read',
  'problems.csv': 'semicolons; SOL 0 skipped; missing symbol, negative, text and blank quantities failed',
  'template.csv': 'the template as downloaded',
  'wallet-tokens.csv':
    "a wallet's token export: the symbol under 'Token' (tickers, not names); WETH 0 skipped",
  'tracker-export.csv': 'byte-order mark, upper-case aliases, quoted thousands; zero address not kept',
};

describe('parseCsv golden fixtures', () => {
  const files = list('csv/', '.csv');
  it('has a note for every sample', () => {
    expect(files).toEqual(Object.keys(CSV_NOTES).sort());
  });

  it.each(files)('%s', (file) => {
    const expected = JSON.parse(read(`csv/${file.replace(/\.csv$/, '.expected.json')}`)) as {
      rows: ImportRow[];
      errors: string[];
    } & ExpectedReport;
    const result = parseCsv(read(`csv/${file}`));
    expect(result.errors).toEqual(expected.errors);
    expectRows(result.rows, expected.rows);
    expectReport(result.rows, result.report, expected);
  });
});
