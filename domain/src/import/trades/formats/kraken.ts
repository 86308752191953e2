/** The Kraken trades export (see formats.ts for its header). */
import { readInstant } from '../cells.ts';
import { readPair } from '../pairs.ts';
import { find, cell, sideOf, amount, short, type TradeFormat } from './kit.ts';

export const kraken: TradeFormat = {
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
    // Kraken's asset codes ('XXBTZUSD', 'XBT/USD') come out as the symbols everyone uses (BTC / USD).
    const pair = readPair(cell(record, c.pair), 'kraken');
    if (!pair) return { fail: `pair "${short(cell(record, c.pair))}" is not a pair Coinpace knows` };
    if ('fail' in pair) return pair;
    const { base, quote } = pair;
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
