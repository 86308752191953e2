/**
 * Exchange balance tables (SPEC.md section 5): the spot-assets table of Binance, Bybit, KuCoin or Kraken
 * copied from the browser, one row per line with cells separated by tabs (or by two or more blanks). The
 * header row has the markers Balance, Available, Allocation or Avg Entry. Columns are found by name:
 * symbol from Coin/Asset/Currency/Symbol/Token, quantity from Balance, else Total, else Available
 * (an exchange's 'Total' is coins, not dollars), value from Value/USD Value/Value (USD). Avg Entry is
 * not read: an import row has no purchase price, it is derived from the value later. Binance prints the
 * coin cell as the symbol over the name, so a copy puts the symbol on a line of its own and the name at
 * the start of the next: such a line lends its symbol to the row below. Every line under the header with
 * two or more cells is a row (a 'Total' line is not): kept, skipped when nothing is held, or failed with
 * why (no symbol, no quantity), never dropped without a word.
 */
import { normaliseHeader } from '../csv-columns.ts';
import { parseAmount } from '../numbers.ts';
import { findContractAddress, isPasteSymbol, readDollarCell, toLines } from './cells.ts';
import { PasteRows, quoteLine } from './paste-row.ts';

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

const TOTAL_LINE = /^(?:total|totals|sum|subtotal)\b/i;

/** The rows under the first exchange-table header in `text`, every table row accounted for. */
export function parseExchangeTable(text: string): PasteRows {
  const lines = toLines(text);
  const layout = findLayout(lines);
  const rows = new PasteRows();
  if (!layout) return rows;
  let lentSymbol: string | undefined;
  for (let i = layout.headerLine + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const cells = splitCells(line, layout.separator);
    if (cells.length < 2) {
      // Binance's coin cell, 'BTC' over 'Bitcoin': the symbol alone, its row on the next line.
      lentSymbol = isPasteSymbol(cells[0] ?? '') ? cells[0] : undefined;
      continue;
    }
    const lent = lentSymbol;
    lentSymbol = undefined;
    if (TOTAL_LINE.test(line)) continue;
    const symbolCell = layout.symbol === -1 ? undefined : (cells[layout.symbol] ?? '');
    const own = symbolIn(symbolCell === undefined ? cells : [symbolCell]);
    const symbol = own ?? lent;
    if (symbol === undefined) {
      rows.fail('', `no coin symbol in ${quoteLine(line)}`);
      continue;
    }
    // 'BTC Bitcoin' in one cell: the words beside the symbol are the name; a lent symbol's cell is all name.
    const name =
      layout.name !== -1
        ? cells[layout.name]
        : own === undefined
          ? symbolCell
          : symbolCell?.replace(symbol, '').trim();
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
  return rows;
}

function findLayout(lines: readonly string[]): Layout | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!MARKER.test(line)) continue;
    const separator = line.includes('\t') ? 'tab' : 'blanks';
    const names = splitCells(line, separator).map(normaliseHeader);
    if (names.filter((n) => KNOWN_KEYS.has(n.key)).length < 2) continue;
    // A column in another currency ('BTC Value', 'Value (EUR)') is neither coins nor dollars.
    const indexOf = (keys: readonly string[], allowMoney: boolean): number => {
      for (const key of keys) {
        const index = names.findIndex((n) => n.key === key && !n.isOtherMoney && (allowMoney || !n.isMoney));
        if (index !== -1) return index;
      }
      return -1;
    };
    const quantity = indexOf(QUANTITY_KEYS, false);
    if (quantity === -1) continue;
    let value = indexOf(VALUE_KEYS, true);
    if (value === -1) {
      value = names.findIndex((n, index) => n.isMoney && !n.isOtherMoney && index !== quantity);
    }
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

/** The number a cell starts with: '0.5234 BTC' -> 0.5234, '1,250.00' -> 1250, '-3' -> -3; NaN when none. */
function leadingNumber(cell: string): number {
  const match = /^-?(?:[0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)/.exec(cell.trim());
  return match ? parseAmount(match[0]) : NaN;
}
