/**
 * Exchange balance tables (SPEC.md section 5): the spot-assets table of Binance, Bybit, KuCoin or Kraken
 * copied from the browser, one row per line with cells separated by tabs (or by two or more blanks). The
 * header row has the markers Balance, Available, Allocation or Avg Entry. Columns are found by name:
 * symbol from Coin/Asset/Currency/Symbol/Token, quantity from Balance, else Total, else Available
 * (an exchange's 'Total' is coins, not dollars), value from Value/USD Value/Value (USD). Avg Entry is
 * not read: an import row has no purchase price, it is derived from the value later.
 */
import { normaliseHeader } from '../csv-columns.ts';
import type { ImportRow } from '../import-row.ts';
import { parseAmount } from '../numbers.ts';
import { findContractAddress, isPasteSymbol, readDollarCell, toLines } from './cells.ts';
import { PasteRows } from './paste-row.ts';

const MARKER = /\b(?:Balance|Available|Allocation|Avg\.? Entry)\b/i;
const SYMBOL_KEYS = ['coin', 'asset', 'currency', 'symbol', 'token', 'crypto'];
const QUANTITY_KEYS = [
  'balance',
  'totalbalance',
  'walletbalance',
  'total',
  'quantity',
  'amount',
  'holdings',
  'available',
  'availablebalance',
];
const VALUE_KEYS = ['value', 'usdvalue', 'marketvalue', 'estimatedvalue', 'estvalue', 'totalvalue', 'worth'];
const OTHER_KEYS = [
  'name',
  'inorder',
  'frozen',
  'locked',
  'allocation',
  'avgentry',
  'avgentryprice',
  'price',
  'lastprice',
  'pnl',
  'unrealizedpnl',
  'change',
  '24hchange',
  'btcvalue',
  'action',
  'actions',
  'trade',
];
const KNOWN_KEYS = new Set([...SYMBOL_KEYS, ...QUANTITY_KEYS, ...VALUE_KEYS, ...OTHER_KEYS]);

interface Layout {
  headerLine: number;
  separator: 'tab' | 'blanks';
  symbol: number;
  quantity: number;
  value: number;
  name: number;
}

/** True when `text` has an exchange-table header row. */
export function looksLikeExchangeTable(text: string): boolean {
  return findLayout(toLines(text)) !== null;
}

/** The rows under the first exchange-table header in `text`; lines that do not fit are skipped. */
export function parseExchangeTable(text: string): ImportRow[] {
  const lines = toLines(text);
  const layout = findLayout(lines);
  const rows = new PasteRows();
  if (!layout) return rows.rows();
  for (let i = layout.headerLine + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const cells = splitCells(line, layout.separator);
    if (cells.length < 2) continue;
    const symbolCell = layout.symbol === -1 ? undefined : (cells[layout.symbol] ?? '');
    const symbol = symbolIn(symbolCell === undefined ? cells : [symbolCell]);
    if (symbol === undefined) continue;
    // 'BTC Bitcoin' in one cell: the words beside the symbol are the name.
    const name = layout.name !== -1 ? cells[layout.name] : symbolCell?.replace(symbol, '').trim();
    const quantity = leadingNumber(cells[layout.quantity] ?? '');
    const valueCell = layout.value === -1 ? undefined : cells[layout.value];
    const value =
      valueCell === undefined ? undefined : (readDollarCell(valueCell) ?? leadingNumber(valueCell));
    rows.add({
      symbol,
      quantity,
      value,
      name: name && /[A-Za-z]/.test(name) ? name : undefined,
      contractAddress: findContractAddress(line),
    });
  }
  return rows.rows();
}

function findLayout(lines: readonly string[]): Layout | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!MARKER.test(line)) continue;
    const separator = line.includes('\t') ? 'tab' : 'blanks';
    const names = splitCells(line, separator).map(normaliseHeader);
    if (names.filter((n) => KNOWN_KEYS.has(n.key)).length < 2) continue;
    const indexOf = (keys: readonly string[], allowMoney: boolean): number => {
      for (const key of keys) {
        const index = names.findIndex((n) => n.key === key && (allowMoney || !n.isMoney));
        if (index !== -1) return index;
      }
      return -1;
    };
    const quantity = indexOf(QUANTITY_KEYS, false);
    if (quantity === -1) continue;
    let value = indexOf(VALUE_KEYS, true);
    if (value === -1) value = names.findIndex((n, index) => n.isMoney && index !== quantity);
    return {
      headerLine: i,
      separator,
      symbol: indexOf(SYMBOL_KEYS, true),
      quantity,
      value,
      name: indexOf(['name'], true),
    };
  }
  return null;
}

function splitCells(line: string, separator: Layout['separator']): string[] {
  return line.split(separator === 'tab' ? '\t' : /\s{2,}/).map((c) => c.trim());
}

/** The first word in capitals that is a paste symbol, across the given cells. */
function symbolIn(cells: readonly string[]): string | undefined {
  for (const cell of cells) {
    for (const word of cell.split(/[\s/()]+/)) if (isPasteSymbol(word)) return word;
  }
  return undefined;
}

/** The number a cell starts with: '0.5234 BTC' -> 0.5234, '1,250.00' -> 1250; NaN when none. */
function leadingNumber(cell: string): number {
  const match = /^[0-9][0-9,]*(?:\.[0-9]+)?|^\.[0-9]+/.exec(cell.trim());
  return match ? parseAmount(match[0]) : NaN;
}
