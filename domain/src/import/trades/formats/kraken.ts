/** The Kraken trades export (see formats.ts for its header). */
import { readInstant, splitPair } from '../cells.ts';
import { find, cell, sideOf, amount, short, type TradeFormat } from './kit.ts';

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
