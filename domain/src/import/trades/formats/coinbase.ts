/** The Coinbase transaction history report (see formats.ts for its header). */
import { readDecimal, readInstant } from '../cells.ts';
import type { TradeKind } from '../types.ts';
import { find, cell, amount, notANumber, short, type TradeDraft, type TradeFormat } from './kit.ts';

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
    if (!type) {
      return {
        fail: /convert/i.test(typeText)
          ? 'a Convert is two trades in one row; record its two sides in the holding’s transactions'
          : `transaction type "${short(typeText)}" is not a buy, sell, send, receive or reward`,
        symbol: base,
      };
    }
    const quantity = readDecimal(cell(record, c.quantity));
    if (!quantity) return { fail: notANumber('quantity', cell(record, c.quantity)), symbol: base };
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
