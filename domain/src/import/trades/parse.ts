/**
 * Reads an exchange's trade-history export into transactions (issue 18 item 3). The format is known by
 * its header (see formats.ts); every data row becomes a transaction, or is skipped or failed with its row
 * number and why. Pure: the time the file is judged against ('not in the future') is a parameter.
 */
import Papa from 'papaparse';
import { coingeckoIdForSymbol } from '../../coins.ts';
import { MAX_PRICE_USD, MAX_QUANTITY } from '../../limits.ts';
import { fromDecimal, mul, toDecimal } from '../../transactions/fixed-point.ts';
import { compareDecimal, isZeroDecimal } from '../../decimal.ts';
import { isImportSymbol } from '../import-row.ts';
import { USD_QUOTES, stableHash } from './cells.ts';
import { TRADE_FORMATS, type TradeDraft, type TradeFormat } from './formats.ts';
import type { ParsedTrade, TradeParseResult, TradeRowProblem } from './types.ts';

/** Earliest time a transaction may carry (EARLIEST_TRANSACTION of the transaction schemas). */
const EARLIEST = Date.parse('2009-01-03T00:00:00.000Z');
/** Header lines a report may put before its header (Coinbase writes a title and the user's e-mail). */
const PREAMBLE_LINES = 12;
const MAX_QUANTITY_TEXT = String(MAX_QUANTITY);
const MAX_PRICE_TEXT = String(MAX_PRICE_USD);

/** Shown when no known export's header is found. */
export const TRADE_FORMAT_UNKNOWN_MESSAGE =
  'This is not a trade-history export Coinpace reads. Export the trade history (CSV) of Binance, Coinbase, Kraken or Bybit and upload it unchanged.';

export interface TradeParseOptions {
  /** The present, ms since the epoch: later trades are refused. Default Date.now(). */
  now?: number;
}

/** Reads `text` as one of the known trade-history exports. Never throws. */
export function parseTradeHistory(text: string, options: TradeParseOptions = {}): TradeParseResult {
  const now = options.now ?? Date.now();
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records = Papa.parse<string[]>(source, { header: false, delimiter: delimiterOf(source) }).data;
  const result: TradeParseResult = { exchange: null, read: 0, trades: [], skipped: [], failed: [] };

  let format: TradeFormat | null = null;
  let columns: Record<string, number> = {};
  let start = 0;
  for (let i = 0, seen = 0; i < records.length && seen < PREAMBLE_LINES && !format; i++) {
    const record = records[i]!;
    if (isBlank(record)) continue;
    seen += 1;
    const header = record.map((h) => h.trim().toLowerCase());
    for (const candidate of TRADE_FORMATS) {
      const found = candidate.columns(header);
      if (found) {
        format = candidate;
        columns = found;
        start = i + 1;
        break;
      }
    }
  }
  if (!format) return result;
  result.exchange = format.exchange;

  const occurrences = new Map<string, number>();
  for (let i = start; i < records.length; i++) {
    const record = records[i]!;
    if (isBlank(record)) continue;
    result.read += 1;
    const row = i + 1;
    const outcome = format.read(record, columns);
    if ('skip' in outcome) {
      result.skipped.push({ row, symbol: outcome.symbol ?? '', reason: outcome.skip });
      continue;
    }
    if ('fail' in outcome) {
      result.failed.push({ row, symbol: symbolOrBlank(outcome.symbol), reason: outcome.fail });
      continue;
    }
    const trade = finish(outcome.draft, row, now);
    if ('reason' in trade) {
      result.failed.push(trade);
      continue;
    }
    let ref: string;
    if (outcome.id !== null) {
      ref = `${format.exchange}:${outcome.id}`;
    } else {
      // No id in the export: the row's cells, hashed, and which of the identical rows it is (two fills of
      // one order at the same second and price are two rows that look the same).
      const hash = stableHash(record.map((c) => c.trim()).join('\u001f'));
      const n = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, n);
      ref = `${format.exchange}:#${hash}-${n}`;
    }
    trade.externalRef = ref;
    result.trades.push(trade);
  }
  return result;
}

/** The common checks and the pricing in dollars; the reference is filled in by the caller. */
function finish(draft: TradeDraft, row: number, now: number): ParsedTrade | TradeRowProblem {
  const symbol = draft.base.toUpperCase();
  const fail = (reason: string): TradeRowProblem => ({ row, symbol: symbolOrBlank(symbol), reason });
  if (!symbol) return fail('no coin named');
  if (!isImportSymbol(symbol)) return fail(`coin "${symbol.slice(0, 40)}" is not a symbol Coinpace accepts`);
  if (Number.isNaN(draft.time)) return fail('the date is missing or not a date');
  if (draft.time < EARLIEST) return fail('the date must be in 2009 or later');
  if (draft.time > now + 60_000) return fail('the date must not be in the future');
  if (!USD_QUOTES.has(draft.quote)) {
    return fail(
      `priced in ${draft.quote || 'an unknown currency'}: only trades priced in US dollars or a dollar stablecoin (USDT, USDC, ...) can be imported`,
    );
  }
  let quantity = draft.quantity;
  let fee = '0';
  let note = draft.note ?? null;
  if (!isZeroDecimal(draft.fee)) {
    if (draft.feeAsset === '' || draft.feeAsset === draft.quote || USD_QUOTES.has(draft.feeAsset)) {
      fee = draft.fee;
    } else if (draft.feeAsset === symbol) {
      // A fee in the coin itself: a buy received that much less, a sale gave that much more; its dollar
      // value is the fee, so what the trade cost or brought in stays quantity x price.
      const q = fromDecimal(draft.quantity);
      const f = fromDecimal(draft.fee);
      if (draft.kind === 'buy' || draft.kind === 'transfer_in') {
        if (f >= q) return fail('the fee is not less than the quantity');
        quantity = toDecimal(q - f);
      } else {
        quantity = toDecimal(q + f);
      }
      fee = toDecimal(mul(f, fromDecimal(draft.price)));
    } else {
      const left = `Fee of ${draft.fee} ${draft.feeAsset} not counted`;
      note = note ? `${note}. ${left}` : left;
    }
  }
  if (isZeroDecimal(quantity)) return fail('the quantity must be above 0');
  if (compareDecimal(quantity, MAX_QUANTITY_TEXT) > 0)
    return fail(`the quantity must be at most ${MAX_QUANTITY_TEXT}`);
  if (compareDecimal(draft.price, MAX_PRICE_TEXT) > 0)
    return fail(`the price must be at most ${MAX_PRICE_TEXT}`);
  if (compareDecimal(fee, MAX_PRICE_TEXT) > 0) return fail(`the fee must be at most ${MAX_PRICE_TEXT}`);
  return {
    row,
    kind: draft.kind,
    at: new Date(draft.time).toISOString(),
    symbol,
    coingeckoId: coingeckoIdForSymbol(symbol) ?? null,
    quantity,
    pricePerCoin: draft.price,
    fee,
    note: note && note.length > 500 ? note.slice(0, 500) : note,
    externalRef: '',
  };
}

function symbolOrBlank(symbol: string | undefined): string {
  const s = (symbol ?? '').trim().toUpperCase();
  return isImportSymbol(s) ? s : '';
}

function isBlank(record: readonly string[]): boolean {
  for (const c of record) if (c.trim() !== '') return false;
  return true;
}

/** Comma, unless the first lines use more tabs or semicolons (a spreadsheet saved it again). */
function delimiterOf(text: string): string {
  const head = text.slice(0, 4096);
  const count = (c: string) => head.split(c).length - 1;
  const commas = count(',');
  if (count('\t') > commas) return '\t';
  if (count(';') > commas) return ';';
  return ',';
}
