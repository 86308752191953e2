import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isContractAddress } from '../coins.ts';
import { parseCsv } from './csv.ts';
import { CSV_HEADER_ALIASES } from './csv-columns.ts';
import type { ImportReport, ImportRow } from './import-row.ts';
import { PASTE_FORMATS, parsePaste } from './paste.ts';
import { WALLET_TABLE_MAX_QUANTITY } from './paste/wallet-table.ts';

const RUNS = { numRuns: 300 };

/** The promises every importer makes about every row it returns. */
function checkRows(rows: ImportRow[]): void {
  const symbols = new Set<string>();
  for (const row of rows) {
    expect(row.symbol.length).toBeGreaterThan(0);
    expect(row.symbol).toBe(row.symbol.toUpperCase());
    expect(symbols.has(row.symbol)).toBe(false);
    symbols.add(row.symbol);
    expect(Number.isFinite(row.quantity) && row.quantity > 0).toBe(true);
    if ('value' in row) expect(Number.isFinite(row.value) && row.value! > 0).toBe(true);
    if ('contractAddress' in row) {
      expect(isContractAddress(row.contractAddress)).toBe(true);
      expect(row.contractAddress).toBe(row.contractAddress!.toLowerCase());
    }
  }
}

/** Every source row read is in a row, skipped or failed, with a reason. */
function checkReport(rows: ImportRow[], report: ImportReport): void {
  // Sorted: an object lists integer-like keys ('2', '1') in numeric order.
  expect(Object.keys(report.sourceRows).sort()).toEqual(rows.map((r) => r.symbol).sort());
  const merged = Object.values(report.sourceRows).reduce((sum, n) => sum + n, 0);
  expect(Object.values(report.sourceRows).every((n) => n >= 1)).toBe(true);
  expect(merged + report.skipped.length + report.failed.length).toBe(report.read);
  for (const entry of [...report.skipped, ...report.failed]) expect(entry.error.length).toBeGreaterThan(0);
}

function checkCsv(text: string): void {
  const result = parseCsv(text);
  checkRows(result.rows);
  checkReport(result.rows, result.report);
  expect(result.errors.every((e) => typeof e === 'string' && e.length > 0)).toBe(true);
  // Every failed row is also one line of `errors`.
  for (const failure of result.report.failed) {
    expect(result.errors).toContain(`${failure.where}: ${failure.error}`);
  }
}

function checkPaste(text: string): void {
  const result = parsePaste(text);
  checkRows(result.rows);
  checkReport(result.rows, result.report);
  expect(PASTE_FORMATS).toContain(result.format);
  if (result.format === 'wallet-table') {
    expect(result.rows.every((r) => r.quantity < WALLET_TABLE_MAX_QUANTITY)).toBe(true);
  }
}

const anyStrings = [
  ['ascii strings', fc.string()],
  ['full unicode strings', fc.string({ unit: 'binary' })],
  ['grapheme strings', fc.string({ unit: 'grapheme', maxLength: 200 })],
  ['ascii control strings', fc.string({ unit: 'binary-ascii', maxLength: 300 })],
] as const;

// Pieces real exports are made of, and the ways they go wrong.
const hex40 = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 40, maxLength: 40 });
const address = fc.oneof(
  hex40.map((h) => `0x${h}`),
  hex40.map((h) => `0x${h.slice(1)}`),
  hex40.map((h) => `0x${h}a`),
  fc.constant(`0x${'0'.repeat(40)}`),
  fc.constant('0xA0b8...eB48'),
);
const numberText = fc.oneof(
  fc.double({ noNaN: false }).map(String),
  fc.double({ min: -1e12, max: 1e12 }).map((n) => n.toLocaleString('en-US', { maximumFractionDigits: 8 })),
  fc.double({ min: -1e6, max: 1e20 }).map((n) => `$${n.toLocaleString('en-US')}`),
  fc.constantFrom(
    '0',
    '-0',
    '0.0',
    '-1',
    '1e309',
    '-1e-400',
    '1,,2',
    '$',
    '.',
    '1.2.3',
    'Infinity',
    'NaN',
    '',
    ' ',
  ),
  fc.integer({ min: 0, max: 2e9 }).map((n) => n.toLocaleString('en-US')),
);
const symbolText = fc.oneof(
  fc.constantFrom('BTC', 'eth', 'Sol', 'USDC', '1INCH', 'A', 'ABCDEFGHIJK', 'TOTAL', 'USD', 'stETH', ''),
  fc.string({ unit: fc.constantFrom(...'ABCXYZ019$._-'), minLength: 1, maxLength: 22 }),
);
const cellText = fc.oneof(
  numberText,
  symbolText,
  address,
  fc.string({ maxLength: 12 }),
  fc.constantFrom('"', '""', '"a,b"'),
);

const anyCase = (s: string) =>
  fc.constantFrom(s, s.toUpperCase(), s.charAt(0).toUpperCase() + s.slice(1), ` ${s} ($) `, `${s}_usd`);
const headerCell = fc.oneof(
  fc
    .constantFrom(...Object.values(CSV_HEADER_ALIASES).flat(), 'contractAddress', 'marketValue')
    .chain(anyCase),
  fc.string({ maxLength: 10 }),
);

const csvText = fc
  .record({
    header: fc.array(headerCell, { minLength: 1, maxLength: 7 }),
    rows: fc.array(fc.array(cellText, { minLength: 0, maxLength: 8 }), { maxLength: 25 }),
    delimiter: fc.constantFrom(',', '\t', ';', '|'),
    newline: fc.constantFrom('\n', '\r\n', '\r'),
    bom: fc.boolean(),
  })
  .map(
    ({ header, rows, delimiter, newline, bom }) =>
      (bom ? '\ufeff' : '') + [header, ...rows].map((cells) => cells.join(delimiter)).join(newline),
  );

const pasteLine = fc.oneof(
  fc.tuple(numberText, symbolText).map(([n, s]) => `${n} ${s}`),
  fc.tuple(fc.constantFrom('< ', '≈ ', '', '-'), numberText, symbolText).map(([p, n, s]) => `${p}${n} ${s}`),
  numberText.map((n) => `$${n}`),
  numberText.map((n) => `${n}%`),
  fc
    .tuple(fc.string({ maxLength: 12 }), symbolText, numberText, numberText, fc.option(address))
    .map((parts) => parts.filter((p) => p !== null).join(',')),
  fc.array(cellText, { maxLength: 8 }).map((cells) => cells.join('\t')),
  fc.array(cellText, { maxLength: 6 }).map((cells) => cells.join('   ')),
  fc.constantFrom(
    'Network Avatar',
    'Portfolio %',
    'Price (24hr)',
    'Coin\tBalance\tAvailable\tIn Order\tAllocation\tAvg Entry\tValue',
    'Asset    Balance    Value (USD)',
    'Token\tPortfolio %\tPrice (24hr)\tBalance\tValue',
    'MetaMask',
    'Coinbase',
    'Import tokens',
    'Name,Symbol,Quantity,Balance',
    'Bitcoin',
    'BTC',
  ),
  address,
  fc.string({ maxLength: 30 }),
);
const pasteText = fc
  .tuple(fc.array(pasteLine, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\n\n'))
  .map(([lines, newline]) => lines.join(newline));

describe('parseCsv never throws and keeps its row promises', () => {
  it.each(anyStrings)('on %s', (_label, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (text) => checkCsv(text)),
      RUNS,
    );
  });
  it('on structured CSV with aliases, bad numbers, addresses and quotes', () => {
    fc.assert(
      fc.property(csvText, (text) => checkCsv(text)),
      RUNS,
    );
  });
  it('on a valid header followed by anything', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (tail) => checkCsv(`symbol,quantity,value\n${tail}`)),
      RUNS,
    );
  });
});

describe('parsePaste never throws and keeps its row promises', () => {
  it.each(anyStrings)('on %s', (_label, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (text) => checkPaste(text)),
      RUNS,
    );
  });
  it('on structured exchange and wallet text', () => {
    fc.assert(
      fc.property(pasteText, (text) => checkPaste(text)),
      RUNS,
    );
  });
});

describe('round trip', () => {
  const holding = fc.record({
    symbol: fc.string({ unit: fc.constantFrom(...'ABCDEFXYZ'), minLength: 2, maxLength: 10 }),
    quantity: fc.double({ min: 1e-6, max: 1e8, noNaN: true }),
    value: fc.double({ min: 0.01, max: 1e9, noNaN: true }),
  });
  it('reads back every valid CSV line it is given, quantities and values intact', () => {
    fc.assert(
      fc.property(fc.uniqueArray(holding, { selector: (h) => h.symbol, maxLength: 20 }), (holdings) => {
        const text = [
          'Symbol,Quantity,Value',
          ...holdings.map((h) => `${h.symbol},${h.quantity},${h.value}`),
        ].join('\n');
        const { rows, errors, report } = parseCsv(text);
        expect(errors).toEqual([]);
        expect(rows).toEqual(
          holdings.map((h) => ({ symbol: h.symbol, quantity: h.quantity, value: h.value })),
        );
        expect(report.read).toBe(holdings.length);
      }),
      RUNS,
    );
  });
  it('reads back every standardized comma line it is given', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(holding, { selector: (h) => h.symbol, minLength: 1, maxLength: 20 }),
        (holdings) => {
          const text = holdings
            .map((h) => `Coin ${h.symbol},${h.symbol},${h.quantity},${h.value}`)
            .join('\n');
          const result = parsePaste(text);
          expect(result.format).toBe('standard');
          expect(result.rows.map((r) => r.symbol)).toEqual(holdings.map((h) => h.symbol));
          expect(result.report.read).toBe(holdings.length);
        },
      ),
      RUNS,
    );
  });
});
