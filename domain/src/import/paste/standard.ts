/**
 * Standardized comma lines (SPEC.md section 5): 'name, SYMBOL, quantity, balance' per line, balance being
 * the position's USD value, e.g. 'Bitcoin, BTC, 0.5, 48500'. Fields may be double-quoted to hold thousands
 * commas ('"1,250.5"'). An optional fifth field is a contract address. Header lines are not rows. A line
 * of that shape whose numbers break the rules is skipped (quantity 0) or failed, and a line of another
 * shape that names a coin and a number fails with why, so no holding is lost without a word.
 */
import { parseAmount } from '../numbers.ts';
import { findContractAddress, isPasteSymbol, toLines } from './cells.ts';
import { readGenericLine } from './generic.ts';
import { PasteRows, quoteLine, type PasteCandidate } from './paste-row.ts';

/** True when at least one line of `text` is a standardized comma line. */
export function looksStandard(text: string): boolean {
  return toLines(text).some((line) => readStandardLine(line) !== null);
}

const SHAPE_REASON = 'not in the form name, SYMBOL, quantity, value in USD';

/** The rows of every standardized comma line in `text`, and why the others that name a coin are not. */
export function parseStandard(text: string): PasteRows {
  const rows = new PasteRows();
  for (const line of toLines(text)) {
    const candidate = readStandardShape(line);
    if (candidate === null) {
      // Another shape: a row when it names a coin and a number (a header or caption does not).
      const other = readGenericLine(line);
      if (other) rows.fail(other.symbol, `${quoteLine(line)} is ${SHAPE_REASON}`);
    } else if (!(candidate.quantity > 0)) {
      rows.add(candidate);
    } else if (!((candidate.value ?? NaN) > 0)) {
      rows.fail(candidate.symbol, 'value in USD must be above 0');
    } else {
      rows.add(candidate);
    }
  }
  return rows;
}

/** One line as a candidate when it is a standardized comma line: SYMBOL in capitals, both numbers above 0. */
export function readStandardLine(line: string): PasteCandidate | null {
  const candidate = readStandardShape(line);
  return candidate && candidate.quantity > 0 && (candidate.value ?? NaN) > 0 ? candidate : null;
}

/** A line with 4 or 5 comma fields and a symbol second, whatever its numbers; null for other shapes. */
function readStandardShape(line: string): PasteCandidate | null {
  if (line.indexOf(',') === -1) return null;
  const fields = splitCommaLine(line);
  if (fields.length !== 4 && fields.length !== 5) return null;
  const [name, symbol, quantityText, balanceText, contract] = fields as [
    string,
    string,
    string,
    string,
    string?,
  ];
  if (!isPasteSymbol(symbol)) return null;
  return {
    name,
    symbol,
    quantity: parseAmount(quantityText),
    value: parseAmount(balanceText),
    contractAddress: contract === undefined ? undefined : findContractAddress(contract),
  };
}

/** Splits at commas outside double quotes; fields trimmed and unquoted ('""' is a quote inside quotes). */
function splitCommaLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        current += ch;
      }
    } else if (ch === '"' && current.trim() === '') {
      quoted = true;
      current = '';
    } else if (ch === ',') {
      fields.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  fields.push(current.trim());
  return fields;
}
