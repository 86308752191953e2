/**
 * The generic fallback (SPEC.md section 5): any line holding a symbol (2-10 capitals) and a plain number
 * becomes a row. The first plain number is the quantity: a number glued to a letter, a '%' or a '$' is not
 * plain, nor one after a comma or a dash ('BTC,-1,100' has none). The first dollar amount is the value,
 * and in 'Bitcoin (BTC)' the text before the bracket is the name.
 */
import type { ImportRow } from '../import-row.ts';
import { parseAmount } from '../numbers.ts';
import { findContractAddress, isPasteSymbol, toLines } from './cells.ts';
import { PasteRows, type PasteCandidate } from './paste-row.ts';

const SYMBOL_RUN = /(?<![A-Za-z0-9])[A-Z0-9]{2,10}(?![A-Za-z0-9])/g;
const NUMBER = '(?:[0-9]{1,3}(?:,[0-9]{3})+(?:\\.[0-9]+)?|[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)';
const DOLLAR = new RegExp(`(-)?\\$\\s?(${NUMBER})`, 'g');
const PLAIN = new RegExp(`(?<![A-Za-z0-9.,$-])(-?)(${NUMBER})(?![0-9A-Za-z.]|\\s*%)`, 'g');

/** The rows of every line that has a symbol and a quantity. */
export function parseGeneric(text: string): ImportRow[] {
  const rows = new PasteRows();
  for (const line of toLines(text)) {
    const candidate = readGenericLine(line);
    if (candidate) rows.add(candidate);
  }
  return rows.rows();
}

/** One line as a candidate, or null without a symbol or a plain number. */
export function readGenericLine(line: string): PasteCandidate | null {
  let symbol: string | undefined;
  let symbolAt = -1;
  for (const match of line.matchAll(SYMBOL_RUN)) {
    if (isPasteSymbol(match[0])) {
      symbol = match[0];
      symbolAt = match.index;
      break;
    }
  }
  if (symbol === undefined) return null;

  let value: number | undefined;
  const withoutDollars = line.replace(DOLLAR, (all: string, minus: string | undefined, amount: string) => {
    if (value === undefined) value = (minus ? -1 : 1) * parseAmount(amount);
    return ' '.repeat(all.length);
  });
  const lineWithoutSymbol =
    withoutDollars.slice(0, symbolAt) +
    ' '.repeat(symbol.length) +
    withoutDollars.slice(symbolAt + symbol.length);
  PLAIN.lastIndex = 0;
  const number = PLAIN.exec(lineWithoutSymbol);
  if (!number) return null;
  const quantity = (number[1] === '-' ? -1 : 1) * parseAmount(number[2]!);

  // Only the common 'Bitcoin (BTC)' shape names a coin; other text before a symbol is usually prose.
  const prefix = line[symbolAt - 1] === '(' ? trimSeparatorsEnd(line.slice(0, symbolAt)) : '';
  const name = /[A-Za-z]/.test(prefix) && !/[$0-9]/.test(prefix) ? prefix : undefined;
  return { symbol, quantity, value, name, contractAddress: findContractAddress(line) };
}

const SEPARATORS = ' \t([{:|,;-';

/** The text without the blanks, brackets and separators it ends with ('Solana (' -> 'Solana'). */
function trimSeparatorsEnd(text: string): string {
  let end = text.length;
  while (end > 0 && SEPARATORS.includes(text[end - 1]!)) end--;
  return text.slice(0, end).trim();
}
