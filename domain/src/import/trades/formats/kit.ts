/** What every trade-history format shares: the draft a row becomes and the cell readers (formats.ts). */
import { hasExponent, plainDecimal, readDecimal, upperCase } from '../cells.ts';
import type { TradeExchange, TradeKind } from '../types.ts';

/** A row as a format reads it, before the common checks and pricing. */
export interface TradeDraft {
  kind: TradeKind;
  /** ISO 8601 instant in UTC, or null when the row's time is not one. */
  at: string | null;
  /** The coin, as the export names it (upper case). */
  base: string;
  /** The coin's name, where the export has one. */
  name?: string;
  /** The currency the price and a quote-side fee are in. */
  quote: string;
  /**
   * The price's currency as Coinpace stores it ('usd', 'eur', 'btc', or a coin's CoinGecko id), where the
   * export names it so (Coinpace's own). Such a file also has the other side of a coin-priced trade as a
   * row of its own, so none is derived from the quote.
   */
  currency?: string;
  quantity: string;
  price: string;
  fee: string;
  /** The asset the fee was charged in ('' when there was none). */
  feeAsset: string;
  note?: string;
  /** The row's own id in the export; null when the export has none (the row is hashed instead). */
  id: string | null;
  /** The other side of the same row, when the row is two trades in one (a Coinbase Convert). */
  other?: TradeDraft;
}

/** A row read: the draft itself (no wrapper object per row), or why it is failed or skipped. */
export type DraftOutcome =
  | TradeDraft
  | { fail: string; symbol?: string; skip?: undefined }
  | { skip: string; symbol?: string; fail?: undefined };

export interface TradeFormat {
  exchange: TradeExchange;
  /** Column indexes by role, or null when `header` (lower-cased, trimmed) is not this export's. */
  columns(header: readonly string[]): Record<string, number> | null;
  read(record: readonly string[], columns: Record<string, number>): DraftOutcome;
  /**
   * The cells that identify a row with no id of its own, where not all of them: a column added to an
   * export later is left out where it says what older files meant, so a row keeps its reference.
   */
  identity?(record: readonly string[], columns: Record<string, number>): readonly string[];
}

/** Every column named, by role; null when one of `required` is missing. */
export function find(
  header: readonly string[],
  names: Record<string, readonly string[]>,
  required: readonly string[],
): Record<string, number> | null {
  const columns: Record<string, number> = {};
  for (const [role, aliases] of Object.entries(names)) {
    columns[role] = header.findIndex((h) => aliases.includes(h));
  }
  return required.every((role) => columns[role]! >= 0) ? columns : null;
}

/** The cell at `index`, without surrounding blanks; '' when the column or the cell is missing. */
export function cell(record: readonly string[], index: number | undefined): string {
  const text = index === undefined || index < 0 ? '' : (record[index] ?? '');
  // Most cells start and end with a printable ASCII character, which trim() keeps: no call for those.
  return text === '' || (isPrintable(text.charCodeAt(0)) && isPrintable(text.charCodeAt(text.length - 1)))
    ? text
    : text.trim();
}

/** A printable ASCII character other than the space (never whitespace, whatever trim() counts as that). */
export function isPrintable(code: number): boolean {
  return code > 32 && code < 127;
}

export function sideOf(text: string): TradeKind | null {
  // The spellings exports use, compared as they are (no lower-cased copy per row).
  if (text === 'BUY' || text === 'buy' || text === 'Buy') return 'buy';
  if (text === 'SELL' || text === 'sell' || text === 'Sell') return 'sell';
  const side = text.trim().toLowerCase();
  if (side === 'buy') return 'buy';
  if (side === 'sell') return 'sell';
  return null;
}

/** A non-negative amount as a canonical decimal, or why it is not one. */
export function amount(text: string, what: string): string | { fail: string } {
  const plain = plainDecimal(text);
  if (plain !== null) return plain;
  if (text === '') return { fail: `${what} is missing` };
  const read = readDecimal(text);
  if (!read) return { fail: notANumber(what, text) };
  if (read.negative) return { fail: `${what} must not be negative` };
  return read.value;
}

/**
 * The asset written in `text` from `start` on, upper case: `quote` or `coin` itself when that is what is
 * written (a fee in either), so no new string for it.
 */
export function assetFrom(text: string, start: number, quote: string, coin: string): string {
  const length = text.length - start;
  if (length === quote.length && text.startsWith(quote, start)) return quote;
  if (length === coin.length && text.startsWith(coin, start)) return coin;
  return upperCase(text.slice(start));
}

/**
 * Why `text` is not an amount: an exponent gets its own reason (exports write plain numbers; '1e30' is a
 * spreadsheet's rewrite, maybe rounded), anything else is simply not a number.
 */
export function notANumber(what: string, text: string): string {
  return hasExponent(text)
    ? `${what} "${short(text)}" is written with an exponent; use the plain number from the original export`
    : `${what} "${short(text)}" is not a number`;
}

export function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
