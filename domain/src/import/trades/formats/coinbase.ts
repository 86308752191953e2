/** The Coinbase transaction history report (see formats.ts for its header). */
import { addDecimal, mulDecimal, readDecimal, readInstant, upperCase } from '../cells.ts';
import { divideDecimal } from '../divide.ts';
import type { TradeKind } from '../types.ts';
import {
  find,
  cell,
  amount,
  notANumber,
  short,
  type DraftOutcome,
  type TradeDraft,
  type TradeFormat,
} from './kit.ts';

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
  // Rewards are income at the row's spot price, the day's value Coinbase reports for them.
  'rewards income': { kind: 'income', note: 'Rewards income' },
  'staking income': { kind: 'income', note: 'Staking income' },
  'learning reward': { kind: 'income', note: 'Learning reward' },
  'coinbase earn': { kind: 'income', note: 'Coinbase Earn' },
  'inflation reward': { kind: 'income', note: 'Inflation reward' },
};

/** Fiat currencies Coinbase lists as assets (cash in and out, not coins). */
const FIAT = new Set(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'SGD']);

export const coinbase: TradeFormat = {
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
    const convert = typeText.toLowerCase() === 'convert';
    if (!type && !convert) {
      return {
        fail: `transaction type "${short(typeText)}" is not a buy, sell, convert, send, receive or reward`,
        symbol: base,
      };
    }
    const quantity = readDecimal(cell(record, c.quantity));
    if (!quantity) return { fail: notANumber('quantity', cell(record, c.quantity)), symbol: base };
    const price = amount(withoutSign(cell(record, c.price)), 'price');
    if (typeof price !== 'string') return { fail: price.fail, symbol: base };
    const feeText = withoutSign(cell(record, c.fee));
    const fee = feeText === '' ? '0' : amount(feeText.replace(/^-/, ''), 'fee');
    if (typeof fee !== 'string') return { fail: fee.fail, symbol: base };
    const quote = cell(record, c.currency).toUpperCase();
    if (convert)
      return readConvert(
        cell(record, c.notes),
        { base, quote, quantity: quantity.value, price, fee, id },
        readInstant(cell(record, c.time)),
      );
    const draft: TradeDraft = {
      kind: type!.kind,
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
    const notes = cell(record, c.notes) || type!.note;
    if (notes) draft.note = notes;
    return draft;
  },
};

/** A Convert's notes: 'Converted 0.5 ETH to 1,148.85 USDC'. */
const CONVERTED = /^Converted\s+[\d.,]+\s+\S+\s+to\s+([\d.,]+)\s+(\S+)/i;

/**
 * A Convert: a sale of the asset at the row's spot price and a buy of what it became (named in the
 * notes), the buy costing what the sale brought in (quantity x price - fee), so no gain is made up.
 */
function readConvert(
  notes: string,
  sold: { base: string; quote: string; quantity: string; price: string; fee: string; id: string | null },
  at: string | null,
): DraftOutcome {
  const match = CONVERTED.exec(notes);
  if (!match) {
    return { fail: `a Convert whose notes do not say what it became ("${short(notes)}")`, symbol: sold.base };
  }
  const received = readDecimal(match[1]!.replace(/,/g, ''));
  if (!received || received.value === '0')
    return { fail: notANumber('converted amount', match[1]!), symbol: sold.base };
  const proceeds = addDecimal(mulDecimal(sold.quantity, sold.price), sold.fee, -1);
  if (proceeds === null) return { fail: 'the fee is more than the Convert was worth', symbol: sold.base };
  const target = upperCase(match[2]!);
  return {
    kind: 'sell',
    at,
    base: sold.base,
    quote: sold.quote,
    quantity: sold.quantity,
    price: sold.price,
    fee: sold.fee,
    feeAsset: sold.quote,
    note: notes.slice(0, 200),
    id: sold.id,
    other: {
      kind: 'buy',
      at,
      base: target,
      quote: sold.quote,
      quantity: received.value,
      price: divideDecimal(proceeds, received.value),
      fee: '0',
      feeAsset: '',
      note: `Converted from ${sold.quantity} ${sold.base}`,
      id: sold.id,
    },
  };
}

/** Reports in euros, pounds or yen write the amounts with their sign ('€64,000.00'); dollars are read as they are. */
function withoutSign(text: string): string {
  return text.replace(/^(-?)[€£¥]/, '$1');
}
