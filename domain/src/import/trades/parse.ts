/**
 * Reads an exchange's trade-history export into transactions. The format is known by
 * its header (see formats.ts); every data row becomes a transaction, or is skipped or failed with its row
 * number and why. Pure: the time the file is judged against ('not in the future') is a parameter.
 */
import Papa from 'papaparse';
import { SYMBOL_TO_COINGECKO_ID, coingeckoIdForSymbol } from '../../coins.ts';
import { CURRENCIES, isDisplayCurrency } from '../../format/currency.ts';
import { MAX_PRICE_USD, MAX_QUANTITY } from '../../limits.ts';
import { isImportSymbol } from '../import-row.ts';
import { USD_QUOTES, addDecimal, isAbove, mulDecimal } from './cells.ts';
import { RowHasher } from './row-hash.ts';
import { TRADE_FORMATS, type TradeDraft, type TradeFormat } from './formats.ts';
import type { ParsedTrade, TradeParseResult, TradeRowProblem } from './types.ts';
import { isIncomingKind } from '../../transactions/cost-basis.ts';

/** Earliest time a transaction may carry (EARLIEST_TRANSACTION of the transaction schemas). */
const EARLIEST = '2009-01-03T00:00:00.000Z';
/** Header lines a report may put before its header (Coinbase writes a title and the user's e-mail). */
const PREAMBLE_LINES = 12;
const MAX_QUANTITY_TEXT = String(MAX_QUANTITY);
const MAX_PRICE_TEXT = String(MAX_PRICE_USD);

/** Shown when no known export's header is found. */
export const TRADE_FORMAT_UNKNOWN_MESSAGE =
  'This is not a trade-history export Coinpace reads. Export the trade history (CSV) of Binance, Coinbase, Kraken or Bybit, or Coinpace’s own transactions export, and upload it unchanged.';

export interface TradeParseOptions {
  /** The present, ms since the epoch: later trades are refused. Default Date.now(). */
  now?: number;
}

/** Characters papaparse reads at a time: rows already read can be collected while the rest is parsed. */
const CHUNK_CHARS = 256 * 1024;

/** Reads `text` as one of the known trade-history exports. Never throws. */
export function parseTradeHistory(text: string, options: TradeParseOptions = {}): TradeParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const reader = new RowReader(options.now ?? Date.now());
  Papa.parse<string[]>(source, {
    ...papaOptions(source, CHUNK_CHARS),
    chunk: (chunk: Papa.ParseResult<string[]>) => reader.take(chunk.data),
    // Called synchronously once the last chunk is read (a string input is parsed without waiting).
    complete: () => undefined,
  });
  return reader.result;
}

export interface SlicedParseOptions extends TradeParseOptions {
  /** Characters read between pauses; default 64 KiB (about 600 rows). */
  sliceChars?: number;
  /** Awaited between slices, with the rows read so far: where a server lets other work run. */
  pause: (rowsRead: number) => Promise<void>;
}

/**
 * parseTradeHistory in slices, awaiting `pause` after each: the same result, without holding the
 * caller's thread for the whole file (a 20,000-row export is a few hundred milliseconds of reading).
 */
export function parseTradeHistorySliced(
  text: string,
  options: SlicedParseOptions,
): Promise<TradeParseResult> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const reader = new RowReader(options.now ?? Date.now());
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(source, {
      ...papaOptions(source, options.sliceChars ?? SLICE_CHARS),
      chunk: (chunk: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        reader.take(chunk.data);
        parser.pause();
        options.pause(reader.result.read).then(() => parser.resume(), reject);
      },
      complete: () => resolve(reader.result),
    });
  });
}

/** Characters a sliced parse reads between pauses. */
const SLICE_CHARS = 64 * 1024;

function papaOptions(source: string, chunkSize: number) {
  return {
    header: false as const,
    delimiter: delimiterOf(source),
    // Without a carriage return papaparse's guess is '\n' anyway, after a regular expression over the
    // first chunk. (A file without quote marks is read in papaparse's fast mode without being asked.)
    newline: source.indexOf('\r') === -1 ? ('\n' as const) : undefined,
    chunkSize,
  };
}

/** Takes the records in file order: finds the header, then reads every data row after it. */
class RowReader {
  readonly result: TradeParseResult = { exchange: null, read: 0, trades: [], skipped: [], failed: [] };
  #format: TradeFormat | null = null;
  #columns: Record<string, number> = {};
  /** Records seen so far (the row number of the last one). */
  #row = 0;
  /** Non-blank records seen before the header. */
  #preamble = 0;
  readonly #context: Context;
  /** What the reference of a hashed row starts with ('binance:#'). */
  #hashPrefix = '';
  readonly #hasher = new RowHasher();
  /** Row ids seen so far and the row of each. */
  readonly #ids = new Map<string, number>();

  constructor(now: number) {
    // ISO instants in UTC with four-digit years order as text: no Date per row.
    this.#context = { latest: new Date(now + 60_000).toISOString(), coins: new Map() };
  }

  take(records: readonly string[][]): void {
    for (let i = 0; i < records.length; i++) {
      const record = records[i]!;
      this.#row += 1;
      if (isBlank(record)) continue;
      if (this.#format) this.#read(record);
      else if (this.#preamble < PREAMBLE_LINES) this.#header(record);
    }
  }

  #header(record: readonly string[]): void {
    this.#preamble += 1;
    const header = record.map((h) => h.trim().toLowerCase());
    for (const candidate of TRADE_FORMATS) {
      const found = candidate.columns(header);
      if (found) {
        this.#format = candidate;
        this.#columns = found;
        this.#hashPrefix = `${candidate.exchange}:#`;
        this.result.exchange = candidate.exchange;
        return;
      }
    }
  }

  #read(record: readonly string[]): void {
    const format = this.#format!;
    const result = this.result;
    const row = this.#row;
    result.read += 1;
    const draft = format.read(record, this.#columns);
    if (!('kind' in draft)) {
      if (draft.skip !== undefined) {
        result.skipped.push({ row, symbol: draft.symbol ?? '', reason: draft.skip });
      } else {
        result.failed.push({ row, symbol: symbolOrBlank(draft.symbol), reason: draft.fail });
      }
      return;
    }
    const trade = finish(draft, row, this.#context, result.failed);
    if (trade === null) return;
    // The other side of the same row: a Convert's coin received, or the coin a crypto pair was paid in.
    const otherDraft = draft.other ?? (draft.currency === undefined ? counterDraft(draft, trade) : null);
    const other = otherDraft && finish(otherDraft, row, this.#context, result.failed);
    if (otherDraft && other === null) return;
    const id = draft.id;
    if (id !== null) {
      trade.externalRef = `${format.exchange}:${id}`;
      const earlier = this.#ids.get(id);
      if (earlier === undefined) this.#ids.set(id, row);
      else trade.duplicateOf = earlier;
    } else {
      // No id in the export: the row's cells, hashed, and which of the identical rows it is (two fills of
      // one order at the same second and price are two rows that look the same).
      const occurrence = this.#hasher.hash(format.identity?.(record, this.#columns) ?? record);
      trade.externalRef = this.#hasher.reference(this.#hashPrefix, occurrence);
    }
    result.trades.push(trade);
    if (other) {
      // Its own reference, derived from the row's: a re-import skips both sides.
      other.externalRef = `${trade.externalRef}:${other.symbol.toLowerCase()}`;
      if (trade.duplicateOf !== undefined) other.duplicateOf = trade.duplicateOf;
      result.trades.push(other);
    }
  }
}

interface Context {
  /** The latest instant a trade may carry (a minute past now), ISO. */
  latest: string;
  /**
   * The symbols of the right shape seen so far, each with its CoinGecko id (null: not in the table). Trades
   * take the symbol from here: one string per coin, not one per row, for the collector to keep.
   */
  coins: Map<string, { symbol: string; coingeckoId: string | null }>;
}

/** The common checks and the pricing in dollars; the reference is filled in by the caller. */
function finish(
  draft: TradeDraft,
  row: number,
  context: Context,
  failed: TradeRowProblem[],
): ParsedTrade | null {
  // Every format gives the coin in upper case already.
  const symbol = draft.base;
  const problem = check(draft, symbol, context);
  if (problem !== null) {
    failed.push({ row, symbol: symbolOrBlank(symbol), reason: problem });
    return null;
  }
  const currency = draft.currency ?? currencyOfQuote(draft.quote)!;
  let quantity = draft.quantity;
  let fee = '0';
  let note = draft.note ?? null;
  if (!isZero(draft.fee)) {
    const inQuote =
      draft.feeAsset === '' ||
      draft.feeAsset === draft.quote ||
      (currency === 'usd' && USD_QUOTES.has(draft.feeAsset));
    if (inQuote) {
      fee = draft.fee;
    } else if (draft.feeAsset === symbol) {
      // A fee in the coin itself: a buy received that much less, a sale gave that much more; its dollar
      // value is the fee, so what the trade cost or brought in stays quantity x price.
      const incoming = isIncomingKind(draft.kind);
      const net = addDecimal(draft.quantity, draft.fee, incoming ? -1 : 1);
      if (net === null || (incoming && isZero(net)))
        return fail(failed, row, symbol, 'the fee is not less than the quantity');
      quantity = net;
      fee = mulDecimal(draft.fee, draft.price);
    } else {
      const left = `Fee of ${draft.fee} ${draft.feeAsset} not counted`;
      note = note ? `${note}. ${left}` : left;
    }
  }
  // An adjustment sets the holding's quantity, which may be 0 (all of it sold or moved).
  if (isZero(quantity) && draft.kind !== 'adjust')
    return fail(failed, row, symbol, 'the quantity must be above 0');
  if (isAbove(quantity, MAX_QUANTITY_TEXT))
    return fail(failed, row, symbol, `the quantity must be at most ${MAX_QUANTITY_TEXT}`);
  if (isAbove(fee, MAX_PRICE_TEXT))
    return fail(failed, row, symbol, `the fee must be at most ${MAX_PRICE_TEXT}`);
  const coin = context.coins.get(symbol)!;
  return {
    row,
    kind: draft.kind,
    at: draft.at!,
    symbol: coin.symbol,
    coingeckoId: coin.coingeckoId,
    quantity,
    pricePerCoin: draft.price,
    fee,
    currency,
    note: note && note.length > 500 ? note.slice(0, 500) : note,
    externalRef: '',
    // Present on every trade, so they all share one shape.
    name: draft.name,
    duplicateOf: undefined,
  };
}

/** Why a draft cannot be a transaction whatever its fee, or null. */
function check(draft: TradeDraft, symbol: string, context: Context): string | null {
  if (!symbol) return 'no coin named';
  if (!context.coins.has(symbol)) {
    if (!isImportSymbol(symbol)) return `coin "${symbol.slice(0, 40)}" is not a symbol Coinpace accepts`;
    context.coins.set(symbol, { symbol, coingeckoId: coingeckoIdForSymbol(symbol) ?? null });
  }
  if (draft.at === null) return 'the date is missing or not a date';
  if (draft.at < EARLIEST) return 'the date must be in 2009 or later';
  if (draft.at > context.latest) return 'the date must not be in the future';
  if (draft.currency !== undefined) {
    if (!isStoredCurrency(draft.currency)) {
      return `currency "${draft.currency.slice(0, 40)}" is neither a display currency nor a coin Coinpace knows`;
    }
  } else if (currencyOfQuote(draft.quote) === null) {
    return `priced in ${draft.quote || 'an unknown currency'}: only trades priced in US dollars, a dollar stablecoin (USDT, USDC, ...), ${FIAT_NAMES} or a coin Coinpace knows can be imported`;
  }
  if (isAbove(draft.price, MAX_PRICE_TEXT)) return `the price must be at most ${MAX_PRICE_TEXT}`;
  return null;
}

/** The fiat display currencies besides the dollar, as the refusal names them. */
const FIAT_NAMES = Object.entries(CURRENCIES)
  .filter(([code, def]) => code !== 'usd' && !def.sign)
  .map(([code]) => code.toUpperCase())
  .join(', ');

/**
 * The currency a quote is recorded in: 'usd' for the dollar and dollar stablecoins, a fiat display
 * currency's code ('eur'), or the CoinGecko id of a coin ('bitcoin' for BTC); null for anything else (a
 * fiat currency Coinpace keeps no rate of, an unknown coin).
 */
function currencyOfQuote(quote: string): string | null {
  if (USD_QUOTES.has(quote)) return 'usd';
  const code = quote.toLowerCase();
  if (isDisplayCurrency(code) && !CURRENCIES[code].sign) return code;
  if (FIAT_QUOTES.has(quote)) return null;
  return coingeckoIdForSymbol(quote) ?? null;
}

/** A currency as stored: a display currency's code or a known coin's CoinGecko id. */
function isStoredCurrency(code: string): boolean {
  return isDisplayCurrency(code) || KNOWN_COIN_IDS.has(code);
}

const KNOWN_COIN_IDS = new Set(Object.values(SYMBOL_TO_COINGECKO_ID));

/** Fiat currencies exchanges quote in that are no display currency: never read as a coin. */
const FIAT_QUOTES = new Set(['TRY', 'BRL', 'SGD', 'ZEUR', 'ZGBP', 'ZCAD', 'ZJPY']);

/**
 * The other side of a trade priced in a coin (ETHBTC): the coin paid (a buy) or received (a sale), at
 * a price of 1 in itself, so it is valued by that coin's close of the day. A buy's fee in the paid
 * coin is part of what left; a sale's fee in it is less of it received. Null for a fiat-priced trade.
 */
function counterDraft(draft: TradeDraft, trade: ParsedTrade): TradeDraft | null {
  if (isDisplayCurrency(trade.currency) || (draft.kind !== 'buy' && draft.kind !== 'sell')) return null;
  const value = mulDecimal(draft.quantity, draft.price);
  const feeInQuote = draft.feeAsset === '' || draft.feeAsset === draft.quote ? trade.fee : '0';
  const moved = addDecimal(value, feeInQuote, draft.kind === 'buy' ? 1 : -1);
  if (moved === null || isZero(moved)) return null;
  return {
    kind: draft.kind === 'buy' ? 'sell' : 'buy',
    at: draft.at,
    base: draft.quote,
    quote: draft.quote,
    quantity: moved,
    price: '1',
    fee: '0',
    feeAsset: '',
    note: `${draft.kind === 'buy' ? 'Paid for' : 'Received for'} ${trade.quantity} ${trade.symbol}`,
    id: draft.id,
  };
}

/** Records a failed row; null, for `return fail(...)`. */
function fail(failed: TradeRowProblem[], row: number, symbol: string, reason: string): null {
  failed.push({ row, symbol, reason });
  return null;
}

/** Zero, for the canonical decimals the cells are read into (no trailing zeros: zero is '0'). */
function isZero(decimal: string): boolean {
  return decimal === '0';
}

function symbolOrBlank(symbol: string | undefined): string {
  const s = (symbol ?? '').trim().toUpperCase();
  return isImportSymbol(s) ? s : '';
}

function isBlank(record: readonly string[]): boolean {
  for (let i = 0; i < record.length; i++) {
    const c = record[i]!;
    for (let k = 0; k < c.length; k++) if (c.charCodeAt(k) > 32) return false;
  }
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
