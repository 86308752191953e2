import { describe, expect, it } from 'vitest';
import { parseTradeHistory } from './parse.ts';
import { listedPairs, readPair, splitPair, type PairSource } from './pairs.ts';
import binanceTable from './pairs/binance.json' with { type: 'json' };
import krakenTable from './pairs/kraken.json' with { type: 'json' };

const NOW = Date.parse('2026-01-01T00:00:00Z');
const KRAKEN_ASSETS: Record<string, string> = krakenTable.assets;

interface Listed {
  source: PairSource;
  symbol: string;
  /** Base and quote as the symbol writes them ('XBT', 'USD'). */
  codes: [string, string];
  /** Base and quote as symbols ('BTC', 'USD'). */
  pair: { base: string; quote: string };
}

/** Every pair as the JSON files write it, read here without the code under test. */
function published(): Listed[] {
  const out: Listed[] = [];
  const add = (source: PairSource, base: string, quote: string, assets: Record<string, string>) =>
    out.push({
      source,
      symbol: base + quote,
      codes: [base, quote],
      pair: { base: assets[base] ?? base, quote: assets[quote] ?? quote },
    });
  for (const [quote, list] of Object.entries(krakenTable.pairs)) {
    for (const base of list.split(' ')) add('kraken', base, quote, KRAKEN_ASSETS);
  }
  const byAltname = new Map(out.map((p) => [p.symbol, p]));
  for (const [key, altname] of Object.entries(krakenTable.keys as Record<string, string>)) {
    out.push({ ...byAltname.get(altname)!, symbol: key });
  }
  for (const [quote, list] of Object.entries(binanceTable.pairs)) {
    for (const base of list.split(' ')) add('binance', base, quote, {});
  }
  return out;
}

const PAIRS = published();
/** Every quote either table lists, as written and as a symbol, and Kraken's prefixed codes. */
const QUOTES = [
  ...new Set([
    ...Object.keys(krakenTable.pairs),
    ...Object.keys(krakenTable.pairs).map((q) => KRAKEN_ASSETS[q] ?? q),
    ...Object.keys(binanceTable.pairs),
    'ZUSD',
    'ZEUR',
    'XXBT',
    'XETH',
  ]),
];

/**
 * True when reading the pair by its ending could go wrong: a quote other than its own ends its name
 * ('DOTUSD' ends in TUSD) or is its name ('TUSD' is T in USD), or its base ends in or is a quote
 * ('USDTUSD', 'TUSDUSDT').
 */
function isTrap({ symbol, codes: [base, quote] }: Listed): boolean {
  return QUOTES.some((q) => (q !== quote && symbol.endsWith(q)) || base.endsWith(q));
}

describe('pairs as the exchanges publish them', () => {
  it('every pair whose ending could mislead splits to its listed coin and quote', () => {
    const traps = PAIRS.filter(isTrap);
    // The cases a longest-ending reader got wrong, and more of their kind.
    const symbols = new Set(traps.map((p) => `${p.source}:${p.symbol}`));
    for (const s of ['DOTUSD', 'ARBUSD', 'APTUSD', 'GRTUSD', 'BATUSD', 'FETUSD', 'QNTUSD', 'TUSD', 'USDTUSD'])
      expect(symbols).toContain(`kraken:${s}`);
    for (const s of ['DOTTUSD', 'BUSDUSDT', 'TUSDUSDT', 'USDTTRY', 'WBTCBTC', 'WBETHETH'])
      expect(symbols).toContain(`binance:${s}`);
    expect(traps.length).toBeGreaterThan(150);
    const wrong = traps
      .map((p) => ({ p, got: splitPair(p.symbol, p.source) }))
      .filter(({ p, got }) => got?.base !== p.pair.base || got.quote !== p.pair.quote)
      .map(({ p, got }) => `${p.source} ${p.symbol}: ${got ? `${got.base}/${got.quote}` : 'null'}`);
    expect(wrong).toEqual([]);
  });

  it('every listed pair splits to its listed coin and quote', () => {
    for (const p of PAIRS) expect(splitPair(p.symbol, p.source), `${p.source} ${p.symbol}`).toEqual(p.pair);
  });

  it('holds several hundred pairs per exchange, each name once', () => {
    expect(listedPairs('kraken').size).toBeGreaterThan(800);
    expect(listedPairs('binance').size).toBeGreaterThan(900);
    for (const source of ['kraken', 'binance'] as const) {
      const names = PAIRS.filter((p) => p.source === source).map((p) => p.symbol);
      expect(new Set(names).size, source).toBe(names.length);
    }
  });

  it("turns Kraken's asset codes into everyone's symbols", () => {
    expect(splitPair('XXBTZUSD', 'kraken')).toEqual({ base: 'BTC', quote: 'USD' });
    expect(splitPair('XETHZEUR', 'kraken')).toEqual({ base: 'ETH', quote: 'EUR' });
    expect(splitPair('XXDGXXBT', 'kraken')).toEqual({ base: 'DOGE', quote: 'BTC' });
    expect(splitPair('USDTZUSD', 'kraken')).toEqual({ base: 'USDT', quote: 'USD' });
    expect(splitPair('XBT/USD', 'kraken')).toEqual({ base: 'BTC', quote: 'USD' });
    expect(splitPair('TUSD', 'kraken')).toEqual({ base: 'T', quote: 'USD' });
  });
});

describe('pairs the tables do not list', () => {
  it('split at a separator, as written', () => {
    expect(splitPair('ETH-USD', 'bybit')).toEqual({ base: 'ETH', quote: 'USD' });
    expect(splitPair('BTC/USD', 'binance')).toEqual({ base: 'BTC', quote: 'USD' });
  });

  it('split where the base is a coin Coinpace knows', () => {
    // LEO is in the coin list; LEOT is nobody's coin.
    expect(readPair('LEOTUSD', 'bybit')).toEqual({ base: 'LEO', quote: 'TUSD' });
    expect(readPair('DOTTUSD', 'bybit')).toEqual({ base: 'DOT', quote: 'TUSD' });
  });

  it('split where only one quote currency fits', () => {
    expect(readPair('NEWCOINUSDT', 'bybit')).toEqual({ base: 'NEWCOIN', quote: 'USDT' });
    expect(readPair('NEWCOINUSD', 'kraken')).toEqual({ base: 'NEWCOIN', quote: 'USD' });
  });

  it('are refused with the ways they could be read when that stays ambiguous', () => {
    expect(readPair('FOOTUSD', 'kraken')).toEqual({
      fail: 'pair "FOOTUSD" could be FOO in TUSD or FOOT in USD: Coinpace cannot tell which',
    });
    expect(readPair('QQQ', 'binance')).toBeNull();
    expect(readPair('USDT', 'binance')).toBeNull();
    expect(readPair('  ', 'kraken')).toBeNull();
  });
});

describe('trade exports', () => {
  const header = 'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers';
  const row = (id: string, pair: string, price: string) =>
    `${id},O${id},${pair},2024-05-01 10:00:00.0000,buy,limit,${price},10,0.01,1,0.00000,,`;

  it('Kraken: coins whose pair ends like a stablecoin keep their trades, and no made-up coin appears', () => {
    const pairs: [string, string, string][] = [
      ['DOTUSD', 'DOT', '7.1'],
      ['ARBUSD', 'ARB', '1.1'],
      ['APTUSD', 'APT', '9.2'],
      ['GRTUSD', 'GRT', '0.3'],
      ['BATUSD', 'BAT', '0.25'],
      ['FETUSD', 'FET', '2.2'],
      ['QNTUSD', 'QNT', '110'],
      ['TUSD', 'T', '0.03'],
      ['USDTZUSD', 'USDT', '1.0001'],
      ['XXBTZUSD', 'BTC', '60000'],
    ];
    const text = [header, ...pairs.map(([pair, , price], i) => row(`T${i}`, pair, price))].join('\n');
    const result = parseTradeHistory(text, { now: NOW });
    expect(result.failed).toEqual([]);
    expect(result.trades.map((t) => [t.symbol, t.pricePerCoin])).toEqual(pairs.map(([, c, p]) => [c, p]));
    expect(result.trades.find((t) => t.symbol === 'DOT')!.coingeckoId).toBe('polkadot');
  });

  it('Kraken: an unlisted pair that reads two ways fails with why; the rows around it are kept', () => {
    const text = [
      header,
      row('A', 'DOTUSD', '7'),
      row('B', 'FOOTUSD', '1'),
      row('C', 'XETHZEUR', '3000'),
    ].join('\n');
    const result = parseTradeHistory(text, { now: NOW });
    expect(result.trades.map((t) => [t.symbol, t.currency])).toEqual([
      ['DOT', 'usd'],
      ['ETH', 'eur'],
    ]);
    expect(result.failed).toEqual([
      {
        row: 3,
        symbol: '',
        reason: 'pair "FOOTUSD" could be FOO in TUSD or FOOT in USD: Coinpace cannot tell which',
      },
    ]);
  });

  it('Binance: the older export splits DOTTUSD as DOT in TUSD', () => {
    const text =
      'Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin\n' +
      '2023-06-01 10:00:00,DOTTUSD,BUY,5.1,10,51,0,TUSD\n' +
      '2023-06-01 10:00:00,USDCUSDT,BUY,1.0001,100,100.01,0,USDT\n';
    const result = parseTradeHistory(text, { now: NOW });
    expect(result.failed).toEqual([]);
    expect(result.trades.map((t) => [t.symbol, t.quantity])).toEqual([
      ['DOT', '10'],
      ['USDC', '100'],
    ]);
  });

  it('Binance: a coin whose symbol starts with digits is read whole from the executed amount and fee', () => {
    const text =
      'Date(UTC),Pair,Side,Price,Executed,Amount,Fee\n' +
      '2024-03-01 10:00:00,1000SATSUSDT,BUY,0.0004,25000.000000001000SATS,10.00000000USDT,25.000000001000SATS\n' +
      '2024-03-01 11:00:00,1INCHUSDT,SELL,0.5,12.50000001INCH,6.25000000USDT,0.00625000USDT\n';
    const result = parseTradeHistory(text, { now: NOW });
    expect(result.failed).toEqual([]);
    expect(result.trades.map((t) => [t.symbol, t.quantity, t.fee, t.note])).toEqual([
      ['1000SATS', '24975', '0.01', null],
      ['1INCH', '12.5', '0.00625', null],
    ]);
  });
});
