/** The CSV importer (SPEC.md section 5, 'CSV'; DESIGN.md section 4, 'Domain functions'). */
import Papa from 'papaparse';
import { MAX_QUANTITY } from '../limits.ts';
import { resolveCsvColumns, withTokenAsSymbol, type CsvColumns } from './csv-columns.ts';
import {
  cleanContractAddress,
  cleanName,
  cleanValue,
  ImportRowCollector,
  isImportSymbol,
  type ImportReport,
  type ImportRow,
} from './import-row.ts';
import { NOTHING_HELD_REASON } from './messages.ts';
import { detectDecimalMark, parseAmount, type DecimalMark } from './numbers.ts';

/**
 * What {@link parseCsv} found: the rows it kept, one human-readable line per problem (failed rows,
 * header and quote problems), and how every data row was accounted for.
 */
export interface CsvParseResult {
  rows: ImportRow[];
  errors: string[];
  report: ImportReport;
}

/** The header problem reported when no symbol or no quantity column is found. */
export const CSV_MISSING_HEADER_MESSAGE =
  'The first row must be a header naming a symbol column (symbol, coin, asset or ticker) and a quantity column (quantity, amount or balance).';

const MAX_QUANTITY_TEXT = MAX_QUANTITY.toLocaleString('en-US');
const MAX_SHOWN_CELL = 40;

/**
 * Reads a CSV export into import rows. The first non-blank record is the header; columns are chosen by
 * {@link resolveCsvColumns} (see there for the 'balance' and 'total' precedence). The delimiter is the one
 * of comma, tab, semicolon or pipe the header line uses most, or the one a spreadsheet's 'sep=;' first
 * line names. Numbers use the decimal mark {@link detectDecimalMark} finds in the file's quantity and
 * value cells, so '0,5' in a semicolon-separated European export is a half, not 5. A data row is kept
 * when it has a symbol of the API's shape and a quantity above 0 (and at most MAX_QUANTITY); `$` and
 * thousands separators are dropped from numbers. A value that is blank, not a number or not above 0 is
 * left out without complaint (purchase price then falls back to the market price, see
 * {@link purchasePriceFor}); a contract address that fails the address rule is left out. Duplicate
 * symbols are merged (see ImportRowCollector). A row with quantity 0 (exchanges list coins no longer
 * held) is skipped; any other refused row fails. Both are in `report` with their reason and their row,
 * numbered as in a spreadsheet (the header being row 1); `errors` holds one line per failed row ('Row 4:
 * quantity must be above 0'), plus header and quote problems. Never throws.
 */
export function parseCsv(text: string): CsvParseResult {
  try {
    return parseCsvText(typeof text === 'string' ? text : '');
  } catch (error) {
    // papaparse does not throw on text input; this keeps the promise if a future version does.
    return {
      rows: [],
      errors: [`Error parsing CSV file: ${error instanceof Error ? error.message : 'unknown error'}`],
      report: new ImportRowCollector().report(),
    };
  }
}

function parseCsvText(text: string): CsvParseResult {
  const { source, delimiter } = delimiterOf(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const parsed = Papa.parse<string[]>(source, { header: false, skipEmptyLines: false, delimiter });
  const records = parsed.data;
  const errors: string[] = [];
  for (const problem of parsed.errors) {
    if (problem.type === 'Quotes') errors.push(`Row ${(problem.row ?? 0) + 1}: ${problem.message}`);
  }
  const collector = new ImportRowCollector();
  const noRows = () => ({
    rows: [],
    errors: [CSV_MISSING_HEADER_MESSAGE, ...errors],
    report: collector.report(),
  });

  const headerIndex = records.findIndex((r) => !isBlankRecord(r));
  if (headerIndex === -1) return noRows();
  const header = records[headerIndex]!;
  const data = records.slice(headerIndex + 1);
  const columns = withTokenAsSymbol(header, resolveCsvColumns(header), data);
  if (columns.symbol === -1 || columns.quantity === -1) return noRows();

  const decimal = detectDecimalMark(
    data.flatMap((r) => [r[columns.quantity] ?? '', columns.value === -1 ? '' : (r[columns.value] ?? '')]),
    delimiter,
  );
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (isBlankRecord(record)) continue;
    const where = `Row ${i + 1}`;
    const result = readRecord(record, columns, decimal);
    const symbol = (record[columns.symbol] ?? '').trim().toUpperCase();
    if ('skip' in result) {
      collector.skip(symbol, result.skip, where);
    } else if ('fail' in result) {
      errors.push(`${where}: ${result.fail}`);
      collector.fail(isImportSymbol(symbol) ? symbol : '', result.fail, where);
    } else if (!collector.add(result.row)) {
      const reason = `total quantity of ${result.row.symbol} would exceed ${MAX_QUANTITY_TEXT}`;
      errors.push(`${where}: ${reason}`);
      collector.fail(result.row.symbol, reason, where);
    }
  }
  return { rows: collector.rows(), errors, report: collector.report() };
}

type RecordResult = { row: ImportRow } | { skip: string } | { fail: string };

/** One data record as a row, or why it is skipped or cannot be one. */
function readRecord(record: readonly string[], columns: CsvColumns, decimal: DecimalMark): RecordResult {
  const symbolText = (record[columns.symbol] ?? '').trim();
  if (symbolText === '') return { fail: 'symbol is missing' };
  if (!isImportSymbol(symbolText)) return { fail: `symbol "${shorten(symbolText)}" is not valid` };

  const quantityText = record[columns.quantity] ?? '';
  const quantity = parseAmount(quantityText, decimal);
  if (Number.isNaN(quantity)) {
    return {
      fail:
        quantityText.trim() === ''
          ? 'quantity is missing'
          : `quantity "${shorten(quantityText.trim())}" is not a number`,
    };
  }
  if (quantity === 0) return { skip: NOTHING_HELD_REASON };
  if (quantity < 0) return { fail: 'quantity must be above 0' };
  if (quantity > MAX_QUANTITY) return { fail: `quantity must be at most ${MAX_QUANTITY_TEXT}` };

  const row: ImportRow = { symbol: symbolText.toUpperCase(), quantity };
  if (columns.name !== -1) {
    const name = cleanName(record[columns.name]);
    if (name !== undefined) row.name = name;
  }
  if (columns.value !== -1) {
    const cell = record[columns.value];
    const value = cell === undefined ? undefined : cleanValue(parseAmount(cell, decimal));
    if (value !== undefined) row.value = value;
  }
  if (columns.contract !== -1) {
    const address = cleanContractAddress(record[columns.contract]);
    if (address !== undefined) row.contractAddress = address;
  }
  return { row };
}

const DELIMITERS = [',', '\t', ';', '|'] as const;

const SEP_LINE = /^sep=(.)\s*(?:\r\n|\r|\n|$)/i;

/**
 * The delimiter, and the text without a spreadsheet's 'sep=;' first line when it has one (Excel writes
 * it so a comma-decimal locale opens the file right). Otherwise the delimiter the header line uses most
 * (comma on a tie or none): papaparse's own guess is thrown off by blank lines, and the header is the
 * line that must be right.
 */
function delimiterOf(text: string): { source: string; delimiter: string } {
  const sep = SEP_LINE.exec(text);
  if (sep) return { source: text.slice(sep[0].length), delimiter: sep[1]! };
  return { source: text, delimiter: headerDelimiter(text) };
}

function headerDelimiter(text: string): string {
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
