/**
 * Recognisers for the pieces pasted exchange and wallet text is made of: a lone symbol, a balance written
 * as '1,234.5 USDC', a dollar amount, a percentage, a shortened address. Shared by the paste formats.
 */
import { cleanContractAddress, cleanName, cleanValue } from '../import-row.ts';
import { parseAmount } from '../numbers.ts';

/** Words in capitals that UIs print but that are not coins. */
const NOT_SYMBOLS = new Set([
  'USD',
  'EUR',
  'GBP',
  'NFT',
  'NFTS',
  'APY',
  'APR',
  'PNL',
  'ROI',
  'TVL',
  'UTC',
  'AM',
  'PM',
  'ID',
  'OK',
  'NA',
  'ALL',
  'BUY',
  'SELL',
  'SEND',
  'SWAP',
  'TOTAL',
  'VALUE',
  'BALANCE',
  'AMOUNT',
  'PRICE',
  'SYMBOL',
  'NAME',
  'COIN',
  'TOKEN',
  'TOKENS',
  'ASSET',
  'ASSETS',
  'QUANTITY',
  'AVAILABLE',
  'ALLOCATION',
  'CHANGE',
  'HIDE',
]);

const SYMBOL = /^[A-Z0-9]{2,10}$/;
const HAS_LETTER = /[A-Z]/;

/**
 * True for a paste symbol (SPEC.md section 5): 2 to 10 capitals or digits with at least one letter
 * ('BTC', '1INCH'), and not a UI word such as 'USD' or 'TOTAL'.
 */
export function isPasteSymbol(text: string): boolean {
  return SYMBOL.test(text) && HAS_LETTER.test(text) && !NOT_SYMBOLS.has(text);
}

const BALANCE = /^([0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)\s+([A-Za-z0-9]{2,10})$/;
// Glued to its symbol only with a decimal point, so a symbol such as '1INCH' is never read as 1 INCH.
const GLUED_BALANCE = /^([0-9][0-9,]*\.[0-9]+|\.[0-9]+)([A-Za-z][A-Za-z0-9]{1,9})$/;

/**
 * A balance cell, '1,234.5 USDC', '0.5 stETH' or '1.2345ETH': the quantity and the symbol in upper case.
 * Null for anything else, including MetaMask's '< 0.00001 ETH' (no usable quantity).
 */
export function readBalanceCell(cell: string): { quantity: number; symbol: string } | null {
  const match = BALANCE.exec(cell) ?? GLUED_BALANCE.exec(cell);
  if (!match) return null;
  const symbol = match[2]!.toUpperCase();
  if (!isPasteSymbol(symbol)) return null;
  return { quantity: parseAmount(match[1]!), symbol };
}

const TOO_SMALL = /^<\s*([0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)\s+([A-Za-z0-9]{2,10})$/;

/**
 * A balance a wallet shows only as below a threshold, MetaMask's '< 0.00001 DAI': the symbol and the
 * threshold as written, or null for any other cell.
 */
export function readTooSmallCell(cell: string): { symbol: string; below: string } | null {
  const match = TOO_SMALL.exec(cell);
  if (!match) return null;
  const symbol = match[2]!.toUpperCase();
  return isPasteSymbol(symbol) ? { symbol, below: match[1]! } : null;
}

const TOO_SMALL_IN_LINE = /<\s*([0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)\s+([A-Za-z0-9]{2,10})(?![A-Za-z0-9])/;

/** A '< 0.00001 DAI' balance anywhere in a line (see readTooSmallCell), or null. */
export function findTooSmall(line: string): { symbol: string; below: string } | null {
  const match = TOO_SMALL_IN_LINE.exec(line);
  return match ? readTooSmallCell(match[0]) : null;
}

const DOLLARS = /^(?:[≈~]\s*)?(-)?\s*(?:US)?\$\s*([0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)(?:\s*USD)?$/;
const DOLLARS_SUFFIX = /^(?:[≈~]\s*)?([0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)\s*USD$/;

/**
 * A dollar cell: '$4,212.77', 'US$4,212.77', '≈ $50.12', '-$3.00', '50,812.37 USD'. The amount (negative when signed),
 * or null when the cell is not a dollar amount.
 */
export function readDollarCell(cell: string): number | null {
  const match = DOLLARS.exec(cell);
  if (match) {
    const n = parseAmount(match[2]!);
    return match[1] ? -n : n;
  }
  const suffix = DOLLARS_SUFFIX.exec(cell);
  return suffix ? parseAmount(suffix[1]!) : null;
}

const PERCENT = /^[+-]?\s*[0-9][0-9,]*(?:\.[0-9]+)?\s*%$/;

/** True for a percentage cell such as '+2.31%' or '42.15 %'. */
export function isPercentCell(cell: string): boolean {
  return PERCENT.test(cell);
}

const SHORT_ADDRESS = /^0x[0-9a-fA-F]{2,8}(?:\.{2,3}|…)[0-9a-fA-F]{2,8}$/;

/** True for a shortened address as wallets print it: '0xA0b8...eB48' or '0x1f98…F984'. */
export function isShortAddressCell(cell: string): boolean {
  return SHORT_ADDRESS.test(cell);
}

const FULL_ADDRESS = /(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])/;

/**
 * The first usable contract address inside `text` (0x and 40 hex digits standing alone, not the zero
 * address), lower case; undefined when there is none. A 41- or 43-character run never counts.
 */
export function findContractAddress(text: string): string | undefined {
  const match = FULL_ADDRESS.exec(text);
  return match ? cleanContractAddress(match[0]) : undefined;
}

/** A value read from a dollar cell, kept only when above 0. */
export function valueFromDollarCell(cell: string): number | undefined {
  const n = readDollarCell(cell);
  return n === null ? undefined : cleanValue(n);
}

/** UI captions that look like names but are not: never taken as a coin's name. */
const CAPTIONS = new Set(
  [
    'network avatar',
    'token avatar',
    'portfolio',
    'portfolio %',
    'price (24hr)',
    'tokens',
    'nfts',
    'activity',
    'defi',
    'assets',
    'my assets',
    'your assets',
    'crypto',
    'balance',
    'value',
    'price',
    'allocation',
    'name',
    'token',
    'amount',
    'send',
    'swap',
    'bridge',
    'buy',
    'sell',
    'receive',
    'buy & sell',
    'import tokens',
    'refresh list',
    'metamask support',
    'coinbase',
    'metamask',
    'hide',
    'more',
    'see all',
    'watchlist',
  ].map((s) => s.toLowerCase()),
);

/** True for a cell that may be a coin's name: has a letter and is none of the other kinds of cell. */
export function isNameCell(cell: string): boolean {
  if (!/[A-Za-z]/.test(cell) || cell.length > 100) return false;
  if (CAPTIONS.has(cell.toLowerCase())) return false;
  if (readBalanceCell(cell) || readDollarCell(cell) !== null || isPercentCell(cell)) return false;
  if (isShortAddressCell(cell) || findContractAddress(cell) !== undefined) return false;
  return !/^0x[0-9a-fA-F]/.test(cell);
}

/** A cleaned name from a name cell. */
export function nameFromCell(cell: string | undefined): string | undefined {
  return cell === undefined ? undefined : cleanName(cell);
}

/** Non-blank lines, trimmed, with Windows and old Mac line ends handled. */
export function toLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (trimmed !== '') out.push(trimmed);
  }
  return out;
}

/** Lines split into cells at tabs: a row copied from an HTML table becomes its cells, in order. */
export function toCells(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    for (const cell of line.split('\t')) {
      const trimmed = cell.trim();
      if (trimmed !== '') out.push(trimmed);
    }
  }
  return out;
}
