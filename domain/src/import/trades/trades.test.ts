import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transactionsToCsv, type ExportTransaction } from '../../export/csv-export.ts';
import { EARLIEST_TRANSACTION } from '../../transactions/schemas.ts';
import { addDecimal, mulDecimal, readDecimal, readInstant, readTime } from './cells.ts';
import { splitPair } from './pairs.ts';
import { TRADE_FORMAT_UNKNOWN_MESSAGE, parseTradeHistory } from './parse.ts';
import { stableHash } from './row-hash.ts';
import { describeTradeImport, planTradeImport } from './plan.ts';
import type { ParsedTrade } from './types.ts';

const FIXTURES = new URL('../../../fixtures/trades/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const NOW = Date.parse('2026-01-01T00:00:00Z');
const parse = (text: string) => parseTradeHistory(text, { now: NOW });

/** The fields a user sees, without the row's reference. */
const view = (t: ParsedTrade) =>
  [t.row, t.kind, t.at, t.symbol, t.coingeckoId, t.quantity, t.pricePerCoin, t.fee, t.note].join(' | ');

describe('detection by header', () => {
  it.each([
    ['binance-spot-trade-history.csv', 'binance'],
    ['coinbase-transaction-history.csv', 'coinbase'],
    ['kraken-trades.csv', 'kraken'],
    ['bybit-spot-trade-history.csv', 'bybit'],
  ])('%s is %s', (file, exchange) => {
    expect(parse(fixture(file)).exchange).toBe(exchange);
  });

  it('knows the older Binance export (Market, Type, Fee Coin) and a spreadsheet BOM', () => {
    const text =
      '\ufeffDate(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin\n' +
      '2021-05-03 10:00:01,DOGEUSDT,BUY,0.41,1000,410,1,DOGE\n';
    const result = parse(text);
    expect(result.exchange).toBe('binance');
    expect(result.trades.map(view)).toEqual([
      '2 | buy | 2021-05-03T10:00:01.000Z | DOGE | dogecoin | 999 | 0.41 | 0.41 | ',
    ]);
  });

  it('finds no format in a holdings CSV or random text, and reads nothing', () => {
    for (const text of ['Name,Symbol,Quantity,Balance ($)\nBitcoin,BTC,1,50000\n', 'hello', '', '\n\n']) {
      expect(parse(text)).toEqual({ exchange: null, read: 0, trades: [], skipped: [], failed: [] });
    }
    expect(TRADE_FORMAT_UNKNOWN_MESSAGE).toMatch(/Binance, Coinbase, Kraken or Bybit/);
  });
});

describe('parsing the sample exports', () => {
  it('Binance: amounts with their asset, a fee in the coin taken off the quantity, a BNB fee noted', () => {
    const result = parse(fixture('binance-spot-trade-history.csv'));
    expect(result.read).toBe(7);
    expect(result.trades.map(view)).toEqual([
      '2 | sell | 2024-03-14T16:02:47.000Z | BTC | bitcoin | 0.005 | 71250.01 | 0.35625005 | ',
      // ETHBTC: the ETH bought is priced in bitcoin, and the bitcoin paid is a sale of its own.
      '3 | buy | 2024-03-04T09:15:22.000Z | ETH | ethereum | 0.0999 | 0.05512 | 0.000005512 | ',
      '3 | sell | 2024-03-04T09:15:22.000Z | BTC | bitcoin | 0.005512 | 1 | 0 | Paid for 0.0999 ETH',
      '4 | buy | 2024-02-20T11:41:09.000Z | ETH | ethereum | 0.4995 | 2950.5 | 1.47525 | ',
      '5 | buy | 2024-02-20T11:41:09.000Z | ETH | ethereum | 0.4995 | 2950.5 | 1.47525 | ',
      '6 | buy | 2024-02-12T08:30:12.000Z | SOL | solana | 12 | 108.24 | 0 | Fee of 0.0009421 BNB not counted',
      '7 | buy | 2024-01-15T08:30:12.000Z | BTC | bitcoin | 0.014985 | 42710 | 0.64065 | ',
      '8 | buy | 2024-01-09T21:07:55.000Z | BTC | bitcoin | 0.00999 | 46100.5 | 0.461005 | ',
    ]);
    expect(result.failed).toEqual([]);
    expect(result.trades.map((t) => t.currency)).toEqual([
      'usd',
      'bitcoin',
      'bitcoin',
      'usd',
      'usd',
      'usd',
      'usd',
      'usd',
    ]);
    // No ids in a Binance export: a hash of the row, and which of identical rows it is.
    const refs = result.trades.map((t) => t.externalRef);
    expect(refs[2]).toBe(`${refs[1]}:btc`);
    expect(refs[3]).toMatch(/^binance:#[0-9a-f]{16}-1$/);
    expect(refs[4]).toBe(refs[3]!.replace(/-1$/, '-2'));
    expect(new Set(refs).size).toBe(refs.length);
    // The same file gives the same references every time.
    expect(parse(fixture('binance-spot-trade-history.csv')).trades.map((t) => t.externalRef)).toEqual(refs);
  });

  it('Coinbase: preamble skipped, sends are transfers, rewards income, cash skipped, a Convert a sale and a buy', () => {
    const result = parse(fixture('coinbase-transaction-history.csv'));
    expect(result.read).toBe(8);
    expect(result.trades.map(view)).toEqual([
      '8 | buy | 2024-01-03T14:25:41.000Z | BTC | bitcoin | 0.0125 | 44210.37 | 7.96 | Bought 0.0125 BTC for $560.59 USD',
      '9 | buy | 2024-01-18T09:03:17.000Z | ETH | ethereum | 0.25 | 2512.8 | 2.51 | Bought 0.25 ETH for 628.20 USD on ETH-USD at 2512.80 USD/ETH',
      '10 | income | 2024-02-01T00:00:00.000Z | ETH | ethereum | 0.00041 | 2290.11 | 0 | Staking income',
      '11 | sell | 2024-02-14T18:47:30.000Z | BTC | bitcoin | 0.005 | 51880 | 3.88 | Sold 0.005 BTC for $255.52 USD',
      '12 | transfer_out | 2024-03-02T10:11:12.000Z | ETH | ethereum | 0.1 | 3421.19 | 0 | Sent 0.1 ETH to 0x7a16ff8270133f063aab6c9977183d9e72835428',
      // The BTC received costs what the ETH brought in: 0.05 x 3,902.44 - 1.50 = 193.622 dollars.
      '13 | sell | 2024-03-10T12:00:00.000Z | ETH | ethereum | 0.05 | 3902.44 | 1.5 | Converted 0.05 ETH to 0.002706 BTC',
      '13 | buy | 2024-03-10T12:00:00.000Z | BTC | bitcoin | 0.002706 | 71552.845528455284552846 | 0 | Converted from 0.05 ETH',
      '14 | transfer_in | 2024-04-02T16:20:00.000Z | SOL | solana | 3.5 | 182.4 | 0 | Received 3.5 SOL from an external account',
    ]);
    expect(result.trades[0]!.externalRef).toBe('coinbase:65a1f0c2e4b0a1d2c3e4f502');
    expect(result.skipped).toEqual([{ row: 7, symbol: '', reason: 'Deposit of USD cash, not a coin' }]);
    expect(result.failed).toEqual([]);
    expect(result.trades[6]!.externalRef).toBe('coinbase:65a1f0c2e4b0a1d2c3e4f507:btc');
  });

  it('Coinbase: the older report without ids gets a hash reference', () => {
    const text =
      'Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n' +
      '2021-04-01T12:00:00Z,Buy,LTC,2,USD,200.00,400.00,405.00,5.00,Bought 2 LTC\n';
    const [trade] = parse(text).trades;
    expect(view(trade!)).toBe(
      '2 | buy | 2021-04-01T12:00:00.000Z | LTC | litecoin | 2 | 200 | 5 | Bought 2 LTC',
    );
    expect(trade!.externalRef).toMatch(/^coinbase:#[0-9a-f]{16}-1$/);
  });

  it('Kraken: its asset codes, the txid as reference, a EUR pair in euros', () => {
    const result = parse(fixture('kraken-trades.csv'));
    expect(result.trades.map(view)).toEqual([
      '2 | buy | 2024-01-22T10:14:51.834Z | BTC | bitcoin | 0.02 | 39850.1 | 2.0722 | ',
      '3 | buy | 2024-02-05T13:40:02.100Z | ETH | ethereum | 0.5 | 2305.61 | 2.99729 | ',
      '4 | buy | 2024-02-19T07:05:40.551Z | SOL | solana | 5 | 110.25 | 1.43325 | ',
      '5 | buy | 2024-03-01T19:30:00.000Z | BTC | bitcoin | 0.01 | 56020 | 1.45652 | ',
      '6 | sell | 2024-03-11T15:55:13.228Z | BTC | bitcoin | 0.01 | 72100 | 1.8746 | ',
      '7 | sell | 2024-03-11T15:55:13.228Z | BTC | bitcoin | 0.01 | 72100 | 1.8746 | ',
      '8 | sell | 2024-04-03T08:00:01.000Z | ADA | cardano | 100 | 0.62 | 0.1612 | ',
    ]);
    expect(result.trades[0]!.externalRef).toBe('kraken:TQ3ZQ2-ABCDE-FGHIJK');
    expect(result.failed).toEqual([]);
    expect(result.trades[3]!.currency).toBe('eur');
  });

  it('Bybit: time before date, a buy’s fee in the coin, a sale’s in the quote', () => {
    const result = parse(fixture('bybit-spot-trade-history.csv'));
    expect(result.trades.map(view)).toEqual([
      '2 | sell | 2024-11-16T14:35:00.000Z | ICP | internet-computer | 5.36 | 9.3234 | 0.049973424 | ',
      '3 | buy | 2024-11-12T09:12:00.000Z | ICP | internet-computer | 9.99 | 8.0203 | 0.080203 | ',
      '4 | buy | 2024-11-10T22:48:00.000Z | BTC | bitcoin | 0.01998 | 86197.5 | 1.72395 | ',
      '5 | buy | 2024-11-08T06:01:00.000Z | XRP | ripple | 99.9 | 0.5582 | 0.05582 | ',
      '6 | buy | 2024-11-07T05:00:00.000Z | ETH | ethereum | 0.0999 | 0.038 | 0.0000038 | ',
      '6 | sell | 2024-11-07T05:00:00.000Z | BTC | bitcoin | 0.0038 | 1 | 0 | Paid for 0.0999 ETH',
    ]);
    expect(result.trades[0]!.externalRef).toBe('bybit:2200000000355489633');
    expect(result.failed).toEqual([]);
  });
});

describe('failures per row', () => {
  const kraken = (row: string) =>
    parse(`txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers\n${row}\n`);

  it.each([
    ['T1,O1,XXBTZUSD,2024-01-01 00:00:00,buy,limit,abc,1,0,1,0,,', 'BTC', 'price "abc" is not a number'],
    ['T1,O1,XXBTZUSD,2024-01-01 00:00:00,swap,limit,1,1,0,1,0,,', 'BTC', 'type "swap" is not buy or sell'],
    ['T1,O1,XXBTZUSD,2024-01-01 00:00:00,buy,limit,1,1,0,,0,,', 'BTC', 'vol is missing'],
    ['T1,O1,XXBTZUSD,2024-01-01 00:00:00,buy,limit,1,1,0,-2,0,,', 'BTC', 'vol must not be negative'],
    ['T1,O1,XXBTZUSD,2024-01-01 00:00:00,buy,limit,1,1,0,0,0,,', 'BTC', 'the quantity must be above 0'],
    ['T1,O1,XXBTZUSD,yesterday,buy,limit,1,1,0,1,0,,', 'BTC', 'the date is missing or not a date'],
    ['T1,O1,XXBTZUSD,2024-02-30 00:00:00,buy,limit,1,1,0,1,0,,', 'BTC', 'the date is missing or not a date'],
    ['T1,O1,XXBTZUSD,2008-12-31 00:00:00,buy,limit,1,1,0,1,0,,', 'BTC', 'the date must be in 2009 or later'],
    ['T1,O1,XXBTZUSD,2030-01-01 00:00:00,buy,limit,1,1,0,1,0,,', 'BTC', 'the date must not be in the future'],
    ['T1,O1,???,2024-01-01 00:00:00,buy,limit,1,1,0,1,0,,', '', 'pair "???" is not a pair Coinpace knows'],
    [
      'T1,O1,XXBTZUSD,2024-01-01 00:00:00,buy,limit,20000000,1,0,1,0,,',
      'BTC',
      'the price must be at most 10000000',
    ],
  ])('%s fails: %s', (row, symbol, reason) => {
    const result = kraken(row);
    expect(result.trades).toEqual([]);
    expect(result.failed).toEqual([{ row: 2, symbol, reason }]);
    expect(result.read).toBe(1);
  });

  it('a bad row fails alone; the rows around it are read', () => {
    const result = kraken(
      'T1,O1,XXBTZUSD,2024-01-01 00:00:00,buy,limit,40000,40000,1,1,0,,\n' +
        'T2,O2,XXBTZUSD,not a time,buy,limit,40000,40000,1,1,0,,\n\n' +
        'T3,O3,XETHZUSD,2024-01-02 00:00:00,buy,limit,2000,2000,1,1,0,,',
    );
    expect(result.trades.map((t) => t.row)).toEqual([2, 5]);
    expect(result.failed.map((f) => f.row)).toEqual([3]);
    expect(result.read).toBe(3);
  });

  it('reads a file longer than one papaparse chunk without losing or splitting a row', () => {
    const lines = Array.from(
      { length: 6000 },
      (_, i) =>
        `T${i},O${i},XXBTZUSD,2024-01-01 00:00:${String(i % 60).padStart(2, '0')},buy,limit,40000.5,${i},1.25,0.${i + 1},0,"a, quoted
note",L${i}`,
    );
    const text = `txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers\n${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(2 * 256 * 1024);
    const result = parse(text);
    expect(result.read).toBe(6000);
    expect(result.failed).toEqual([]);
    // Each record spans two lines (the quoted note): row numbers count records, the header being row 1.
    expect(result.trades.map((t) => t.row)).toEqual(Array.from({ length: 6000 }, (_, i) => i + 2));
    expect(result.trades.map((t) => t.externalRef)).toEqual(lines.map((_, i) => `kraken:T${i}`));
    expect(result.trades[5999]!.quantity).toBe('0.6');
  });

  it('every row is accounted for: read = trades + skipped + failed (fixed seed)', () => {
    const line = fc
      .tuple(
        fc.constantFrom('BTCUSDT', 'ETHBTC', 'SOLUSDC', '', 'X'),
        fc.constantFrom('BUY', 'SELL', 'HOLD'),
        fc.constantFrom('100', '-1', 'abc', '', '1e3'),
        fc.constantFrom('0.5BTC', '2ETH', '', 'x'),
        fc.constantFrom('2024-01-01 00:00:00', '2031-01-01 00:00:00', 'bad'),
      )
      .map(
        ([pair, side, price, executed, date]) =>
          `${date},${pair},${side},${price},${executed},50USDT,0.1USDT`,
      );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const result = parse(['Date(UTC),Pair,Side,Price,Executed,Amount,Fee', ...lines].join('\n'));
        expect(result.read).toBe(lines.length);
        expect(result.trades.length + result.skipped.length + result.failed.length).toBe(lines.length);
      }),
      { seed: 18_003, numRuns: 200 },
    );
  });
});

describe('amounts that are not plain numbers', () => {
  const EXPONENT = 'is written with an exponent; use the plain number from the original export';
  const binance = (executed: string, fee = '0.1USDT') =>
    parse(
      `Date(UTC),Pair,Side,Price,Executed,Amount,Fee\n2024-01-01 00:00:00,BTCUSDT,BUY,40000,${executed},50USDT,${fee}\n`,
    );
  const kraken = (price: string, vol: string) =>
    parse(
      'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers\n' +
        `T1,O1,XXBTZUSD,2024-01-01 00:00:00,buy,limit,"${price}",1,0,"${vol}",0,,\n`,
    );

  it.each([
    ['Binance executed 1e30BTC', () => binance('1e30BTC'), `executed amount "1e30BTC" ${EXPONENT}`],
    ['Binance executed 1.5E-05BTC', () => binance('1.5E-05BTC'), `executed amount "1.5E-05BTC" ${EXPONENT}`],
    ['Binance fee 1e-5BNB', () => binance('0.5BTC', '1e-5BNB'), `fee "1e-5BNB" ${EXPONENT}`],
    ['Kraken vol 1e30', () => kraken('40000', '1e30'), `vol "1e30" ${EXPONENT}`],
    ['Kraken price 4E+4', () => kraken('4E+4', '1'), `price "4E+4" ${EXPONENT}`],
    ['Kraken price 40.000,5', () => kraken('40.000,5', '1'), 'price "40.000,5" is not a number'],
  ])('%s fails with its reason', (_name, run, reason) => {
    const result = run();
    expect(result.trades).toEqual([]);
    expect(result.failed).toEqual([{ row: 2, symbol: 'BTC', reason }]);
  });

  it('Coinbase quantity 2e3 fails with its reason', () => {
    const result = parse(
      'Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n' +
        '2021-04-01T12:00:00Z,Buy,LTC,2e3,USD,200.00,400.00,405.00,5.00,\n',
    );
    expect(result.failed).toEqual([{ row: 2, symbol: 'LTC', reason: `quantity "2e3" ${EXPONENT}` }]);
  });

  it('an asset that starts with E after the amount is still read: 100EOS is 100 of EOS', () => {
    const result = parse(
      'Date(UTC),Pair,Side,Price,Executed,Amount,Fee\n2024-01-01 00:00:00,EOSUSDT,BUY,0.5,100EOS,50USDT,0.1USDT\n',
    );
    expect(result.failed).toEqual([]);
    expect(result.trades.map((t) => [t.symbol, t.quantity])).toEqual([['EOS', '100']]);
  });
});

describe('line endings', () => {
  it.each([
    'binance-spot-trade-history.csv',
    'coinbase-transaction-history.csv',
    'kraken-trades.csv',
    'bybit-spot-trade-history.csv',
  ])('%s reads the same with \\n (given to papaparse) and \\r\\n (papaparse guesses)', (file) => {
    const text = fixture(file).replace(/\r\n/g, '\n');
    const lf = parse(text);
    expect(lf.trades.length).toBeGreaterThan(0);
    expect(parse(text.replace(/\n/g, '\r\n'))).toEqual(lf);
  });
});

describe('blanks around cells', () => {
  it('are dropped whatever whitespace they are, as String#trim drops them (fixed seed)', () => {
    const lines = fixture('binance-spot-trade-history.csv').replace(/"/g, '').trim().split(/\r?\n/);
    const plain = parse(lines.join('\n')).trades.map(view);
    const blank = fc.string({ unit: fc.constantFrom(' ', '\t', '\u00a0', '\u2003', '\ufeff'), maxLength: 2 });
    const padded = fc.array(fc.tuple(blank, blank), {
      minLength: 7 * lines.length,
      maxLength: 7 * lines.length,
    });
    fc.assert(
      fc.property(padded, (pads) => {
        let k = 0;
        const text = lines
          .map((line) =>
            line
              .split(',')
              .map((c) => {
                const [before, after] = pads[k++]!;
                return `${before}${c}${after}`;
              })
              .join(','),
          )
          .join('\n');
        expect(parse(text).trades.map(view)).toEqual(plain);
      }),
      { seed: 18_003, numRuns: 200 },
    );
  });
});

describe('planning an import', () => {
  it('groups by coin in history order and sets duplicates aside (imported before, or twice in the file)', () => {
    const { trades } = parse(fixture('kraken-trades.csv'));
    const plan = planTradeImport(trades, new Set(['kraken:TL4XJK-PQRST-UVWXYZ']));
    expect(plan.groups.map((g) => [g.symbol, g.coingeckoId, g.trades.map((t) => t.row)])).toEqual([
      ['BTC', 'bitcoin', [2, 5, 6]],
      ['SOL', 'solana', [4]],
      ['ADA', 'cardano', [8]],
    ]);
    expect(plan.duplicates).toEqual([
      { row: 3, symbol: 'ETH', reason: 'already imported' },
      { row: 7, symbol: 'BTC', reason: 'the same trade as row 6' },
    ]);
  });

  it('puts trades of one time in file order whichever way the export is sorted', () => {
    const header = 'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers';
    const line = (id: string, time: string) =>
      `${id},O,XXBTZUSD,2024-01-0${time} 00:00:00,buy,limit,1,1,0,1,0,,`;
    const orders = [
      [line('A', '3'), line('B', '2'), line('C', '2'), line('D', '1')],
      [line('D', '1'), line('B', '2'), line('C', '2'), line('A', '3')],
      [line('B', '2'), line('D', '1'), line('A', '3'), line('C', '2')],
    ];
    for (const lines of orders) {
      const { trades } = parse([header, ...lines].join('\n'));
      const [btc] = planTradeImport(trades).groups;
      expect(btc!.trades.map((t) => t.externalRef.slice(7))).toEqual(['D', 'B', 'C', 'A']);
    }
  });

  it('sorts a newest-first export oldest first', () => {
    const { trades } = parse(fixture('binance-spot-trade-history.csv'));
    const btc = planTradeImport(trades).groups.find((g) => g.symbol === 'BTC')!;
    // Row 3 (ETHBTC) paid bitcoin: a sale of BTC in its own right.
    expect(btc.trades.map((t) => t.row)).toEqual([8, 7, 3, 2]);
  });

  it('describes the outcome as the holdings import does: counts, then the first three failures', () => {
    const text = describeTradeImport({
      exchange: 'kraken',
      read: 9,
      added: 3,
      duplicates: 1,
      skipped: 0,
      failed: 5,
      createdHoldings: ['BTC', 'SOL'],
      failures: [1, 2, 3, 4, 5].map((row) => ({ row, symbol: 'BTC', reason: 'bad' })),
      skippedRows: [],
    });
    expect(text.headline).toBe(
      'Kraken trade history: 3 added, 1 skipped as already imported, 5 failed (9 rows read). New holdings: BTC, SOL.',
    );
    expect(text.details).toEqual(['Row 1, BTC: bad', 'Row 2, BTC: bad', 'Row 3, BTC: bad', '...and 2 more']);
  });
});

describe('cells', () => {
  it('reads amounts exactly', () => {
    expect(readDecimal('$1,234.50')).toEqual({ negative: false, value: '1234.5' });
    expect(readDecimal('-0.00150000')).toEqual({ negative: true, value: '0.0015' });
    expect(readDecimal('1,234,567.5')).toEqual({ negative: false, value: '1234567.5' });
    expect(readDecimal('-$12.50')).toEqual({ negative: true, value: '12.5' });
    expect(readDecimal('0.1234567890123456789')).toEqual({ negative: false, value: '0.123456789012345678' });
    for (const bad of ['', 'abc', '1.2.3', '0x10', '.', 'Infinity']) expect(readDecimal(bad)).toBeNull();
    // Not plain numbers: exponents (a spreadsheet's rewrite) and commas that do not group thousands.
    for (const bad of ['1e30', '1.5E-05', '2e3', '-2E+3', '1.234,5', '1,2', '12,34.5', '1,234,56'])
      expect(readDecimal(bad), bad).toBeNull();
  });

  it('reads the times the exports write, as UTC', () => {
    const t = Date.parse('2024-11-16T14:35:00Z');
    expect(readTime('2024-11-16 14:35:00')).toBe(t);
    expect(readTime('14:35 2024-11-16')).toBe(t);
    expect(readTime('2024-11-16T14:35:00Z')).toBe(t);
    expect(readTime('2024-11-16 14:35:00 UTC')).toBe(t);
    expect(readTime('2024-11-16T16:35:00+02:00')).toBe(t);
    expect(readTime('2024-11-16 14:35:00.0001')).toBe(t);
    expect(readTime(String(t / 1000))).toBe(t);
    expect(readTime('16/11/2024')).toBeNaN();
    expect(Date.parse(EARLIEST_TRANSACTION)).toBe(Date.parse('2009-01-03T00:00:00.000Z'));
  });

  it('multiplies, adds and subtracts decimals exactly, in doubles or past them in BigInt', () => {
    expect(mulDecimal('0.0005', '2950.5')).toBe('1.47525');
    expect(mulDecimal('3', '0')).toBe('0');
    expect(mulDecimal('123456789012345.6', '98765.4321')).toBe('12193263112482845418.53376');
    expect(mulDecimal('0.123456789012345678', '0.5')).toBe('0.061728394506172839');
    expect(addDecimal('0.5', '0.0005', -1)).toBe('0.4995');
    expect(addDecimal('0.1', '0.2', 1)).toBe('0.3');
    expect(addDecimal('1', '1', -1)).toBe('0');
    expect(addDecimal('1', '1.000000000000000001', -1)).toBeNull();
    expect(addDecimal('999999999999999999', '1', 1)).toBe('1000000000000000000');
    expect(addDecimal('0.000000000000000001', '12345678901234567', 1)).toBe(
      '12345678901234567.000000000000000001',
    );
  });

  it('reads instants by position, refusing days a month does not have', () => {
    expect(readInstant('2024-02-29 23:59:59')).toBe('2024-02-29T23:59:59.000Z');
    expect(readInstant('2023-02-29 00:00:00')).toBeNull();
    expect(readInstant('2024-13-01 00:00:00')).toBeNull();
    expect(readInstant('2024-01-01 24:00:00')).toBeNull();
    expect(readInstant('14:35 2024-11-16')).toBe('2024-11-16T14:35:00.000Z');
    expect(readInstant('nope')).toBeNull();
  });

  it('splits pairs', () => {
    expect(splitPair('BTCUSDT', 'binance')).toEqual({ base: 'BTC', quote: 'USDT' });
    expect(splitPair('XXBTZUSD', 'kraken')).toEqual({ base: 'BTC', quote: 'USD' });
    expect(splitPair('ETH-USD', 'bybit')).toEqual({ base: 'ETH', quote: 'USD' });
    expect(splitPair('BTC/USD', 'bybit')).toEqual({ base: 'BTC', quote: 'USD' });
    expect(splitPair('USDT', 'binance')).toBeNull();
  });

  it('hashes stably', () => {
    expect(stableHash('abc')).toBe(stableHash('abc'));
    expect(stableHash('abc')).not.toBe(stableHash('abd'));
    expect(stableHash('')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("Coinpace's own transactions export", () => {
  const exported: ExportTransaction[] = [
    {
      type: 'buy',
      at: '2025-01-02T03:04:05.000Z',
      quantity: '1.5',
      pricePerCoin: '20000',
      fee: '5',
      currency: 'usd',
      note: 'first, "cheap"',
      name: 'Bitcoin',
      symbol: 'BTC',
      address: null,
    },
    {
      type: 'sell',
      at: '2025-02-01T00:00:00.000Z',
      quantity: '0.25',
      pricePerCoin: '30000.5',
      fee: '0',
      currency: 'usd',
      note: '=cmd',
      name: 'Bitcoin',
      symbol: 'BTC',
      address: null,
    },
    {
      type: 'transfer_out',
      at: '2025-02-02T00:00:00.000Z',
      quantity: '0.25',
      pricePerCoin: '0',
      fee: '0',
      currency: 'usd',
      note: null,
      name: 'Bitcoin',
      symbol: 'BTC',
      address: null,
    },
    {
      type: 'income',
      at: '2025-02-03T00:00:00.000Z',
      quantity: '0.001',
      pricePerCoin: '31000',
      fee: '0',
      currency: 'usd',
      note: 'Staking income',
      name: 'Bitcoin',
      symbol: 'BTC',
      address: null,
    },
    {
      type: 'adjust',
      at: '2025-03-01T12:00:00.000Z',
      quantity: '0',
      pricePerCoin: '0.998877',
      fee: '0',
      currency: 'usd',
      note: 'Edited in the portfolio table',
      name: 'USD Coin',
      symbol: 'USDC',
      address: null,
    },
  ];

  it('reads back every transaction as it was: kind, time, quantity, price, fee, note and coin name', () => {
    const parsed = parse(transactionsToCsv(exported));
    expect(parsed.exchange).toBe('coinpace');
    expect(parsed.failed).toEqual([]);
    expect(
      parsed.trades.map((t) => ({
        type: t.kind,
        at: t.at,
        quantity: t.quantity,
        pricePerCoin: t.pricePerCoin,
        fee: t.fee,
        currency: t.currency,
        note: t.note,
        name: t.name,
        symbol: t.symbol,
      })),
    ).toEqual(exported.map(({ address: _address, ...t }) => t));
    expect(parsed.trades[0]!.coingeckoId).toBe('bitcoin');
  });

  it('skips the rows of an export imported before, and fails a type it does not know', () => {
    const text = transactionsToCsv(exported);
    const first = parse(text);
    const again = planTradeImport(parse(text).trades, new Set(first.trades.map((t) => t.externalRef)));
    expect(again.groups).toEqual([]);
    expect(again.duplicates).toHaveLength(exported.length);

    const odd = parse(text.replace(',Transfer out,', ',Airdrop,'));
    expect(odd.failed).toEqual([
      {
        row: 4,
        symbol: 'BTC',
        reason: 'type "Airdrop" is not Buy, Sell, Transfer in, Transfer out or Adjustment',
      },
    ]);
  });

  it('keeps each row in its own currency: euros stay euros, and a coin-priced trade adds no other side', () => {
    const mixed: ExportTransaction[] = [
      { ...exported[0]!, currency: 'eur', pricePerCoin: '18000' },
      { ...exported[0]!, symbol: 'ETH', name: 'Ethereum', currency: 'bitcoin', pricePerCoin: '0.05' },
      { ...exported[1]!, at: '2025-01-02T03:04:05.000Z', note: 'Paid for 1.5 ETH', quantity: '0.075' },
    ];
    const parsed = parse(transactionsToCsv(mixed));
    expect(parsed.failed).toEqual([]);
    expect(parsed.trades.map((t) => [t.symbol, t.kind, t.pricePerCoin, t.currency])).toEqual([
      ['BTC', 'buy', '18000', 'eur'],
      ['ETH', 'buy', '0.05', 'bitcoin'],
      ['BTC', 'sell', '30000.5', 'usd'],
    ]);
  });

  it('fails a row in a currency it cannot value, with the currency named', () => {
    const text = transactionsToCsv([{ ...exported[0]!, currency: 'lira' }]);
    expect(parse(text).failed).toEqual([
      {
        row: 2,
        symbol: 'BTC',
        reason: 'currency "lira" is neither a display currency nor a coin Coinpace knows',
      },
    ]);
  });

  it('skips the dollar rows of an older export, written before the Currency column, when a newer one comes', () => {
    const newer = transactionsToCsv(exported);
    const [header, ...rows] = newer.split('\r\n');
    const older = [
      header!.replace('Price per coin,Fee,', 'Price per coin ($),Fee ($),').replace(/,Currency$/, ''),
      ...rows.map((row) => row.replace(/,usd$/, '')),
    ].join('\r\n');
    const first = parse(older);
    expect(first.failed).toEqual([]);
    const again = planTradeImport(parse(newer).trades, new Set(first.trades.map((t) => t.externalRef)));
    expect(again.groups).toEqual([]);
    expect(again.duplicates).toHaveLength(exported.length);
  });
});
