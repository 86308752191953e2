import { describe, expect, it } from 'vitest';
import { parseCsv, purchasePriceFor, resolveCsvColumns } from '../import/index.ts';
import {
  HOLDINGS_EXPORT_HEADER,
  costBalance,
  holdingsToCsv,
  transactionsToCsv,
  type ExportHolding,
} from './csv-export.ts';

const holdings: ExportHolding[] = [
  { name: 'Bitcoin', symbol: 'BTC', quantity: '0.5', purchasePrice: '30123.45', address: null },
  {
    name: 'Ethereum, "classic" wallet',
    symbol: 'ETH',
    quantity: '2.25',
    purchasePrice: '1999.99',
    address: null,
  },
  {
    name: 'Uniswap',
    symbol: 'UNI',
    quantity: '1234.567891',
    purchasePrice: '6.123456',
    address: '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
  },
  { name: 'Nothing left', symbol: 'SOL', quantity: '0', purchasePrice: '100', address: null },
  { name: 'No price', symbol: 'ADA', quantity: '10', purchasePrice: '0', address: null },
];

describe('holdingsToCsv', () => {
  it('writes the columns the holdings import reads, one row per held coin, quoting where needed', () => {
    const text = holdingsToCsv(holdings);
    expect(text.split('\r\n')).toEqual([
      'Name,Symbol,Quantity,Balance ($),Contract Address',
      'Bitcoin,BTC,0.5,15061.725,',
      '"Ethereum, ""classic"" wallet",ETH,2.25,4499.9775,',
      'Uniswap,UNI,1234.567891,7559.82215955,0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
      'No price,ADA,10,,',
      '',
    ]);
    const columns = resolveCsvColumns([...HOLDINGS_EXPORT_HEADER]);
    expect(columns).toEqual({ name: 0, symbol: 1, quantity: 2, value: 3, contract: 4 });
  });

  it('reads back through the holdings import to the same coins, quantities and purchase prices', () => {
    const { rows, errors, report } = parseCsv(holdingsToCsv(holdings));
    expect(errors).toEqual([]);
    expect(report.failed).toEqual([]);
    const back = rows.map((row) => ({
      symbol: row.symbol,
      name: row.name,
      quantity: row.quantity,
      price: purchasePriceFor(row, 0),
      address: row.contractAddress ?? null,
    }));
    // The balance is written to 8 decimals: UNI's purchase price comes back equal to 10 significant digits.
    expect(back[2]!.price).not.toBe(6.123456);
    expect(back[2]!.price.toPrecision(10)).toBe((6.123456).toPrecision(10));
    back[2]!.price = 6.123456;
    expect(back).toEqual([
      { symbol: 'BTC', name: 'Bitcoin', quantity: 0.5, price: 30123.45, address: null },
      { symbol: 'ETH', name: 'Ethereum, "classic" wallet', quantity: 2.25, price: 1999.99, address: null },
      {
        symbol: 'UNI',
        name: 'Uniswap',
        quantity: 1234.567891,
        price: 6.123456,
        address: '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
      },
      // No value: the import prices it at the market price (0 here, none given).
      { symbol: 'ADA', name: 'No price', quantity: 10, price: 0, address: null },
    ]);
  });

  it('keeps a spreadsheet from running a name as a formula', () => {
    const text = holdingsToCsv([
      { name: '=HYPERLINK("http://x")', symbol: 'BAD', quantity: '1', purchasePrice: '1', address: null },
    ]);
    expect(text.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"")",BAD,1,1,`);
  });

  it('writes quantities as held and money to 8 decimals (10 significant digits below a cent), not every computed decimal', () => {
    const text = holdingsToCsv([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        quantity: '0.123456789012345678',
        purchasePrice: '98765.432109876543210987',
        address: null,
      },
      {
        name: 'Pepe',
        symbol: 'PEPE',
        quantity: '1500000',
        purchasePrice: '0.000012345678912',
        address: null,
      },
      { name: 'Dust', symbol: 'ETH', quantity: '0.000000000123456789', purchasePrice: '3000', address: null },
    ]);
    expect(text.split('\r\n').slice(1, 4)).toEqual([
      'Bitcoin,BTC,0.123456789012345678,12193.2631137,',
      'Pepe,PEPE,1500000,18.51851837,',
      // A balance below a cent keeps 10 significant digits.
      'Dust,ETH,0.000000000123456789,0.000000370370367,',
    ]);
  });

  it('computes the cost exactly, beyond what a double holds', () => {
    expect(costBalance('0.123456789012345678', '98765.432109876543210987')).toBe(
      '12193.263113702179433607600962978931564186',
    );
    expect(costBalance('3', '0')).toBe('');
  });
});

describe('transactionsToCsv', () => {
  it('writes one row per transaction with its coin, type, time, price, fee, note and currency', () => {
    const text = transactionsToCsv([
      {
        type: 'buy',
        at: '2025-01-02T03:04:05.000Z',
        quantity: '1',
        pricePerCoin: '20000',
        fee: '5',
        currency: 'usd',
        note: 'first, "cheap"',
        name: 'Bitcoin',
        symbol: 'BTC',
        address: null,
      },
      {
        type: 'transfer_out',
        at: '2025-02-01T00:00:00.000Z',
        quantity: '0.25',
        pricePerCoin: '0',
        fee: '0',
        currency: 'eur',
        note: null,
        name: 'Bitcoin',
        symbol: 'BTC',
        address: null,
      },
    ]);
    expect(text.split('\r\n')).toEqual([
      'Date (UTC),Type,Name,Symbol,Quantity,Price per coin,Fee,Note,Contract Address,Currency',
      '2025-01-02T03:04:05.000Z,Buy,Bitcoin,BTC,1,20000,5,"first, ""cheap""",,usd',
      '2025-02-01T00:00:00.000Z,Transfer out,Bitcoin,BTC,0.25,0,0,,,eur',
      '',
    ]);
  });

  it('rounds long prices and fees, and keeps quantities as held', () => {
    const text = transactionsToCsv([
      {
        type: 'sell',
        at: '2025-03-01T00:00:00.000Z',
        quantity: '0.333333333333333333',
        pricePerCoin: '47514.10620998497447240505326',
        fee: '1.999999999',
        currency: 'usd',
        note: null,
        name: 'Bitcoin',
        symbol: 'BTC',
        address: null,
      },
    ]);
    expect(text.split('\r\n')[1]).toBe(
      '2025-03-01T00:00:00.000Z,Sell,Bitcoin,BTC,0.333333333333333333,47514.10620998,1.999999999,,,usd',
    );
  });
});
