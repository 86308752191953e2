import { describe, expect, it } from 'vitest';
import { CSV_MISSING_HEADER_MESSAGE, parseCsv } from './csv.ts';
import { CSV_HEADER_ALIASES, resolveCsvColumns } from './csv-columns.ts';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const cases = (alias: string) => [alias, capitalise(alias), alias.toUpperCase()];

// Alias spellings as they appear in headers (the table holds their normalised forms).
const SPELLED: Record<string, string> = {
  contractaddress: 'contractAddress',
  marketvalue: 'marketValue',
  currentvalue: 'currentValue',
};
const spell = (alias: string) => SPELLED[alias] ?? alias;

describe('parseCsv header aliases', () => {
  describe.each(CSV_HEADER_ALIASES.symbol.flatMap(cases))('symbol column %s', (header) => {
    it('reads the symbol, upper-cased', () => {
      const { rows, errors } = parseCsv(`${header},quantity\nbtc,1.5\n`);
      expect(errors).toEqual([]);
      expect(rows).toEqual([{ symbol: 'BTC', quantity: 1.5 }]);
    });
  });

  describe.each(CSV_HEADER_ALIASES.name.flatMap(cases))('name column %s', (header) => {
    it('reads the name', () => {
      expect(parseCsv(`symbol,quantity,${header}\nETH,2, Ethereum \n`).rows).toEqual([
        { symbol: 'ETH', quantity: 2, name: 'Ethereum' },
      ]);
    });
  });

  describe.each(CSV_HEADER_ALIASES.quantity.flatMap(cases))('quantity column %s', (header) => {
    it('reads the quantity', () => {
      expect(parseCsv(`symbol,${header}\nSOL,"1,250.5"\n`).rows).toEqual([
        { symbol: 'SOL', quantity: 1250.5 },
      ]);
    });
  });

  describe.each(CSV_HEADER_ALIASES.contract.map(spell).flatMap(cases))('contract column %s', (header) => {
    it('reads a usable address, lower-cased', () => {
      const address = '0xA0b86991c6218b36c1D19D4a2e9Eb0cE3606eB48';
      expect(parseCsv(`symbol,quantity,${header}\nUSDC,10,${address}\n`).rows).toEqual([
        { symbol: 'USDC', quantity: 10, contractAddress: address.toLowerCase() },
      ]);
    });
  });

  describe.each(CSV_HEADER_ALIASES.value.map(spell).flatMap(cases))('value column %s', (header) => {
    it('reads the value beside a quantity column', () => {
      expect(parseCsv(`symbol,quantity,${header}\nBTC,0.5,"$48,500.25"\n`).rows).toEqual([
        { symbol: 'BTC', quantity: 0.5, value: 48500.25 },
      ]);
    });
  });

  it.each([
    ['Balance ($)', 'value'],
    ['Market Value', 'value'],
    ['current_value', 'value'],
    ['Value (USD)', 'value'],
    ['worth usd', 'value'],
    ['Contract Address', 'contract'],
    ['contract-address', 'contract'],
    ['  Symbol  ', 'symbol'],
    ['Quantity [coins]', 'quantity'],
  ])('tolerates blanks, brackets and separators: %s', (header, field) => {
    const columns = resolveCsvColumns(['x', header, 'quantity', 'symbol']);
    expect(columns[field as keyof typeof columns]).toBe(1);
  });
});

describe('parseCsv balance precedence', () => {
  it('reads the template header Balance ($) as the value', () => {
    const { rows } = parseCsv('Name,Symbol,Quantity,Balance ($)\nBitcoin,BTC,0.5,48500.00\n');
    expect(rows).toEqual([{ symbol: 'BTC', name: 'Bitcoin', quantity: 0.5, value: 48500 }]);
  });

  it('reads balance as the value when an amount column exists', () => {
    expect(parseCsv('coin,balance,amount\nETH,6800,2\n').rows).toEqual([
      { symbol: 'ETH', quantity: 2, value: 6800 },
    ]);
  });

  it('reads balance as the quantity when there is no quantity or amount column', () => {
    expect(parseCsv('symbol,balance,value\nETH,2,6800\n').rows).toEqual([
      { symbol: 'ETH', quantity: 2, value: 6800 },
    ]);
  });

  it('prefers a value column over balance for the value', () => {
    expect(parseCsv('symbol,quantity,balance,value\nETH,2,1,6800\n').rows).toEqual([
      { symbol: 'ETH', quantity: 2, value: 6800 },
    ]);
  });

  it('never reads a balance in dollars as the quantity', () => {
    const { rows, errors } = parseCsv('symbol,Balance ($)\nETH,6800\n');
    expect(rows).toEqual([]);
    expect(errors).toEqual([CSV_MISSING_HEADER_MESSAGE]);
  });

  it('prefers symbol over coin and quantity over amount, whatever the column order', () => {
    expect(parseCsv('coin,amount,symbol,quantity\nBitcoin,99,BTC,1\n').rows).toEqual([
      { symbol: 'BTC', quantity: 1 },
    ]);
  });
});

describe('parseCsv rows', () => {
  it.each(['0', '0.0', '$0.00'])('skips quantity %j as nothing held, with the reason', (quantity) => {
    const { rows, errors, report } = parseCsv(`symbol,quantity\nBTC,"${quantity}"\n`);
    expect(rows).toEqual([]);
    expect(errors).toEqual([]);
    expect(report).toEqual({
      read: 1,
      sourceRows: {},
      skipped: [{ symbol: 'BTC', error: 'nothing held (quantity 0)', where: 'Row 2' }],
      failed: [],
    });
  });

  it.each([
    ['-1', 'Row 2: quantity must be above 0'],
    ['-$1.00', 'Row 2: quantity must be above 0'],
    ['', 'Row 2: quantity is missing'],
    ['abc', 'Row 2: quantity "abc" is not a number'],
    ['1.2.3', 'Row 2: quantity "1.2.3" is not a number'],
    ['Infinity', 'Row 2: quantity "Infinity" is not a number'],
    ['1e400', 'Row 2: quantity "1e400" is not a number'],
    ['1000000000000000.5', 'Row 2: quantity must be at most 1,000,000,000,000,000'],
  ])('rejects quantity %j', (quantity, error) => {
    const { rows, errors, report } = parseCsv(`symbol,quantity\nBTC,"${quantity}"\n`);
    expect({ rows, errors }).toEqual({ rows: [], errors: [error] });
    expect(report).toEqual({
      read: 1,
      sourceRows: {},
      skipped: [],
      failed: [{ symbol: 'BTC', error: error.replace('Row 2: ', ''), where: 'Row 2' }],
    });
  });

  it.each([
    ['0.00000001', 0.00000001],
    ['1', 1],
    ['$1,234.50', 1234.5],
    [' 2 ', 2],
    ['1.5E-05', 0.000015],
    ['1000000000000000', 1e15],
  ])('accepts quantity %j', (quantity, expected) => {
    expect(parseCsv(`symbol,quantity\nBTC,"${quantity}"\n`).rows[0]?.quantity).toBeCloseTo(expected, 12);
  });

  it('drops a value that is not above 0 or not a number, keeping the row', () => {
    const { rows, errors } = parseCsv(
      'symbol,quantity,value\nA1,1,0\nB1,1,-5\nC1,1,n/a\nD1,1,\nE1,1,$0.01\n',
    );
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.value)).toEqual([undefined, undefined, undefined, undefined, 0.01]);
  });

  it.each([
    ['0x0000000000000000000000000000000000000000', undefined],
    ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb4', undefined],
    ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb481', undefined],
    ['a0b86991c6218b36c1d19d4a2e9eb0ce3606eb4811', undefined],
    ['0xg0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', undefined],
    [' 0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48 ', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
  ])('contract address %j gives %j', (address, expected) => {
    expect(parseCsv(`symbol,quantity,contract\nUSDC,1,${address}\n`).rows[0]?.contractAddress).toBe(expected);
  });

  it('numbers rows as a spreadsheet does and skips blank lines', () => {
    const { rows, errors, report } = parseCsv('\nsymbol,quantity\n\nBTC,1\n,2\n ,\nETH,-1\nSOL,0\n');
    expect(rows).toEqual([{ symbol: 'BTC', quantity: 1 }]);
    expect(errors).toEqual(['Row 5: symbol is missing', 'Row 7: quantity must be above 0']);
    expect(report.skipped).toEqual([{ symbol: 'SOL', error: 'nothing held (quantity 0)', where: 'Row 8' }]);
    expect(report.read).toBe(4);
  });

  it('rejects a symbol the API would refuse', () => {
    expect(parseCsv('symbol,quantity\nBitcoin Cash,1\nABCDEFGHIJKLMNOPQRSTU,1\n').errors).toEqual([
      'Row 2: symbol "Bitcoin Cash" is not valid',
      'Row 3: symbol "ABCDEFGHIJKLMNOPQRSTU" is not valid',
    ]);
  });

  it('merges duplicate symbols: quantities add, values add only when all rows have one', () => {
    const { rows } = parseCsv(
      'symbol,quantity,value,name\nbtc,1,100,\nBTC,2,200,Bitcoin\neth,1,10,\nETH,1,,\n',
    );
    expect(rows).toEqual([
      { symbol: 'BTC', quantity: 3, value: 300, name: 'Bitcoin' },
      { symbol: 'ETH', quantity: 2 },
    ]);
  });

  it('refuses a merge that would pass the quantity limit', () => {
    const { rows, errors, report } = parseCsv('symbol,quantity\nBTC,900000000000000\nBTC,200000000000000\n');
    expect(rows).toEqual([{ symbol: 'BTC', quantity: 9e14 }]);
    expect(errors).toEqual(['Row 3: total quantity of BTC would exceed 1,000,000,000,000,000']);
    expect(report).toEqual({
      read: 2,
      sourceRows: { BTC: 1 },
      skipped: [],
      failed: [
        { symbol: 'BTC', error: 'total quantity of BTC would exceed 1,000,000,000,000,000', where: 'Row 3' },
      ],
    });
  });

  it('counts the source rows merged into each row', () => {
    const { report } = parseCsv('symbol,quantity\nbtc,1\nETH,2\nBTC,3\nBtc,4\n');
    expect(report).toEqual({ read: 4, sourceRows: { BTC: 3, ETH: 1 }, skipped: [], failed: [] });
  });

  it('detects tab and semicolon delimiters, and strips a byte-order mark', () => {
    expect(parseCsv('\ufeffSymbol\tQuantity\nBTC\t1\n').rows).toEqual([{ symbol: 'BTC', quantity: 1 }]);
    expect(parseCsv('Symbol;Quantity\nBTC;1\n').rows).toEqual([{ symbol: 'BTC', quantity: 1 }]);
  });

  it('reports a missing header and an empty file', () => {
    const nothingRead = {
      rows: [],
      errors: [CSV_MISSING_HEADER_MESSAGE],
      report: { read: 0, sourceRows: {}, skipped: [], failed: [] },
    };
    expect(parseCsv('BTC,0.5\nETH,2\n')).toEqual(nothingRead);
    expect(parseCsv('symbol,name\nBTC,Bitcoin\n')).toEqual(nothingRead);
    expect(parseCsv('')).toEqual(nothingRead);
  });

  it('reports an unterminated quote', () => {
    const { errors } = parseCsv('symbol,quantity\nBTC,"1\n');
    expect(errors.some((e) => /^Row \d+: .*quote/i.test(e))).toBe(true);
  });

  it('cuts long cells in messages', () => {
    const { errors } = parseCsv(`symbol,quantity\nBTC,${'x'.repeat(100)}\n`);
    expect(errors[0]).toBe(`Row 2: quantity "${'x'.repeat(39)}…" is not a number`);
  });

  it('ignores non-string input instead of throwing', () => {
    expect(parseCsv(undefined as unknown as string)).toEqual({
      rows: [],
      errors: [CSV_MISSING_HEADER_MESSAGE],
      report: { read: 0, sourceRows: {}, skipped: [], failed: [] },
    });
  });
});

describe('parseCsv: European and exchange exports', () => {
  it('reads comma decimals in a semicolon-separated file', () => {
    const { rows, errors } = parseCsv('Symbol;Quantity;Value (USD)\nBTC;0,5;48.500,00\nETH;2,25;7.650\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { symbol: 'BTC', quantity: 0.5, value: 48500 },
      { symbol: 'ETH', quantity: 2.25, value: 7650 },
    ]);
  });

  it("takes the delimiter from Excel's sep= line", () => {
    expect(parseCsv('sep=;\r\nSymbol;Quantity\r\nBTC;0,5\r\n').rows).toEqual([
      { symbol: 'BTC', quantity: 0.5 },
    ]);
  });

  it('keeps dot decimals in a semicolon file that uses them', () => {
    expect(parseCsv('Symbol;Quantity\nBTC;0.5\nETH;1,234.5\n').rows).toEqual([
      { symbol: 'BTC', quantity: 0.5 },
      { symbol: 'ETH', quantity: 1234.5 },
    ]);
  });

  it("reads Binance's spot balance export: Total is the coins held", () => {
    const { rows, errors } = parseCsv(
      'Coin,Total,Available,In Order,BTC Value\nBTC,0.5234,0.5,0.0234,0.5234\nBNB,12.45,10,2.45,0.0987\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { symbol: 'BTC', quantity: 0.5234 },
      { symbol: 'BNB', quantity: 12.45 },
    ]);
  });

  it('reads Available as the quantity when a balance export has no Total', () => {
    expect(parseCsv('Coin,Available,Locked\nETH,2,0\n').rows).toEqual([{ symbol: 'ETH', quantity: 2 }]);
  });

  it('still reads Total as the value beside a quantity column', () => {
    expect(parseCsv('Symbol,Quantity,Total\nETH,2,6800\n').rows).toEqual([
      { symbol: 'ETH', quantity: 2, value: 6800 },
    ]);
  });

  it.each(['Value (EUR)', 'Wert €', 'Value GBP', 'BTC Value'])(
    'never reads %j as the value in USD',
    (header) => {
      expect(parseCsv(`Symbol,Quantity,${header}\nETH,2,6100\n`).rows).toEqual([
        { symbol: 'ETH', quantity: 2 },
      ]);
    },
  );
});

describe('parseCsv: a Token column', () => {
  it('is the symbol when it holds tickers and no column is headed symbol, coin, asset or ticker', () => {
    expect(parseCsv('Token,Balance,Value ($)\nUNI,125.5,943.76\neth,1,3400\n').rows).toEqual([
      { symbol: 'UNI', quantity: 125.5, value: 943.76 },
      // Mostly tickers: a lower-case one among them is still read as a symbol.
      { symbol: 'ETH', quantity: 1, value: 3400 },
    ]);
  });

  it('stays the name when it holds names, or when a symbol column exists', () => {
    expect(parseCsv('Token,Quantity\nUniswap,5\n').errors).toEqual([CSV_MISSING_HEADER_MESSAGE]);
    expect(parseCsv('Symbol,Token,Quantity\nUNI,UNI,5\n').rows).toEqual([
      { symbol: 'UNI', quantity: 5, name: 'UNI' },
    ]);
  });

  it('leaves a Name column as the name beside it', () => {
    expect(parseCsv('Name,Token,Amount\nUniswap,UNI,5\n').rows).toEqual([
      { symbol: 'UNI', quantity: 5, name: 'Uniswap' },
    ]);
  });
});
