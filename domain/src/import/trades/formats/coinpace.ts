/** The Coinpace's own transactions export (see formats.ts for its header). */
import { readInstant, upperCase } from '../cells.ts';
import type { TradeKind } from '../types.ts';
import { find, cell, amount, short, type TradeDraft, type TradeFormat } from './kit.ts';

/** The type names Coinpace's transactions export writes (csv-export.ts), lower-cased. */
const COINPACE_KINDS: Record<string, TradeKind> = {
  buy: 'buy',
  sell: 'sell',
  'transfer in': 'transfer_in',
  'transfer out': 'transfer_out',
  adjustment: 'adjust',
  income: 'income',
};

/** The export writes a cell a spreadsheet would run as a formula with a leading quote mark: drop it. */
const unescapeFormula = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

export const coinpace: TradeFormat = {
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
        // Files before the Currency column said "($)": every amount in them is in dollars.
        price: ['price per coin', 'price per coin ($)'],
        fee: ['fee', 'fee ($)'],
        note: ['note'],
        currency: ['currency'],
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
    const currency = cell(record, c.currency).toLowerCase();
    if (currency !== '') draft.currency = currency;
    if (note) draft.note = note;
    const name = unescapeFormula(cell(record, c.name));
    if (name) draft.name = name.slice(0, 100);
    return draft;
  },
  identity(record, c) {
    // A dollar row is identified as files before the Currency column wrote it, so importing a newer
    // export over an older one skips what is already there.
    const currency = c.currency!;
    if (currency < 0 || !/^(usd)?$/i.test(cell(record, currency))) return record;
    return record.filter((_, i) => i !== currency);
  },
};
