/**
 * Standardized comma lines (SPEC.md section 5): 'name, SYMBOL, quantity, balance' per line, balance being
 * the position's USD value, e.g. 'Bitcoin, BTC, 0.5, 48500'. Fields may be double-quoted to hold thousands
 * commas ('"1,250.5"'). An optional fifth field is a contract address. Header lines and any other line
 * that does not fit are skipped.
 */
import type { ImportRow } from '../import-row.ts';
import { parseAmount } from '../numbers.ts';
import { findContractAddress, isPasteSymbol, toLines } from './cells.ts';
import { PasteRows, type PasteCandidate } from './paste-row.ts';

/** True when at least one line of `text` is a standardized comma line. */
export function looksStandard(text: string): boolean {
  return toLines(text).some((line) => readStandardLine(line) !== null);
}

/** The rows of every standardized comma line in `text`. */
export function parseStandard(text: string): ImportRow[] {
  const rows = new PasteRows();
  for (const line of toLines(text)) {
    const candidate = readStandardLine(line);
    if (candidate) rows.add(candidate);
  }
  return rows.rows();
}

/** One line as a candidate when it has the shape: SYMBOL in capitals, both numbers above 0. */
export function readStandardLine(line: string): PasteCandidate | null {
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
  const quantity = parseAmount(quantityText);
  const value = parseAmount(balanceText);
  if (!(quantity > 0) || !(value > 0)) return null;
  return {
    name,
    symbol,
    quantity,
    value,
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
