/** Trades priced in other fiat currencies and in coins, as each exchange writes them. */
import { describe, expect, it } from 'vitest';
import { parseTradeHistory } from './parse.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const parse = (text: string) => parseTradeHistory(text, { now: NOW });
const seen = (text: string) =>
  parse(text).trades.map((t) => [t.kind, t.symbol, t.quantity, t.pricePerCoin, t.fee, t.currency]);

describe('trades in their own currency', () => {
  it('Binance: BTCEUR in euros, ETHGBP in pounds, a fee in the quote counted in it', () => {
    const text = [
      '"Date(UTC)","Pair","Side","Price","Executed","Amount","Fee"',
      '"2024-05-02 10:00:00","BTCEUR","BUY","58000.00","0.01000000BTC","580.00000000EUR","0.58000000EUR"',
      '"2024-05-03 10:00:00","ETHGBP","SELL","2500.00","0.20000000ETH","500.00000000GBP","0.50000000GBP"',
    ].join('\n');
    expect(seen(text)).toEqual([
      ['buy', 'BTC', '0.01', '58000', '0.58', 'eur'],
      ['sell', 'ETH', '0.2', '2500', '0.5', 'gbp'],
    ]);
  });

  it('Kraken: XXBTZEUR and XETHXXBT, the second with the bitcoin it brought in', () => {
    const header =
      '"txid","ordertxid","pair","time","type","ordertype","price","cost","fee","vol","margin","misc","ledgers"';
    const text = [
      header,
      '"T1AAAA-BBBBB-CCCCCC","O1","XXBTZEUR","2024-03-01 19:30:00.0000","buy","market","56020.00000","560.20000","1.45652","0.01000000","0.00000","",""',
      '"T2AAAA-BBBBB-CCCCCC","O2","XETHXXBT","2024-03-02 08:00:00.0000","sell","limit","0.05500","0.05500000","0.00010000","1.00000000","0.00000","",""',
    ].join('\n');
    const result = parse(text);
    expect(seen(text)).toEqual([
      ['buy', 'BTC', '0.01', '56020', '1.45652', 'eur'],
      ['sell', 'ETH', '1', '0.055', '0.0001', 'bitcoin'],
      // 0.055 BTC less the 0.0001 BTC fee came in, valued by bitcoin's own price that day.
      ['buy', 'BTC', '0.0549', '1', '0', 'bitcoin'],
    ]);
    expect(result.trades.map((t) => t.externalRef)).toEqual([
      'kraken:T1AAAA-BBBBB-CCCCCC',
      'kraken:T2AAAA-BBBBB-CCCCCC',
      'kraken:T2AAAA-BBBBB-CCCCCC:btc',
    ]);
  });

  it('Coinbase: rows priced in EUR are euros; a Convert in EUR is a sale and a buy in euros', () => {
    const text = [
      'ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes',
      '6601a1,2024-04-01 09:00:00 UTC,Buy,BTC,0.01,EUR,€64000.00,€640.00,€649.99,€9.99,Bought 0.01 BTC for €649.99 EUR',
      '6601a2,2024-04-02 09:00:00 UTC,Convert,BTC,-0.005,EUR,€64000.00,€320.00,€320.00,€0.00,Converted 0.005 BTC to 0.1 ETH',
    ].join('\n');
    const result = parse(text);
    expect(seen(text)).toEqual([
      ['buy', 'BTC', '0.01', '64000', '9.99', 'eur'],
      ['sell', 'BTC', '0.005', '64000', '0', 'eur'],
      ['buy', 'ETH', '0.1', '3200', '0', 'eur'],
    ]);
    expect(result.trades.map((t) => t.externalRef)).toEqual([
      'coinbase:6601a1',
      'coinbase:6601a2',
      'coinbase:6601a2:eth',
    ]);
  });

  it('refuses a fiat currency Coinpace keeps no rate of, and a Convert that does not say what it became', () => {
    const binance = parse(
      [
        '"Date(UTC)","Pair","Side","Price","Executed","Amount","Fee"',
        '"2024-05-02 10:00:00","BTCTRY","BUY","2000000.00","0.01000000BTC","20000.00000000TRY","0"',
      ].join('\n'),
    );
    expect(binance.failed[0]!.reason).toMatch(/^priced in TRY: only trades priced in US dollars/);
    const coinbase = parse(
      [
        'ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes',
        '6601a3,2024-04-02 09:00:00 UTC,Convert,BTC,-0.005,USD,$64000.00,$320.00,$320.00,$0.00,',
      ].join('\n'),
    );
    expect(coinbase.failed[0]!.reason).toBe('a Convert whose notes do not say what it became ("")');
  });
});
