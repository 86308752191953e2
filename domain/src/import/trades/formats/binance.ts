/** The Binance spot trade history (see formats.ts for its header). */
import { assetOf, assetStart, hasExponent, readDecimal, readInstant, upperCase } from '../cells.ts';
import { readPair } from '../pairs.ts';
import { find, cell, sideOf, amount, assetFrom, notANumber, short, type TradeFormat } from './kit.ts';

export const binance: TradeFormat = {
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
      // The current export: '0.00150000BTC', '64.06590000USDT', '0.00000150BTC'. The pair says which coin
      // it is when its symbol starts with digits ('100.000000001000SATS' is 100 of 1000SATS).
      const pair = readPair(cell(record, c.pair), 'binance');
      const listed = pair !== null && 'base' in pair ? pair : null;
      const executedText = cell(record, c.executed);
      // '1e30BTC' is no amount of a coin 'E30BTC': an exponent is refused before the asset is looked for.
      const exponent = hasExponent(executedText);
      const split = exponent ? -1 : assetSplit(executedText, listed?.base);
      const base = split > 0 ? upperCase(executedText.slice(split)) : (listed?.base ?? '');
      if (!kind) return { fail: `side "${short(cell(record, c.side))}" is not BUY or SELL`, symbol: base };
      if (exponent) return { fail: notANumber('executed amount', executedText), symbol: base };
      const quantity = split > 0 ? amount(executedText.slice(0, split), 'executed amount') : null;
      if (quantity === null)
        return { fail: `executed amount "${short(executedText)}" is not a coin amount`, symbol: base };
      if (typeof quantity !== 'string') return { fail: quantity.fail, symbol: base };
      const quote = assetOf(cell(record, c.amount)) || listed?.quote || '';
      if (!quote) {
        const why = pair !== null && 'fail' in pair ? pair.fail : null;
        return { fail: why ?? `no quote currency in "${short(cell(record, c.amount))}"`, symbol: base };
      }
      if (typeof price !== 'string') return { fail: price.fail, symbol: base };
      const feeText = cell(record, c.fee);
      if (hasExponent(feeText)) return { fail: notANumber('fee', feeText), symbol: base };
      const feeSplit = assetSplit(feeText, base);
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
    const pair = readPair(cell(record, c.market), 'binance');
    if (!pair) return { fail: `market "${short(cell(record, c.market))}" is not a pair Coinpace knows` };
    if ('fail' in pair) return pair;
    const base = pair.base;
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

/**
 * Where the asset starts in an amount written with it: at `coin` when the text ends with it and reading
 * from the first letter would give a shorter asset ('12.50000001INCH' of 1INCH is 12.5, not 12.50000001
 * of INCH), else at the first letter (see assetStart).
 */
function assetSplit(text: string, coin: string | undefined): number {
  const split = assetStart(text);
  if (coin === undefined || split <= 0 || text.length - split >= coin.length || text.length <= coin.length)
    return split;
  const at = text.length - coin.length;
  return upperCase(text.slice(at)) === coin ? at : split;
}
