/** The CSV importer (SPEC.md section 5, 'CSV'; DESIGN.md section 4, 'Domain functions'). */
import Papa from 'papaparse';
import { MAX_QUANTITY } from '../schemas/common.ts';
import { resolveCsvColumns, type CsvColumns } from './csv-columns.ts';
import {
  cleanContractAddress,
  cleanName,
  cleanValue,
  ImportRowCollector,
  isImportSymbol,
  type ImportRow,
} from './import-row.ts';
import { parseAmount } from './numbers.ts';

/** What {@link parseCsv} found: the rows it kept and one human-readable line per problem. */
export interface CsvParseResult {
  rows: ImportRow[];
  errors: string[];
}

/** The header problem reported when no symbol or no quantity column is found. */
export const CSV_MISSING_HEADER_MESSAGE =
  'The first row must be a header naming a symbol column (symbol or coin) and a quantity column (quantity, amount or balance).';

const MAX_QUANTITY_TEXT = MAX_QUANTITY.toLocaleString('en-US');
const MAX_SHOWN_CELL = 40;

/**
 * Reads a CSV export into import rows. The first non-blank record is the header; columns are chosen by
 * {@link resolveCsvColumns} (see there for the 'balance' precedence). The delimiter is the one of comma,
 * tab, semicolon or pipe the header line uses most. A data row is kept when it has a symbol of the API's shape and a quantity above 0
 * (and at most MAX_QUANTITY); `$` and thousands commas are dropped from numbers. A value that is blank,
 * not a number or not above 0 is left out without complaint (purchase price then falls back to the
 * market price, see {@link purchasePriceFor}); a contract address that fails the address rule is left out.
 * Duplicate symbols are merged (see ImportRowCollector). `errors` holds one line per skipped record,
 * numbered as in a spreadsheet ('Row 4: quantity must be above 0', the header being row 1), plus header
 * and quote problems. Never throws.
 */
export function parseCsv(text: string): CsvParseResult {
  try {
    return parseCsvText(typeof text === 'string' ? text : '');
  } catch (error) {
    // papaparse does not throw on text input; this keeps the promise if a future version does.
    return {
      rows: [],
      errors: [`Error parsing CSV file: ${error instanceof Error ? error.message : 'unknown error'}`],
    };
  }
}

function parseCsvText(text: string): CsvParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(source, {
    header: false,
    skipEmptyLines: false,
    delimiter: delimiterOf(source),
  });
  const records = parsed.data;
  const errors: string[] = [];
  for (const problem of parsed.errors) {
    if (problem.type === 'Quotes') errors.push(`Row ${(problem.row ?? 0) + 1}: ${problem.message}`);
  }

  const headerIndex = records.findIndex((r) => !isBlankRecord(r));
  if (headerIndex === -1) return { rows: [], errors: [CSV_MISSING_HEADER_MESSAGE, ...errors] };
  const columns = resolveCsvColumns(records[headerIndex]!);
  if (columns.symbol === -1 || columns.quantity === -1) {
    return { rows: [], errors: [CSV_MISSING_HEADER_MESSAGE, ...errors] };
  }

  const collector = new ImportRowCollector();
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (isBlankRecord(record)) continue;
    const result = readRecord(record, columns);
    if (typeof result === 'string') {
      errors.push(`Row ${i + 1}: ${result}`);
    } else if (!collector.add(result)) {
      errors.push(`Row ${i + 1}: total quantity of ${result.symbol} would exceed ${MAX_QUANTITY_TEXT}`);
    }
  }
  return { rows: collector.rows(), errors };
}

/** One data record as a row, or the reason it cannot be one. */
function readRecord(record: readonly string[], columns: CsvColumns): ImportRow | string {
  const symbolText = (record[columns.symbol] ?? '').trim();
  if (symbolText === '') return 'symbol is missing';
  if (!isImportSymbol(symbolText)) return `symbol "${shorten(symbolText)}" is not valid`;

  const quantityText = record[columns.quantity] ?? '';
  const quantity = parseAmount(quantityText);
  if (Number.isNaN(quantity)) {
    return quantityText.trim() === ''
      ? 'quantity is missing'
      : `quantity "${shorten(quantityText.trim())}" is not a number`;
  }
  if (quantity <= 0) return 'quantity must be above 0';
  if (quantity > MAX_QUANTITY) return `quantity must be at most ${MAX_QUANTITY_TEXT}`;

  const row: ImportRow = { symbol: symbolText.toUpperCase(), quantity };
  if (columns.name !== -1) {
    const name = cleanName(record[columns.name]);
    if (name !== undefined) row.name = name;
  }
  if (columns.value !== -1) {
    const cell = record[columns.value];
    const value = cell === undefined ? undefined : cleanValue(parseAmount(cell));
    if (value !== undefined) row.value = value;
  }
  if (columns.contract !== -1) {
    const address = cleanContractAddress(record[columns.contract]);
    if (address !== undefined) row.contractAddress = address;
  }
  return row;
}

const DELIMITERS = [',', '\t', ';', '|'] as const;

/**
 * The delimiter the header line uses most (comma on a tie or none). papaparse's own guess is thrown off by
 * blank lines, and the header is the line that must be right.
 */
function delimiterOf(text: string): string {
  const header = firstNonBlankLine(text);
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = header.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

function firstNonBlankLine(text: string): string {
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    if (line.trim() !== '') return line;
    start = end + 1;
  }
  return '';
}

function isBlankRecord(record: readonly string[]): boolean {
  for (const cell of record) if (cell.trim() !== '') return false;
  return true;
}

function shorten(text: string): string {
  return text.length > MAX_SHOWN_CELL ? `${text.slice(0, MAX_SHOWN_CELL - 1)}…` : text;
}
