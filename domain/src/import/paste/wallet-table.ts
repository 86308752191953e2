/**
 * Wallet token tables (SPEC.md section 5): the token list of a web wallet or portfolio viewer copied from
 * the browser. Markers: 'Portfolio %', 'Network Avatar' (the alt text of each row's chain icon) or
 * 'Price (24hr)'. Each token row holds the token name, its symbol, a shortened 0x address, its share,
 * price and 24h change, a balance written '1,803.22 USDC' and the USD value after it (or, as MetaMask's
 * token table has it, the value above the balance in the same cell, the price first). Rows start at each
 * 'Network Avatar' cell when there are any; else a row runs from the header, or the end of the row before,
 * to its balance and the dollar value right after it: a browser copy of a table whose cells hold several
 * lines ('Uniswap' over 'UNI') breaks one row over several lines. Quantity must be
 * above 0 and below 1e9 (SPEC.md section 9, 'Limits'); a full contract address in the row is kept. A
 * 'Network Avatar' row without a balance fails with why; a line without one, when rows are lines, is a
 * header or caption.
 */
import {
  findContractAddress,
  isNameCell,
  isPasteSymbol,
  readBalanceCell,
  readDollarCell,
  readTooSmallCell,
  toCells,
  toLines,
  valueFromDollarCell,
} from './cells.ts';
import { PasteRows, quoteLine } from './paste-row.ts';

/** Wallet-table quantities must stay below this (SPEC.md section 9). */
export const WALLET_TABLE_MAX_QUANTITY = 1e9;

const MARKER = /Portfolio %|Network Avatar|Price \(24hr\)/i;
const ROW_START = /^network avatar$/i;

/** True when `text` carries a wallet-table marker. */
export function looksLikeWalletTable(text: string): boolean {
  return MARKER.test(text);
}

/** The token rows of a wallet table. */
export function parseWalletTable(text: string): PasteRows {
  const rows = new PasteRows({ quantityBelow: WALLET_TABLE_MAX_QUANTITY });
  const { rowsAreTokens, list } = segments(text);
  for (const segment of list) {
    const balanceAt = segment.findIndex((cell) => readBalanceCell(cell) !== null);
    if (balanceAt === -1) {
      const tooSmall = segment.map(readTooSmallCell).find((cell) => cell !== null);
      if (tooSmall) {
        rows.skip(tooSmall.symbol, `balance below ${tooSmall.below}, too small to import`);
      } else if (rowsAreTokens) {
        rows.fail(segment.find(isPasteSymbol) ?? '', `no balance found in ${quoteLine(segment.join(' '))}`);
      }
      continue;
    }
    const balance = readBalanceCell(segment[balanceAt]!)!;
    let value: number | undefined;
    for (let i = balanceAt + 1; i < segment.length && value === undefined; i++) {
      value = valueFromDollarCell(segment[i]!);
    }
    // No value after the balance: of two or more dollar amounts before it, the first is the price and the
    // last the value (MetaMask's 'Price (24hr)' then 'Balance' cell); one alone is the price.
    const dollarsBefore = segment.slice(0, balanceAt).filter((cell) => readDollarCell(cell) !== null);
    if (value === undefined && dollarsBefore.length >= 2) value = valueFromDollarCell(dollarsBefore.at(-1)!);
    const name = segment
      .slice(0, balanceAt)
      .find((cell) => isNameCell(cell) && !(isPasteSymbol(cell) && cell === balance.symbol));
    rows.add({
      symbol: balance.symbol,
      quantity: balance.quantity,
      name,
      value,
      contractAddress: findContractAddress(segment.join(' ')),
    });
  }
  return rows;
}

/**
 * The text cut into rows, each a list of cells: at each 'Network Avatar' cell (every row is a token), or
 * else as runs of cells that each end at a balance (see {@link tokenRuns}).
 */
function segments(text: string): { rowsAreTokens: boolean; list: string[][] } {
  const cells = toCells(text);
  if (!cells.some((c) => ROW_START.test(c))) return { rowsAreTokens: false, list: tokenRuns(text) };
  const out: string[][] = [];
  let current: string[] | null = null;
  for (const cell of cells) {
    if (ROW_START.test(cell)) {
      current = [];
      out.push(current);
    } else if (current) {
      current.push(cell);
    }
  }
  return { rowsAreTokens: true, list: out };
}

/**
 * The cells after the header line (the first line with a marker; the whole text when no balance follows
 * it), cut after each balance, and the dollar value right after it, or each '< 0.00001 DAI'. Cells after
 * the last balance are captions.
 */
function tokenRuns(text: string): string[][] {
  const lines = toLines(text);
  const header = lines.findIndex((line) => MARKER.test(line));
  let cells = lines.slice(header + 1).flatMap((line) => toCells(line));
  if (!cells.some((cell) => readBalanceCell(cell) !== null)) cells = lines.flatMap((line) => toCells(line));
  const out: string[][] = [];
  let current: string[] = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    current.push(cell);
    if (readBalanceCell(cell) !== null) {
      if (i + 1 < cells.length && readDollarCell(cells[i + 1]!) !== null) current.push(cells[++i]!);
      out.push(current);
      current = [];
    } else if (readTooSmallCell(cell) !== null) {
      out.push(current);
      current = [];
    }
  }
  return out;
}
