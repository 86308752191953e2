/**
 * Which CSV column holds which field (SPEC.md section 5, 'CSV'). Header names match in any case and with
 * blanks, underscores, dashes or a bracketed unit around them: 'Balance ($)', 'MARKET VALUE', 'contract_address'
 * and 'Value (USD)' all match.
 */

export type CsvField = 'symbol' | 'name' | 'quantity' | 'contract' | 'value';

/** Header aliases per field, best first; normalised (lower case letters and digits only). */
export const CSV_HEADER_ALIASES: Readonly<Record<CsvField, readonly string[]>> = {
  symbol: ['symbol', 'coin', 'asset', 'ticker'],
  name: ['name', 'token'],
  quantity: ['quantity', 'amount', 'balance'],
  contract: ['contractaddress', 'contract', 'address'],
  value: ['value', 'marketvalue', 'currentvalue', 'total', 'worth', 'balance'],
};

/** Column index per field; -1 when the header has no such column. */
export type CsvColumns = Record<CsvField, number>;

interface HeaderName {
  /** Lower-case letters and digits only, brackets and their content removed: 'Balance ($)' -> 'balance'. */
  key: string;
  /** True when the header names a currency ('$', 'usd'): such a column holds money, never a quantity. */
  isMoney: boolean;
  /**
   * True when it names money other than dollars ('Value (EUR)', 'Wert €', 'BTC Value'): never the
   * quantity, and not a USD value either.
   */
  isOtherMoney: boolean;
}

const OTHER_MONEY = /[€£¥₩₹]|\b(?:eur|gbp|jpy|chf|cad|aud|krw|inr|btc|eth|bnb)\b/;

const MAX_HEADER_LENGTH = 100;

/** Normalises one header cell for alias matching. */
export function normaliseHeader(header: string): HeaderName {
  // No alias is near this long; the cap keeps the bracket pattern linear on hostile input.
  const lower = header.slice(0, MAX_HEADER_LENGTH).toLowerCase();
  const isOtherMoney = OTHER_MONEY.test(lower.replace(/[_-]/g, ' '));
  const isMoney = isOtherMoney || lower.includes('$') || /\busd\b/.test(lower);
  let key = lower.replace(/\([^)]*\)|\[[^\]]*\]/g, '').replace(/[^a-z0-9]/g, '');
  // 'Value USD', 'balance_usd': the unit written without brackets.
  if (key.length > 3 && key.endsWith('usd')) key = key.slice(0, -3);
  return { key, isMoney, isOtherMoney };
}

/** Exchange balance exports: with one of these columns, an unlabelled 'Total' is coins, not dollars. */
const BALANCE_EXPORT_KEYS = new Set(['available', 'free', 'inorder', 'locked', 'frozen']);

/**
 * Picks a column for each field from the header row. Within a field the alias listed first wins, and for
 * one alias the leftmost column. 'balance' is both a quantity and a value alias; it is the quantity only
 * when no 'quantity' or 'amount' column exists and the header does not name a currency. So
 * 'Name,Symbol,Quantity,Balance ($)' reads Balance ($) as the value, 'Symbol,Balance' reads it as the
 * quantity, and 'Symbol,Balance ($)' has no quantity column at all. 'total' is a value, except in an
 * exchange's balance export ('Coin,Total,Available,In Order,BTC Value' from Binance): with no other
 * quantity column and an Available, In Order, Free or Locked column beside it, Total is the coins held
 * (and Available the quantity when there is no Total). A column labelled with another currency
 * ('Value (EUR)', 'BTC Value') is never read as the USD value.
 */
export function resolveCsvColumns(headers: readonly string[]): CsvColumns {
  const names = headers.map(normaliseHeader);
  const find = (alias: string, allowMoney: boolean, taken: number): number =>
    names.findIndex(
      (n, i) => i !== taken && n.key === alias && !n.isOtherMoney && (allowMoney || !n.isMoney),
    );
  const pick = (field: CsvField, allowMoney: boolean, taken = -1): number => {
    for (const alias of CSV_HEADER_ALIASES[field]) {
      const index = find(alias, allowMoney, taken);
      if (index !== -1) return index;
    }
    return -1;
  };
  let quantity = pick('quantity', false);
  if (quantity === -1 && names.some((n) => BALANCE_EXPORT_KEYS.has(n.key))) {
    quantity = find('total', false, -1);
    if (quantity === -1) quantity = find('available', false, -1);
  }
  return {
    symbol: pick('symbol', true),
    name: pick('name', true),
    quantity,
    contract: pick('contract', true),
    value: pick('value', true, quantity),
  };
}

// A ticker as a wallet or tracker writes it: capitals and digits ('UNI', '1INCH', 'USDC.E' aside).
const TICKER = /^[A-Z0-9][A-Z0-9.$_-]{0,19}$/;

/**
 * 'Token' names the coin's name in a tracker export ('Name,Token' lists 'Uniswap') and its symbol in a
 * wallet's ('Token,Balance,Value' lists 'UNI'). With no symbol column, a 'token' column whose non-blank
 * cells are mostly written as tickers is the symbol column (and no longer the name); otherwise the columns
 * are as given.
 */
export function withTokenAsSymbol(
  headers: readonly string[],
  columns: CsvColumns,
  records: readonly (readonly string[])[],
): CsvColumns {
  if (columns.symbol !== -1) return columns;
  const token = headers.findIndex((h) => normaliseHeader(h).key === 'token');
  if (token === -1) return columns;
  let cells = 0;
  let tickers = 0;
  for (const record of records) {
    const cell = (record[token] ?? '').trim();
    if (cell === '') continue;
    cells++;
    if (TICKER.test(cell)) tickers++;
  }
  if (cells === 0 || tickers * 2 < cells) return columns;
  return { ...columns, symbol: token, name: columns.name === token ? -1 : columns.name };
}
