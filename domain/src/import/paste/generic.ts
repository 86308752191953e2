/**
 * The generic fallback (SPEC.md section 5): any line holding a symbol (2-10 capitals) and a plain number
 * becomes a row. The first plain number is the quantity: a number glued to a letter, a '%' or a '$' is not
 * plain, nor one after a comma or a dash ('BTC,-1,100' has none). The first dollar amount ('$48,500',
 * 'US$48,500', '48,500 USD') is the value. The name is the text before the symbol in 'Bitcoin (BTC)', a
 * name cell of a tab-separated line, or the capitalised words a wallet line starts with ('Ethereum
 * 1.2345 ETH $4,212.77', 'USD Coin · 1,803 USDC'): MetaMask's one-line token rows keep their names.
 */
import { parseAmount } from '../numbers.ts';
import { findContractAddress, findTooSmall, isNameCell, isPasteSymbol, toLines } from './cells.ts';
import { PasteRows, type PasteCandidate } from './paste-row.ts';

const SYMBOL_RUN = /(?<![A-Za-z0-9])[A-Z0-9]{2,10}(?![A-Za-z0-9])/g;
const NUMBER = '(?:[0-9]{1,3}(?:,[0-9]{3})+(?:\\.[0-9]+)?|[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)';
const DOLLAR = new RegExp(`(-)?(?:US)?\\$\\s?(${NUMBER})|(?<![0-9.,])(${NUMBER})\\s?USD\\b`, 'g');
const PLAIN = new RegExp(`(?<![A-Za-z0-9.,$-])(-?)(${NUMBER})(?![0-9A-Za-z.]|\\s*%)`, 'g');
const ANY_DIGIT = /[0-9]/;
// A balance inside a line, '0.0412 stETH': a token word with a capital right after a number.
const BALANCE_RUN = new RegExp(
  `(?<![A-Za-z0-9.,$-])(-?)(${NUMBER}) ([A-Za-z0-9]*[A-Z][A-Za-z0-9]*)(?![A-Za-z0-9])`,
  'g',
);

/**
 * The rows of every line that has a symbol and a quantity. A line with a symbol and digits but no
 * usable quantity ('BTC $5', 'BTC -0.5', 'BTC 0') is read and reported; one without digits is text.
 */
export function parseGeneric(text: string): PasteRows {
  const rows = new PasteRows();
  for (const line of toLines(text)) {
    const tooSmall = findTooSmall(line);
    if (tooSmall) {
      rows.skip(tooSmall.symbol, `balance below ${tooSmall.below}, too small to import`);
      continue;
    }
    const candidate = readGenericLine(line);
    if (candidate) rows.add(candidate);
  }
  return rows;
}

/**
 * One line as a candidate (quantity NaN when it has digits but no plain number), or null without a
 * symbol or without any digit. A balance written inside the line ('Lido Staked Ether 0.0412 stETH $143')
 * gives the symbol, even in mixed case, and the quantity.
 */
export function readGenericLine(line: string): PasteCandidate | null {
  for (const match of line.matchAll(BALANCE_RUN)) {
    const symbol = match[3]!.toUpperCase();
    if (!isPasteSymbol(symbol)) continue;
    const symbolAt = match.index + match[0].length - match[3]!.length;
    let value: number | undefined;
    const rest =
      line.slice(0, match.index) + ' '.repeat(match[0].length) + line.slice(symbolAt + symbol.length);
    rest.replace(DOLLAR, (all: string, minus?: string, amount?: string, suffixed?: string) => {
      if (value === undefined) value = (minus ? -1 : 1) * parseAmount(amount ?? suffixed ?? '');
      return all;
    });
    return {
      symbol,
      quantity: (match[1] === '-' ? -1 : 1) * parseAmount(match[2]!),
      value,
      name: nameIn(line, match[3]!, symbolAt, match.index),
      contractAddress: findContractAddress(line),
    };
  }
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
  const lineWithoutSymbol =
    line.slice(0, symbolAt) + ' '.repeat(symbol.length) + line.slice(symbolAt + symbol.length);
  if (!ANY_DIGIT.test(lineWithoutSymbol)) return null;

  let value: number | undefined;
  const withoutDollars = lineWithoutSymbol.replace(
    DOLLAR,
    (all: string, minus?: string, amount?: string, suffixed?: string) => {
      if (value === undefined) value = (minus ? -1 : 1) * parseAmount(amount ?? suffixed ?? '');
      return ' '.repeat(all.length);
    },
  );
  PLAIN.lastIndex = 0;
  const number = PLAIN.exec(withoutDollars);
  const quantity = number ? (number[1] === '-' ? -1 : 1) * parseAmount(number[2]!) : NaN;
  const quantityAt = number ? number.index : line.length;
  return {
    symbol,
    quantity,
    value,
    name: nameIn(line, symbol, symbolAt, quantityAt),
    contractAddress: findContractAddress(line),
  };
}

const SEPARATORS = ' \t([{:|,;-·•–—';
const NAME_WORD = /^[A-Z0-9][A-Za-z0-9.'&-]*$/;

/** The coin's name on a generic line, when the line says it plainly (see the file comment). */
function nameIn(line: string, symbol: string, symbolAt: number, quantityAt: number): string | undefined {
  // 'Bitcoin (BTC)'.
  if (line[symbolAt - 1] === '(') return nameFrom(trimSeparatorsEnd(line.slice(0, symbolAt)));
  // A row copied from a table: its name cell.
  if (line.includes('\t')) {
    for (const cell of line.split('\t')) {
      const text = cell.trim();
      if (text !== symbol && !text.includes(symbol) && isPlainName(text)) return text;
    }
    return undefined;
  }
  // 'Ethereum 1.2345 ETH $4,212.77': capitalised words before the quantity and the symbol.
  return nameFrom(trimSeparatorsEnd(line.slice(0, Math.min(symbolAt, quantityAt))));
}

function nameFrom(prefix: string): string | undefined {
  return isPlainName(prefix) ? prefix : undefined;
}

/**
 * True for text that reads as a coin's name and not as prose or a caption: one to five words, each
 * starting with a capital or digit, at least one with a small letter ('USD Coin', 'Lido Staked Ether';
 * not 'USD', 'worth of' or 'My holdings as of today').
 */
function isPlainName(text: string): boolean {
  if (text === '' || !/[a-z]/.test(text) || !isNameCell(text)) return false;
  const words = text.split(/\s+/);
  return words.length <= 5 && words.every((w) => NAME_WORD.test(w));
}

/** The text without the blanks, brackets and separators it ends with ('Solana (' -> 'Solana'). */
function trimSeparatorsEnd(text: string): string {
  let end = text.length;
  while (end > 0 && SEPARATORS.includes(text[end - 1]!)) end--;
  return text.slice(0, end).trim();
}
