import { describe, expect, it } from 'vitest';
import { parsePaste, type PasteParseResult } from './paste.ts';

/** The rows and format, for the tests about reading; the report has tests of its own. */
const read = (text: string): Omit<PasteParseResult, 'report'> => {
  const { rows, format } = parsePaste(text);
  return { rows, format };
};

const ADDRESS = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const ZERO = `0x${'0'.repeat(40)}`;
const ADDRESS_41 = ADDRESS.slice(0, 41);
const ADDRESS_43 = `${ADDRESS}7`;

describe('parsePaste: detection', () => {
  it.each([
    ['', 'generic'],
    ['   \n\t\n', 'generic'],
    ['hello world', 'generic'],
  ])('returns no rows for %j', (text, format) => {
    expect(parsePaste(text)).toEqual({
      rows: [],
      format,
      report: { read: 0, sourceRows: {}, skipped: [], failed: [] },
    });
  });

  it.each([
    ['Bitcoin,BTC,0.5,48500', 'standard'],
    ['Coin\tBalance\tValue\nBTC\t0.5\t$48,500', 'exchange-table'],
    ['Network Avatar\nBitcoin\nBTC\n0.5 BTC\n$48,500', 'wallet-table'],
    ['Portfolio %\nBTC\t0.5 BTC\t$48,500', 'wallet-table'],
    ['Token\tPrice (24hr)\tBalance\nBitcoin\tBTC\t$97,000\t0.5 BTC\t$48,500', 'wallet-table'],
    ['Bitcoin\nBTC\n$48,500\n0.5 BTC', 'coinbase'],
    ['Coinbase\nBitcoin\n$48,500\n0.5 BTC', 'coinbase'],
    ['Bitcoin\n$48,500\n0.5 BTC', 'metamask'],
    ['BTC 0.5 $48,500', 'generic'],
  ])('detects %j as %s', (text, format) => {
    const result = parsePaste(text);
    expect(result.format).toBe(format);
    expect(result.rows).toEqual([expect.objectContaining({ symbol: 'BTC', quantity: 0.5 })]);
  });

  it('lets the first matched format decide, even when it finds no row', () => {
    expect(parsePaste('Coin\tBalance\tValue\nBTC\t0\t$0\nETH is 2 today')).toEqual({
      rows: [],
      format: 'exchange-table',
      report: {
        read: 1,
        sourceRows: {},
        skipped: [{ symbol: 'BTC', error: 'nothing held (quantity 0)' }],
        failed: [],
      },
    });
  });

  it('needs a balance line before calling text MetaMask or Coinbase', () => {
    expect(read('My MetaMask and Coinbase: BTC 0.5')).toEqual({
      rows: [{ symbol: 'BTC', quantity: 0.5 }],
      format: 'generic',
    });
  });
});

describe('parsePaste: standardized comma lines', () => {
  it.each([
    ['Bitcoin,BTC,0,100', []],
    ['Bitcoin,BTC,0.00000001,0.01', [{ name: 'Bitcoin', symbol: 'BTC', quantity: 1e-8, value: 0.01 }]],
    ['Bitcoin,BTC,1,0', []],
    ['Bitcoin,BTC,-1,100', []],
    ['Bitcoin,BTC,1,-100', []],
    ['Bitcoin,B,1,100', []],
    ['Bitcoin,btc,1,100', []],
    ['Bitcoin,ABCDEFGHIJK,1,100', []],
    ['Name,Symbol,Quantity,Balance', []],
    ['Bitcoin,ABCDEFGHIJ,1,100', [{ name: 'Bitcoin', symbol: 'ABCDEFGHIJ', quantity: 1, value: 100 }]],
    ['1inch,1INCH,10,4.2', [{ name: '1inch', symbol: '1INCH', quantity: 10, value: 4.2 }]],
    [
      'Bitcoin, BTC, "1,250.5", "$61,000,000.00"',
      [{ name: 'Bitcoin', symbol: 'BTC', quantity: 1250.5, value: 61e6 }],
    ],
    [
      `USD Coin,USDC,5,5,${ADDRESS.toUpperCase().replace('0X', '0x')}`,
      [{ name: 'USD Coin', symbol: 'USDC', quantity: 5, value: 5, contractAddress: ADDRESS }],
    ],
    [`USD Coin,USDC,5,5,${ZERO}`, [{ name: 'USD Coin', symbol: 'USDC', quantity: 5, value: 5 }]],
    [`USD Coin,USDC,5,5,${ADDRESS_41}`, [{ name: 'USD Coin', symbol: 'USDC', quantity: 5, value: 5 }]],
    [`USD Coin,USDC,5,5,${ADDRESS_43}`, [{ name: 'USD Coin', symbol: 'USDC', quantity: 5, value: 5 }]],
  ])('%j', (line, rows) => {
    const result = parsePaste(`Name,Symbol,Quantity,Balance\n${line}`);
    expect(result.rows).toEqual(rows);
    if (rows.length > 0) expect(result.format).toBe('standard');
  });
});

describe('parsePaste: exchange table', () => {
  const header = 'Coin\tBalance\tAvailable\tIn Order\tAllocation\tAvg Entry\tValue';
  it.each([
    ['BTC\t0.00000000\t0\t0\t0%\t--\t$0.00', []],
    ['BTC\t-1\t0\t0\t0%\t--\t$0.00', []],
    ['BTC\t0.00000001\t0\t0\t0%\t--\t$0.00', [{ symbol: 'BTC', quantity: 1e-8 }]],
    [
      'BTC Bitcoin\t1,000.5 BTC\t0\t0\t0%\t$1\t≈ $1,234.56',
      [{ symbol: 'BTC', name: 'Bitcoin', quantity: 1000.5, value: 1234.56 }],
    ],
    ['ETH\t2\t2\t0\t10%\t$2,000\t7,000.00', [{ symbol: 'ETH', quantity: 2, value: 7000 }]],
    ['Total\t\t\t\t\t\t$8,000', []],
  ])('%j', (line, rows) => {
    expect(parsePaste(`${header}\n${line}`).rows).toEqual(rows);
  });

  it.each([
    ['Asset\tTotal\tAvailable', 'uses Total as the quantity'],
    ['Asset\tAvailable\tAllocation', 'uses Available when there is no Balance or Total'],
  ])('%s: %s', (head) => {
    expect(parsePaste(`${head}\nSOL\t12.5\t10`).rows).toEqual([{ symbol: 'SOL', quantity: 12.5 }]);
  });

  it.each([
    ['Balance', 'Coin\tBalance\tValue', 'SOL\t12.5\t$1,875.00'],
    ['Available', 'Coin\tAvailable\tValue', 'SOL\t12.5\t$1,875.00'],
    ['Allocation', 'Asset\tAmount\tAllocation', 'SOL\t12.5\t4.2%'],
    ['Avg Entry', 'Asset\tQuantity\tAvg Entry', 'SOL\t12.5\t$140.00'],
    ['Avg. Entry in capitals', 'ASSET\tTOTAL\tAVG. ENTRY', 'SOL\t12.5\t$140.00'],
  ])('recognises the %s marker on its own', (_marker, head, line) => {
    const result = parsePaste(`${head}\n${line}`);
    expect(result.format).toBe('exchange-table');
    expect(result.rows).toEqual([expect.objectContaining({ symbol: 'SOL', quantity: 12.5 })]);
  });

  it('reads a table whose cells are separated by blanks', () => {
    const text =
      'Asset    Balance    Value (USD)\nDOT      310.25     2,109.70\nTotal               2,109.70';
    expect(read(text)).toEqual({
      rows: [{ symbol: 'DOT', quantity: 310.25, value: 2109.7 }],
      format: 'exchange-table',
    });
  });

  it('keeps a contract address only when usable', () => {
    const text = `Token\tBalance\tContract\nUSDC\t5\t${ADDRESS}\nDAI\t5\t${ZERO}\nUSDT\t5\t${ADDRESS_43}`;
    expect(parsePaste(text).rows).toEqual([
      { symbol: 'USDC', quantity: 5, contractAddress: ADDRESS },
      { symbol: 'DAI', quantity: 5 },
      { symbol: 'USDT', quantity: 5 },
    ]);
  });
});

describe('parsePaste: wallet table', () => {
  const row = (balance: string, address = '0xA0b8...eB48') =>
    `Network Avatar\nUSD Coin\nUSDC\n${address}\n25.17%\n$1.00\n0.01%\n${balance}\n$4,768.22`;

  it.each([
    ['0 USDC', []],
    ['0.000001 USDC', [1e-6]],
    ['999,999,999.99 USDC', [999999999.99]],
    ['1,000,000,000 USDC', []],
    ['5,000,000,000 USDC', []],
    ['< 0.00001 USDC', []],
  ])('balance %j', (balance, quantities) => {
    expect(parsePaste(row(balance)).rows.map((r) => r.quantity)).toEqual(quantities);
  });

  it('fails a row whose merge would bring the total to the 1,000,000,000 cap (found by the property test)', () => {
    const text = '284,761,660 Sol\n715,238,340 Sol\nToken\tPortfolio %\tPrice (24hr)\tBalance\tValue';
    const result = parsePaste(text);
    expect(result.format).toBe('wallet-table');
    expect(result.rows).toEqual([{ symbol: 'SOL', quantity: 284761660 }]);
    expect(result.report.failed).toEqual([
      { symbol: 'SOL', error: 'total quantity must stay below 1,000,000,000' },
    ]);
  });

  it('reads name, value after the balance, and not the price before it', () => {
    expect(parsePaste(row('4,768.2201 USDC')).rows).toEqual([
      { symbol: 'USDC', name: 'USD Coin', quantity: 4768.2201, value: 4768.22 },
    ]);
  });

  it.each([
    [ADDRESS, ADDRESS],
    [ADDRESS.toUpperCase().replace('0X', '0x'), ADDRESS],
    [ZERO, undefined],
    [ADDRESS_41, undefined],
    [ADDRESS_43, undefined],
    ['0xA0b8...eB48', undefined],
  ])('address %s gives %s', (address, expected) => {
    expect(parsePaste(row('5 USDC', address)).rows[0]?.contractAddress).toBe(expected);
  });

  it('reads tab-separated rows', () => {
    const text = `Token\tPortfolio %\tPrice (24hr)\tBalance\tValue\nNetwork Avatar\tDai\tDAI\t${ADDRESS}\t35%\t$1.00 0.00%\t8,990.5 DAI\t$8,990.50`;
    expect(read(text)).toEqual({
      rows: [{ symbol: 'DAI', name: 'Dai', quantity: 8990.5, value: 8990.5, contractAddress: ADDRESS }],
      format: 'wallet-table',
    });
  });
});

describe('parsePaste: MetaMask and Coinbase blocks', () => {
  it('takes the dollar line above the balance, and the name above that', () => {
    const text =
      'Tokens\nNFTs\nActivity\nEthereum\n$4,212.77\n+2.31%\n1.2345 ETH\nUSD Coin\n$1,803.22\n0.01%\n1,803.2201 USDC';
    expect(read(text)).toEqual({
      rows: [
        { symbol: 'ETH', name: 'Ethereum', quantity: 1.2345, value: 4212.77 },
        { symbol: 'USDC', name: 'USD Coin', quantity: 1803.2201, value: 1803.22 },
      ],
      format: 'metamask',
    });
  });

  it('takes the dollar line below when there is none above, without giving it to the next token', () => {
    const text = 'Ether\n1.5 ETH\n$5,118.83\nPolygon\n1,200 POL\n$540.12';
    expect(parsePaste(text).rows).toEqual([
      { symbol: 'ETH', name: 'Ether', quantity: 1.5, value: 5118.83 },
      { symbol: 'POL', name: 'Polygon', quantity: 1200, value: 540.12 },
    ]);
  });

  it('skips balances shown as below a threshold or zero, and upper-cases symbols', () => {
    const text =
      'MetaMask\nDai\n< 0.00001 DAI\nTether\n$0.00\n0 USDT\nLido Staked Ether\n$2,556.40\n0.75 stETH';
    expect(parsePaste(text).rows).toEqual([
      { symbol: 'STETH', name: 'Lido Staked Ether', quantity: 0.75, value: 2556.4 },
    ]);
  });

  it('drops a negative dollar line as a value', () => {
    expect(parsePaste('Abc Token\n-$5.00\n10 ABC').rows).toEqual([
      { symbol: 'ABC', name: 'Abc Token', quantity: 10 },
    ]);
  });

  it('skips the lone symbol line when naming a Coinbase asset', () => {
    const text =
      'My assets\nBitcoin\nBTC\n$6,543.21\n0.06712345 BTC\n$97,480.10\n+1.25%\nEthereum\nETH\n$3,062.18\n0.89 ETH';
    expect(read(text)).toEqual({
      rows: [
        { symbol: 'BTC', name: 'Bitcoin', quantity: 0.06712345, value: 6543.21 },
        { symbol: 'ETH', name: 'Ethereum', quantity: 0.89, value: 3062.18 },
      ],
      format: 'coinbase',
    });
  });
});

describe('parsePaste: generic fallback', () => {
  it.each([
    ['BTC 0.5', { symbol: 'BTC', quantity: 0.5 }],
    ['BTC 0.5 $48,500.10', { symbol: 'BTC', quantity: 0.5, value: 48500.1 }],
    ['$48,500 worth of BTC: 0.5', { symbol: 'BTC', quantity: 0.5, value: 48500 }],
    ['Bitcoin (BTC) 1,234.5', { symbol: 'BTC', name: 'Bitcoin', quantity: 1234.5 }],
    ['BTC 24h +3% 0.5', { symbol: 'BTC', quantity: 0.5 }],
    ['BTC 3 % 0.5', { symbol: 'BTC', quantity: 0.5 }],
    ['USD 10 ETH 2', { symbol: 'ETH', quantity: 10 }],
    ['1INCH 10', { symbol: '1INCH', quantity: 10 }],
    [`BTC 1 ${ADDRESS}`, { symbol: 'BTC', quantity: 1, contractAddress: ADDRESS }],
    [`BTC 1 ${ZERO}`, { symbol: 'BTC', quantity: 1 }],
    [`BTC 1 ${ADDRESS_41}`, { symbol: 'BTC', quantity: 1 }],
    [`BTC 1 ${ADDRESS_43}`, { symbol: 'BTC', quantity: 1 }],
  ])('%j', (line, row) => {
    expect(parsePaste(line).rows).toEqual([row]);
  });

  it.each(['BTC 0', 'BTC -0.5', 'BTC $5', 'BTC 5%', 'btc 5', 'B 5', 'ABCDEFGHIJK 5', 'TOTAL 5'])(
    'finds no row in %j',
    (line) => {
      expect(parsePaste(line).rows).toEqual([]);
    },
  );

  it('merges duplicate symbols', () => {
    expect(parsePaste('BTC 0.5 $100\nBTC 0.25 $50\nETH 1\nETH 2 $10').rows).toEqual([
      { symbol: 'BTC', quantity: 0.75, value: 150 },
      { symbol: 'ETH', quantity: 3 },
    ]);
  });
});

describe('parsePaste: MetaMask one-line token rows keep names and dollar values', () => {
  it.each([
    ['Ethereum 1.2345 ETH $4,212.77', 'Ethereum', 'ETH', 1.2345, 4212.77],
    ['Ethereum 1.2345 ETH 4,212.77 USD', 'Ethereum', 'ETH', 1.2345, 4212.77],
    ['USD Coin · 1,803.2201 USDC · $1,803.22', 'USD Coin', 'USDC', 1803.2201, 1803.22],
    ['Lido Staked Ether 0.0412 stETH US$143.21', 'Lido Staked Ether', 'STETH', 0.0412, 143.21],
    ['ETH\tEthereum\t1.2345\t$4,212.77', 'Ethereum', 'ETH', 1.2345, 4212.77],
  ])('%j', (line, name, symbol, quantity, value) => {
    expect(parsePaste(line).rows).toEqual([{ symbol, name, quantity, value }]);
  });

  it('reads a balance glued to its symbol and a US$ value in a block', () => {
    expect(parsePaste('Ethereum\n$4,212.77\n1.2345ETH\nArbitrum\n250 ARB\nUS$196.41').rows).toEqual([
      { symbol: 'ETH', name: 'Ethereum', quantity: 1.2345, value: 4212.77 },
      { symbol: 'ARB', name: 'Arbitrum', quantity: 250, value: 196.41 },
    ]);
  });

  it('does not take prose or a caption for a name', () => {
    expect(parsePaste('I hold 0.5 BTC').rows).toEqual([{ symbol: 'BTC', quantity: 0.5 }]);
    expect(parsePaste('USD 10 ETH 2').rows).toEqual([{ symbol: 'ETH', quantity: 10 }]);
  });

  it('reads no dollar value from another currency', () => {
    expect(parsePaste('Ethereum\n1.2345 ETH\n€3,912.10').rows).toEqual([
      { symbol: 'ETH', name: 'Ethereum', quantity: 1.2345 },
    ]);
  });
});

describe('parsePaste: every token or table row read is accounted for', () => {
  it("reads Binance's coin cell copied as the symbol over the name", () => {
    const text =
      'Coin\tTotal\tAvailable\tIn Order\tBTC Value\nBTC\nBitcoin\t0.5234\t0.5\t0.0234\t0.5234\nUSDT\nTetherUS\t1,125.88\t1,125.88\t0\t0.0116';
    expect(parsePaste(text)).toEqual({
      rows: [
        { symbol: 'BTC', name: 'Bitcoin', quantity: 0.5234 },
        { symbol: 'USDT', name: 'TetherUS', quantity: 1125.88 },
      ],
      format: 'exchange-table',
      report: { read: 2, sourceRows: { BTC: 1, USDT: 1 }, skipped: [], failed: [] },
    });
  });

  it('fails an exchange-table row without a symbol or quantity instead of dropping it', () => {
    const text = 'Coin\tBalance\tValue\nBitcoin\t0.5\t$48,500\nETH\t--\t$0\nSOL\t0\t$0\nTotal\t\t$48,500';
    expect(parsePaste(text).report).toEqual({
      read: 3,
      sourceRows: {},
      skipped: [{ symbol: 'SOL', error: 'nothing held (quantity 0)' }],
      failed: [
        { symbol: '', error: 'no coin symbol in "Bitcoin 0.5 $48,500"' },
        { symbol: 'ETH', error: 'no quantity found' },
      ],
    });
  });

  it.each([
    ['BTC 0', { skipped: [{ symbol: 'BTC', error: 'nothing held (quantity 0)' }], failed: [] }],
    ['BTC -0.5', { skipped: [], failed: [{ symbol: 'BTC', error: 'quantity must be above 0' }] }],
    ['BTC $5', { skipped: [], failed: [{ symbol: 'BTC', error: 'no quantity found' }] }],
    [
      'Dai < 0.00001 DAI',
      { skipped: [{ symbol: 'DAI', error: 'balance below 0.00001, too small to import' }], failed: [] },
    ],
  ])('accounts for the generic line %j', (line, expected) => {
    const { rows, report } = parsePaste(line);
    expect(rows).toEqual([]);
    expect(report).toEqual({ read: 1, sourceRows: {}, ...expected });
  });

  it('does not count prose, captions or headers as rows', () => {
    expect(parsePaste('My NFTs and ERC20 tokens\nName, Symbol, Quantity, Balance').report.read).toBe(0);
  });

  it('fails a line of another shape among standardized comma lines', () => {
    const { rows, report } = parsePaste('Bitcoin, BTC, 0.5, 48500\nSOL 10\nSolana, SOL, 1, 0');
    expect(rows).toEqual([{ name: 'Bitcoin', symbol: 'BTC', quantity: 0.5, value: 48500 }]);
    expect(report.failed).toEqual([
      { symbol: 'SOL', error: '"SOL 10" is not in the form name, SYMBOL, quantity, value in USD' },
      { symbol: 'SOL', error: 'value in USD must be above 0' },
    ]);
    expect(report.read).toBe(3);
  });

  it('fails a wallet-table row without a balance', () => {
    const text = 'Network Avatar\nBitcoin\nBTC\n0.5 BTC\n$48,500\nNetwork Avatar\nPepe\nPEPE\n$0.00001';
    expect(parsePaste(text).report.failed).toEqual([
      { symbol: 'PEPE', error: 'no balance found in "Pepe PEPE $0.00001"' },
    ]);
  });

  it('counts the lines merged into one row', () => {
    expect(parsePaste('BTC 0.5\nETH 1\nBTC 0.25').report).toEqual({
      read: 3,
      sourceRows: { BTC: 2, ETH: 1 },
      skipped: [],
      failed: [],
    });
  });
});
