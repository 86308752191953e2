/**
 * CSV exports of the portfolio and of its transactions. The holdings file has exactly
 * the columns the holdings import reads (csv-columns.ts, the template's 'Name,Symbol,Quantity,Balance ($)'
 * plus 'Contract Address'), so importing an export into an empty portfolio gives the same holdings: the
 * import takes Balance ($) as the position's value and sets purchase price = value / quantity, so the
 * export writes quantity x purchase price (the cost), computed exactly. Quantities and money are written
 * rounded (export-numbers.ts): the same holdings come back to 8 decimals of quantity and 8 significant
 * digits of purchase price. Pure: the API serves the text.
 */
import Papa from 'papaparse';
import type { HoldingRow } from '../schemas/portfolio.ts';
import type { TransactionRow } from '../transactions/schemas.ts';
import { fromDecimal, mul, toDecimal } from '../transactions/fixed-point.ts';
import { WORK_SCALE } from '../transactions/fixed-point.ts';
import { isZeroDecimal } from '../decimal.ts';
import { exportMoney, exportQuantity } from './export-numbers.ts';

/** Header of the holdings export: the template's columns and the contract address, all read by the import. */
export const HOLDINGS_EXPORT_HEADER = [
  'Name',
  'Symbol',
  'Quantity',
  'Balance ($)',
  'Contract Address',
] as const;

/**
 * Header of the transactions export: the holdings columns the import reads (Name, Symbol, Quantity,
 * Contract Address) for each transaction's coin and quantity, with its time, type, price, fee and note.
 */
export const TRANSACTIONS_EXPORT_HEADER = [
  'Date (UTC)',
  'Type',
  'Name',
  'Symbol',
  'Quantity',
  'Price per coin',
  'Fee',
  'Note',
  'Contract Address',
  // Last, so a dollar row reads as files before this column wrote it (the import's row identity).
  'Currency',
] as const;

/** File names offered for the downloads; `day` is the UTC date 'YYYY-MM-DD'. */
export function exportFilename(kind: 'holdings' | 'transactions', day: string): string {
  return kind === 'holdings' ? `coinpace-portfolio-${day}.csv` : `coinpace-transactions-${day}.csv`;
}

/** The fields of a holding the export writes. */
export type ExportHolding = Pick<HoldingRow, 'name' | 'symbol' | 'quantity' | 'purchasePrice' | 'address'>;

/** A transaction with its holding's coin, as the transactions export writes it. */
export interface ExportTransaction extends Pick<
  TransactionRow,
  'type' | 'at' | 'quantity' | 'pricePerCoin' | 'fee' | 'note'
> {
  /** What the price and fee are in: a display currency's code or the CoinGecko id of a coin. */
  currency: string;
  name: string;
  symbol: string;
  address: string | null;
}

/**
 * quantity x purchase price, exact, as a plain decimal string; '' when the purchase price is not known
 * (0), so the import falls back to the market price as it does for any row without a value.
 */
export function costBalance(quantity: string, purchasePrice: string): string {
  if (isZeroDecimal(purchasePrice)) return '';
  return toDecimal(mul(fromDecimal(quantity), fromDecimal(purchasePrice)), WORK_SCALE);
}

/**
 * The holdings export: a header and one row per holding, in the order given. Holdings with nothing
 * held (quantity 0, all sold) are left out: the import skips such rows ('nothing held').
 */
export function holdingsToCsv(holdings: readonly ExportHolding[]): string {
  const rows = holdings
    .filter((h) => !isZeroDecimal(h.quantity))
    .map((h) => [
      h.name,
      h.symbol,
      exportQuantity(h.quantity),
      exportMoney(costBalance(h.quantity, h.purchasePrice)),
      h.address ?? '',
    ]);
  return unparse([...HOLDINGS_EXPORT_HEADER], rows);
}

/** Type names as the export writes them. */
const TYPE_LABELS: Record<ExportTransaction['type'], string> = {
  buy: 'Buy',
  sell: 'Sell',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
  adjust: 'Adjustment',
  income: 'Income',
};

/** The transactions export: a header and one row per transaction, in the order given. */
export function transactionsToCsv(transactions: readonly ExportTransaction[]): string {
  const rows = transactions.map((t) => [
    t.at,
    TYPE_LABELS[t.type],
    t.name,
    t.symbol,
    exportQuantity(t.quantity),
    exportMoney(t.pricePerCoin),
    exportMoney(t.fee),
    t.note ?? '',
    t.address ?? '',
    t.currency,
  ]);
  return unparse([...TRANSACTIONS_EXPORT_HEADER], rows);
}

/**
 * RFC 4180 text ending with a newline: fields with commas, quotes or line breaks are quoted, and a cell a
 * spreadsheet would run as a formula (starting with =, +, -, @) is written with a leading quote mark.
 */
function unparse(header: string[], rows: string[][]): string {
  const text = Papa.unparse({ fields: header, data: rows }, { newline: '\r\n', escapeFormulae: true });
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
