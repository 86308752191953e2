/** The Bybit unified-account spot trade history (see formats.ts for its header). */
import { readInstant } from '../cells.ts';
import { readPair } from '../pairs.ts';
import { find, cell, sideOf, amount, short, type TradeFormat } from './kit.ts';

export const bybit: TradeFormat = {
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
    const pair = readPair(cell(record, c.pair), 'bybit');
    if (!pair) return { fail: `pair "${short(cell(record, c.pair))}" is not a pair Coinpace knows` };
    if ('fail' in pair) return pair;
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
