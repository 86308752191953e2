/**
 * Token blocks as MetaMask's and Coinbase's asset lists copy (SPEC.md section 5): each token is a few
 * lines, its name, on Coinbase its symbol alone, its USD value as '$4,212.77' and its balance as
 * '1.2345 ETH', with percentages and prices around them. A balance line anchors a token. Its value is
 * the last dollar line between the previous balance line and this one (MetaMask and Coinbase print the
 * value above the balance); when there is none, the dollar line right below (older MetaMask layouts). Its
 * name is the nearest name-like line above it, within the same stretch. A balance shown only as
 * '< 0.00001 DAI' is read and skipped as too small to import.
 */
import {
  findContractAddress,
  isNameCell,
  isPasteSymbol,
  readBalanceCell,
  readTooSmallCell,
  toCells,
  valueFromDollarCell,
} from './cells.ts';
import { PasteRows } from './paste-row.ts';

const COINBASE_MARKER = /Coinbase/i;

/** True when `text` has at least one balance line ('1.2345 ETH'); MetaMask's captions alone are not enough. */
export function looksLikeMetaMask(text: string): boolean {
  return hasBalanceCell(text);
}

function hasBalanceCell(text: string): boolean {
  return toCells(text).some((c) => readBalanceCell(c) !== null);
}

/**
 * True when `text` has Coinbase's layout: a symbol alone on a line, then within two lines a dollar line,
 * then the balance line of the same symbol; or names Coinbase and has a balance line.
 */
export function looksLikeCoinbase(text: string): boolean {
  if (COINBASE_MARKER.test(text) && hasBalanceCell(text)) return true;
  const cells = toCells(text);
  for (let i = 0; i + 2 < cells.length; i++) {
    const symbol = cells[i]!;
    if (!isPasteSymbol(symbol)) continue;
    for (let j = i + 1; j <= i + 2 && j + 1 < cells.length; j++) {
      if (valueFromDollarCell(cells[j]!) === undefined) continue;
      if (readBalanceCell(cells[j + 1]!)?.symbol === symbol) return true;
    }
  }
  return false;
}

/** The tokens of a MetaMask- or Coinbase-style block list. */
export function parseTokenBlocks(text: string): PasteRows {
  const cells = toCells(text);
  const rows = new PasteRows();
  let stretchStart = 0;
  let usedAfter = -1;
  for (let i = 0; i < cells.length; i++) {
    const tooSmall = readTooSmallCell(cells[i]!);
    if (tooSmall) {
      rows.skip(tooSmall.symbol, `balance below ${tooSmall.below}, too small to import`);
      stretchStart = i + 1;
      continue;
    }
    const balance = readBalanceCell(cells[i]!);
    if (!balance) continue;
    let value: number | undefined;
    for (let j = i - 1; j >= stretchStart && value === undefined; j--) {
      if (j !== usedAfter) value = valueFromDollarCell(cells[j]!);
    }
    let nextStart = i + 1;
    if (value === undefined && i + 1 < cells.length) {
      value = valueFromDollarCell(cells[i + 1]!);
      if (value !== undefined) {
        usedAfter = i + 1;
        nextStart = i + 2;
      }
    }
    let name: string | undefined;
    for (let j = i - 1; j >= stretchStart && name === undefined; j--) {
      const cell = cells[j]!;
      if (isNameCell(cell) && !(isPasteSymbol(cell) && cell === balance.symbol)) name = cell;
    }
    const stretch = cells.slice(stretchStart, i + 1).join(' ');
    rows.add({ ...balance, name, value, contractAddress: findContractAddress(stretch) });
    stretchStart = nextStart;
  }
  return rows;
}
