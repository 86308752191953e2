/**
 * The trade-history exports Coinpace reads (issue 18 item 3), each known by its header:
 *
 * - Binance spot trade history: `Date(UTC),Pair,Side,Price,Executed,Amount,Fee`, amounts written with their
 *   asset ('0.00150000BTC'); the older `Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin` too. No row ids.
 * - Coinbase transaction history report: `Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price
 *   Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,
 *   Notes` after a few preamble lines; newer reports start with `ID` and say `Price Currency`, `Price at
 *   Transaction`.
 * - Kraken trades export: `txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers`.
 * - Coinpace's own transactions export (csv-export.ts): `Date (UTC),Type,Name,Symbol,Quantity,Price per coin
 *   ($),Fee ($),Note,Contract Address`, in US dollars, adjustments included. No row ids.
 * - Bybit unified-account spot trade history: `Spot Pairs,Order Type,Direction,Filled Value,Filled Price,
 *   Filled Quantity,Fees,Transaction ID,Order No.,Timestamp (UTC)`; the fee is in the coin bought on a buy
 *   and in the quote currency on a sell.
 */
import {
  assetOf,
  assetStart,
  plainDecimal,
  readDecimal,
  readInstant,
  splitPair,
  upperCase,
} from './cells.ts';
import type { TradeExchange, TradeKind } from './types.ts';

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
  quantity: string;
  price: string;
  fee: string;
  /** The asset the fee was charged in ('' when there was none). */
  feeAsset: string;
  note?: string;
  /** The row's own id in the export; null when the export has none (the row is hashed instead). */
  id: string | null;
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
}

/** Every column named, by role; null when one of `required` is missing. */
function find(
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
function cell(record: readonly string[], index: number | undefined): string {
  const text = index === undefined || index < 0 ? '' : (record[index] ?? '');
  // Most cells start and end with a printable ASCII character, which trim() keeps: no call for those.
  return text === '' || (isPrintable(text.charCodeAt(0)) && isPrintable(text.charCodeAt(text.length - 1)))
    ? text
    : text.trim();
}

/** A printable ASCII character other than the space (never whitespace, whatever trim() counts as that). */
function isPrintable(code: number): boolean {
  return code > 32 && code < 127;
}

function sideOf(text: string): TradeKind | null {
  // The spellings exports use, compared as they are (no lower-cased copy per row).
  if (text === 'BUY' || text === 'buy' || text === 'Buy') return 'buy';
  if (text === 'SELL' || text === 'sell' || text === 'Sell') return 'sell';
  const side = text.trim().toLowerCase();
  if (side === 'buy') return 'buy';
  if (side === 'sell') return 'sell';
  return null;
}

/** A non-negative amount as a canonical decimal, or why it is not one. */
function amount(text: string, what: string): string | { fail: string } {
  const plain = plainDecimal(text);
  if (plain !== null) return plain;
  if (text === '') return { fail: `${what} is missing` };
  const read = readDecimal(text);
  if (!read) return { fail: `${what} "${short(text)}" is not a number` };
  if (read.negative) return { fail: `${what} must not be negative` };
  return read.value;
}

/**
 * The asset written in `text` from `start` on, upper case: `quote` or `coin` itself when that is what is
 * written (a fee in either), so no new string for it.
 */
function assetFrom(text: string, start: number, quote: string, coin: string): string {
  const length = text.length - start;
  if (length === quote.length && text.startsWith(quote, start)) return quote;
  if (length === coin.length && text.startsWith(coin, start)) return coin;
  return upperCase(text.slice(start));
}

function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const binance: TradeFormat = {
  exchange: 'binance',
  columns(header) {
    return (
      find(
        header,
        {
          date: ['date(utc)', 'date(utc+0)', 'time', 'date'],
          pair: ['pair'],
          side: ['side'],
          price: ['price'],
          executed: ['executed'],
          amount: ['amount'],
          fee: ['fee'],
        },
        ['date', 'pair', 'side', 'price', 'executed', 'amount', 'fee'],
      ) ??
      find(
        header,
        {
          date: ['date(utc)', 'date(utc+0)'],
          market: ['market'],
          side: ['type'],
          price: ['price'],
          quantity: ['amount'],
          total: ['total'],
          fee: ['fee'],
          feeCoin: ['fee coin'],
        },
        ['date', 'market', 'side', 'price', 'quantity', 'total', 'fee', 'feeCoin'],
      )
    );
  },
  read(record, c) {
    const kind = sideOf(cell(record, c.side));
    const at = readInstant(cell(record, c.date));
    const price = amount(cell(record, c.price), 'price');
    if (c.executed !== undefined) {
      // The current export: '0.00150000BTC', '64.06590000USDT', '0.00000150BTC'.
      const executedText = cell(record, c.executed);
      const split = assetStart(executedText);
      const base =
        split > 0 ? upperCase(executedText.slice(split)) : (splitPair(cell(record, c.pair))?.base ?? '');
      if (!kind) return { fail: `side "${short(cell(record, c.side))}" is not BUY or SELL`, symbol: base };
      const quantity = split > 0 ? amount(executedText.slice(0, split), 'executed amount') : null;
      if (quantity === null)
        return { fail: `executed amount "${short(executedText)}" is not a coin amount`, symbol: base };
      if (typeof quantity !== 'string') return { fail: quantity.fail, symbol: base };
      const quote = assetOf(cell(record, c.amount)) || splitPair(cell(record, c.pair))?.quote || '';
      if (!quote) return { fail: `no quote currency in "${short(cell(record, c.amount))}"`, symbol: base };
      if (typeof price !== 'string') return { fail: price.fail, symbol: base };
      const feeText = cell(record, c.fee);
      const feeSplit = assetStart(feeText);
      let fee = '0';
      let feeAsset = '';
      if (feeSplit > 0) {
        const value = amount(feeText.slice(0, feeSplit), 'fee');
        if (typeof value !== 'string') return { fail: value.fail, symbol: base };
        fee = value;
        feeAsset = assetFrom(feeText, feeSplit, quote, base);
      } else if (feeText !== '' && readDecimal(feeText)?.value !== '0') {
        return { fail: `fee "${short(feeText)}" is not an amount`, symbol: base };
      }
      return { kind, at, base, quote, quantity, price, fee, feeAsset, id: null };
    }
    // The older export: plain numbers, the pair in Market and the fee's coin in its own column.
    const pair = splitPair(cell(record, c.market));
    const base = pair?.base ?? '';
    if (!pair) return { fail: `market "${short(cell(record, c.market))}" is not a pair Coinpace knows` };
    if (!kind) return { fail: `type "${short(cell(record, c.side))}" is not BUY or SELL`, symbol: base };
    const quantity = amount(cell(record, c.quantity), 'amount');
    if (typeof quantity !== 'string') return { fail: quantity.fail, symbol: base };
    if (typeof price !== 'string') return { fail: price.fail, symbol: base };
    const fee = amount(cell(record, c.fee) || '0', 'fee');
    if (typeof fee !== 'string') return { fail: fee.fail, symbol: base };
    return {
      kind,
      at,
      base,
      quote: pair.quote,
      quantity,
      price,
      fee,
      feeAsset: cell(record, c.feeCoin).toUpperCase(),
      id: null,
    };
  },
};

/** Coinbase transaction types and what they are here. */
const COINBASE_KINDS: Record<string, { kind: TradeKind; note?: string }> = {
  buy: { kind: 'buy' },
  'advanced trade buy': { kind: 'buy' },
  'advance trade buy': { kind: 'buy' },
  sell: { kind: 'sell' },
  'advanced trade sell': { kind: 'sell' },
  'advance trade sell': { kind: 'sell' },
  receive: { kind: 'transfer_in', note: 'Received' },
  deposit: { kind: 'transfer_in', note: 'Deposit' },
  send: { kind: 'transfer_out', note: 'Sent' },
  withdrawal: { kind: 'transfer_out', note: 'Withdrawal' },
  'rewards income': { kind: 'transfer_in', note: 'Rewards income' },
  'staking income': { kind: 'transfer_in', note: 'Staking income' },
  'learning reward': { kind: 'transfer_in', note: 'Learning reward' },
  'coinbase earn': { kind: 'transfer_in', note: 'Coinbase Earn' },
  'inflation reward': { kind: 'transfer_in', note: 'Inflation reward' },
};

/** Fiat currencies Coinbase lists as assets (cash in and out, not coins). */
const FIAT = new Set(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'SGD']);

const coinbase: TradeFormat = {
  exchange: 'coinbase',
  columns(header) {
    return find(
      header,
      {
        id: ['id'],
        time: ['timestamp'],
        type: ['transaction type'],
        asset: ['asset'],
        quantity: ['quantity transacted'],
        currency: ['spot price currency', 'price currency'],
        price: ['spot price at transaction', 'price at transaction'],
        subtotal: ['subtotal'],
        total: ['total (inclusive of fees and/or spread)', 'total (inclusive of fees)', 'total'],
        fee: ['fees and/or spread', 'fees', 'fee'],
        notes: ['notes'],
      },
      ['time', 'type', 'asset', 'quantity', 'currency', 'price'],
    );
  },
  read(record, c) {
    const base = cell(record, c.asset).toUpperCase();
    const typeText = cell(record, c.type);
    const id = cell(record, c.id) || null;
    if (FIAT.has(base))
      return { skip: `${typeText || 'a movement'} of ${base} cash, not a coin`, symbol: '' };
    const type = COINBASE_KINDS[typeText.toLowerCase()];
    if (!type) {
      return {
        fail: /convert/i.test(typeText)
          ? 'a Convert is two trades in one row; record its two sides in the holding’s transactions'
          : `transaction type "${short(typeText)}" is not a buy, sell, send, receive or reward`,
        symbol: base,
      };
    }
    const quantity = readDecimal(cell(record, c.quantity));
    if (!quantity)
      return { fail: `quantity "${short(cell(record, c.quantity))}" is not a number`, symbol: base };
    const price = amount(cell(record, c.price), 'price');
    if (typeof price !== 'string') return { fail: price.fail, symbol: base };
    const feeText = cell(record, c.fee);
    const fee = feeText === '' ? '0' : amount(feeText.replace(/^-/, ''), 'fee');
    if (typeof fee !== 'string') return { fail: fee.fail, symbol: base };
    const quote = cell(record, c.currency).toUpperCase();
    const draft: TradeDraft = {
      kind: type.kind,
      at: readInstant(cell(record, c.time)),
      base,
      quote,
      // Newer reports write sales and sends as negative quantities.
      quantity: quantity.value,
      price,
      fee,
      feeAsset: quote,
      id,
    };
    const notes = cell(record, c.notes) || type.note;
    if (notes) draft.note = notes;
    return draft;
  },
};

/** Kraken's own asset codes and the symbols everyone else uses. */
const KRAKEN_ASSETS: Record<string, string> = {
  XXBT: 'BTC',
  XBT: 'BTC',
  XETH: 'ETH',
  XXDG: 'DOGE',
  XDG: 'DOGE',
  XLTC: 'LTC',
  XXRP: 'XRP',
  XXLM: 'XLM',
  XETC: 'ETC',
  XXMR: 'XMR',
  XZEC: 'ZEC',
  XMLN: 'MLN',
  XREP: 'REP',
  ZUSD: 'USD',
  ZEUR: 'EUR',
  ZGBP: 'GBP',
  ZCAD: 'CAD',
  ZJPY: 'JPY',
};

const kraken: TradeFormat = {
  exchange: 'kraken',
  columns(header) {
    return find(
      header,
      {
        txid: ['txid'],
        pair: ['pair'],
        time: ['time'],
        type: ['type'],
        price: ['price'],
        cost: ['cost'],
        fee: ['fee'],
        vol: ['vol'],
      },
      ['txid', 'pair', 'time', 'type', 'price', 'fee', 'vol'],
    );
  },
  read(record, c) {
    const pair = splitPair(cell(record, c.pair));
    if (!pair) return { fail: `pair "${short(cell(record, c.pair))}" is not a pair Coinpace knows` };
    const base = KRAKEN_ASSETS[pair.base] ?? pair.base;
    const quote = KRAKEN_ASSETS[pair.quote] ?? pair.quote;
    const kind = sideOf(cell(record, c.type));
    if (!kind) return { fail: `type "${short(cell(record, c.type))}" is not buy or sell`, symbol: base };
    const quantity = amount(cell(record, c.vol), 'vol');
    if (typeof quantity !== 'string') return { fail: quantity.fail, symbol: base };
    const price = amount(cell(record, c.price), 'price');
    if (typeof price !== 'string') return { fail: price.fail, symbol: base };
    const fee = amount(cell(record, c.fee) || '0', 'fee');
    if (typeof fee !== 'string') return { fail: fee.fail, symbol: base };
    return {
      kind,
      at: readInstant(cell(record, c.time)),
      base,
      quote,
      quantity,
      price,
      fee,
      feeAsset: quote,
      id: cell(record, c.txid) || null,
    };
  },
};

const bybit: TradeFormat = {
  exchange: 'bybit',
  columns(header) {
    return find(
      header,
      {
        pair: ['spot pairs'],
        side: ['direction'],
        value: ['filled value'],
        price: ['filled price'],
        quantity: ['filled quantity'],
        fee: ['fees'],
        id: ['transaction id'],
        time: ['timestamp (utc)'],
      },
      ['pair', 'side', 'price', 'quantity', 'fee', 'time'],
    );
  },
  read(record, c) {
    const pair = splitPair(cell(record, c.pair));
    if (!pair) return { fail: `pair "${short(cell(record, c.pair))}" is not a pair Coinpace knows` };
    const kind = sideOf(cell(record, c.side));
    if (!kind)
      return { fail: `direction "${short(cell(record, c.side))}" is not BUY or SELL`, symbol: pair.base };
    const quantity = amount(cell(record, c.quantity), 'filled quantity');
    if (typeof quantity !== 'string') return { fail: quantity.fail, symbol: pair.base };
    const price = amount(cell(record, c.price), 'filled price');
    if (typeof price !== 'string') return { fail: price.fail, symbol: pair.base };
    const fee = amount(cell(record, c.fee) || '0', 'fees');
    if (typeof fee !== 'string') return { fail: fee.fail, symbol: pair.base };
    return {
      kind,
      at: readInstant(cell(record, c.time)),
      base: pair.base,
      quote: pair.quote,
      quantity,
      price,
      fee,
      // Bybit takes a buy's fee in the coin bought and a sale's in the quote currency.
      feeAsset: kind === 'buy' ? pair.base : pair.quote,
      id: cell(record, c.id) || null,
    };
  },
};

/** The type names Coinpace's transactions export writes (csv-export.ts), lower-cased. */
const COINPACE_KINDS: Record<string, TradeKind> = {
  buy: 'buy',
  sell: 'sell',
  'transfer in': 'transfer_in',
  'transfer out': 'transfer_out',
  adjustment: 'adjust',
};

/** The export writes a cell a spreadsheet would run as a formula with a leading quote mark: drop it. */
const unescapeFormula = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const coinpace: TradeFormat = {
  exchange: 'coinpace',
  columns(header) {
    return find(
      header,
      {
        time: ['date (utc)'],
        type: ['type'],
        name: ['name'],
        symbol: ['symbol'],
        quantity: ['quantity'],
        price: ['price per coin ($)'],
        fee: ['fee ($)'],
        note: ['note'],
      },
      ['time', 'type', 'symbol', 'quantity', 'price', 'fee'],
    );
  },
  read(record, c) {
    const base = upperCase(cell(record, c.symbol));
    const typeText = cell(record, c.type);
    const kind = COINPACE_KINDS[typeText.toLowerCase()];
    if (!kind) {
      return {
        fail: `type "${short(typeText)}" is not Buy, Sell, Transfer in, Transfer out or Adjustment`,
        symbol: base,
      };
    }
    const quantity = amount(cell(record, c.quantity), 'quantity');
    if (typeof quantity !== 'string') return { fail: quantity.fail, symbol: base };
    const price = amount(cell(record, c.price), 'price per coin');
    if (typeof price !== 'string') return { fail: price.fail, symbol: base };
    const fee = amount(cell(record, c.fee) || '0', 'fee');
    if (typeof fee !== 'string') return { fail: fee.fail, symbol: base };
    const note = unescapeFormula(cell(record, c.note));
    const draft: TradeDraft = {
      kind,
      at: readInstant(cell(record, c.time)),
      base,
      quote: 'USD',
      quantity,
      price,
      fee,
      feeAsset: '',
      id: null,
    };
    if (note) draft.note = note;
    const name = unescapeFormula(cell(record, c.name));
    if (name) draft.name = name.slice(0, 100);
    return draft;
  },
};

/** The formats, in the order headers are tried. */
export const TRADE_FORMATS: readonly TradeFormat[] = [coinpace, kraken, bybit, coinbase, binance];
