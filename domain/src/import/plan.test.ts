import { describe, expect, it } from 'vitest';
import type { ImportReport } from './import-row.ts';
import {
  ALREADY_HELD_REASON,
  allDuplicatesMessage,
  coingeckoIdForRow,
  describeImport,
  importSuccessMessage,
  importTotalsText,
  priceKeyForRow,
  splitDuplicates,
  tallyImport,
  toBulkItems,
} from './plan.ts';
import { priceKeyOf } from '../coins.ts';

describe('splitDuplicates', () => {
  it('skips symbols already held, ignoring case', () => {
    const rows = [
      { symbol: 'BTC', quantity: 1 },
      { symbol: 'ETH', quantity: 2 },
      { symbol: 'SOL', quantity: 3 },
    ];
    const split = splitDuplicates(rows, ['btc', 'Sol']);
    expect(split.fresh.map((r) => r.symbol)).toEqual(['ETH']);
    expect(split.duplicates).toEqual(['BTC', 'SOL']);
  });
});

describe('coingeckoIdForRow', () => {
  it('uses the symbol table, then the contract-address table', () => {
    expect(coingeckoIdForRow({ symbol: 'BTC' })).toBe('bitcoin');
    expect(
      coingeckoIdForRow({ symbol: 'XUSDC', contractAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }),
    ).toBe('usd-coin');
    expect(coingeckoIdForRow({ symbol: 'NOPE' })).toBeNull();
  });
});

describe('toBulkItems', () => {
  const prices: Record<string, number> = { bitcoin: 60000, ethereum: 3000 };
  const priceOf = (id: string) => prices[id];

  it('prices from value / quantity, else the current price, else 0, as decimal strings', () => {
    const items = toBulkItems(
      [
        { symbol: 'BTC', name: 'Bitcoin', quantity: 0.5, value: 25000 },
        { symbol: 'ETH', quantity: 2 },
        { symbol: 'NOPE', quantity: 1e-7 },
      ],
      priceOf,
    );
    expect(items).toEqual([
      {
        coingeckoId: 'bitcoin',
        name: 'Bitcoin',
        symbol: 'BTC',
        address: null,
        quantity: '0.5',
        purchasePrice: '50000',
      },
      {
        coingeckoId: 'ethereum',
        name: 'ETH',
        symbol: 'ETH',
        address: null,
        quantity: '2',
        purchasePrice: '3000',
      },
      {
        coingeckoId: null,
        name: 'NOPE',
        symbol: 'NOPE',
        address: null,
        quantity: '0.0000001',
        purchasePrice: '0',
      },
    ]);
  });

  it('keeps the contract address', () => {
    const [item] = toBulkItems(
      [{ symbol: 'USDC', quantity: 10, contractAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }],
      () => 1,
    );
    expect(item!.address).toBe('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');
    expect(item!.coingeckoId).toBe('usd-coin');
  });

  it('prices a token the tables do not know by its contract address, unless the row has a value', () => {
    const unknown = '0x1111111111111111111111111111111111111111';
    const asked: string[] = [];
    const items = toBulkItems(
      [
        { symbol: 'ZZTOK', quantity: 4, contractAddress: unknown },
        { symbol: 'ZZVAL', quantity: 4, value: 8, contractAddress: unknown },
      ],
      (key) => {
        asked.push(key);
        return key === unknown ? 2.5 : undefined;
      },
    );
    expect(items.map((i) => [i.coingeckoId, i.address, i.purchasePrice])).toEqual([
      [null, unknown, '2.5'],
      [null, unknown, '2'],
    ]);
    expect(asked).toContain(unknown);
  });
});

describe('priceKeyForRow', () => {
  it('is the CoinGecko id when known, else the contract address, else null', () => {
    expect(priceKeyForRow({ symbol: 'BTC' })).toBe('bitcoin');
    expect(
      priceKeyForRow({ symbol: 'XUSDC', contractAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }),
    ).toBe('usd-coin');
    expect(
      priceKeyForRow({ symbol: 'ZZTOK', contractAddress: '0x1111111111111111111111111111111111111111' }),
    ).toBe('0x1111111111111111111111111111111111111111');
    expect(priceKeyForRow({ symbol: 'ZZTOK' })).toBeNull();
  });

  it('lower-cases a holding address and refuses the zero address (priceKeyOf)', () => {
    expect(priceKeyOf({ coingeckoId: null, address: `0x${'AB'.repeat(20)}` })).toBe(`0x${'ab'.repeat(20)}`);
    expect(priceKeyOf({ coingeckoId: null, address: `0x${'0'.repeat(40)}` })).toBeNull();
    expect(priceKeyOf({ coingeckoId: 'pepe', address: `0x${'ab'.repeat(20)}` })).toBe('pepe');
  });
});

describe('tallyImport: every source row is added, skipped or failed', () => {
  const report: ImportReport = {
    read: 9,
    sourceRows: { BTC: 2, ETH: 1, SOL: 1, ADA: 1, DOT: 1 },
    skipped: [{ symbol: 'XRP', error: 'nothing held (quantity 0)', where: 'Row 8' }],
    failed: [
      { symbol: '', error: 'symbol is missing', where: 'Row 3' },
      { symbol: 'DOGE', error: 'quantity "lots" is not a number', where: 'Row 6' },
    ],
  };

  it('counts a coin held already, or refused by the server, in source rows', () => {
    const outcome = tallyImport(report, {
      skipped: [{ symbol: 'btc', error: ALREADY_HELD_REASON }],
      failed: [{ symbol: 'ADA', error: 'Quantity must be greater than 0' }],
    });
    expect(outcome).toEqual({
      read: 9,
      added: 3,
      skipped: 3,
      failed: 3,
      skippedReasons: [
        { symbol: 'btc', error: ALREADY_HELD_REASON },
        { symbol: 'XRP', error: 'nothing held (quantity 0)', where: 'Row 8' },
      ],
      failures: [
        { symbol: '', error: 'symbol is missing', where: 'Row 3' },
        { symbol: 'DOGE', error: 'quantity "lots" is not a number', where: 'Row 6' },
        { symbol: 'ADA', error: 'Quantity must be greater than 0' },
      ],
    });
  });

  it('counts a coin once when both the browser and the server name it', () => {
    const outcome = tallyImport(report, {
      skipped: [
        { symbol: 'ETH', error: ALREADY_HELD_REASON },
        { symbol: 'ETH', error: ALREADY_HELD_REASON },
      ],
      failed: [{ symbol: 'ETH', error: 'x' }],
    });
    expect([outcome.read, outcome.added, outcome.skipped, outcome.failed]).toEqual([9, 5, 2, 2]);
  });

  it('adds everything when nothing happened after parsing', () => {
    const outcome = tallyImport(report, { skipped: [], failed: [] });
    expect(outcome.added + outcome.skipped + outcome.failed).toBe(report.read);
    expect(outcome.added).toBe(6);
  });
});

describe('describeImport', () => {
  it('gives the counts and the rows they add up to, the first three failures, then how many more', () => {
    const summary = describeImport({
      read: 11,
      added: 3,
      skipped: 3,
      failed: 5,
      skippedReasons: [
        { symbol: 'BTC', error: ALREADY_HELD_REASON },
        { symbol: 'ETH', error: ALREADY_HELD_REASON },
        { symbol: 'SOL', error: 'nothing held (quantity 0)', where: 'Row 9' },
      ],
      failures: [
        { symbol: 'AAA', error: 'Quantity must be greater than 0' },
        { symbol: '', error: 'quantity must be above 0', where: 'Row 4' },
        { symbol: 'CCC', error: 'x' },
        { symbol: 'DDD', error: 'y' },
        { symbol: 'EEE', error: 'z' },
      ],
    });
    expect(summary.headline).toBe('Import finished: 3 added, 3 skipped, 5 failed (11 rows read).');
    expect(summary.details).toEqual([
      'AAA: Quantity must be greater than 0',
      'Row 4: quantity must be above 0',
      'CCC: x',
      '...and 2 more',
    ]);
    expect(summary.skipped).toEqual([
      'BTC: Already in your portfolio',
      'ETH: Already in your portfolio',
      'Row 9, SOL: nothing held (quantity 0)',
    ]);
  });

  it('has no details when nothing failed or was skipped', () => {
    const summary = describeImport({
      read: 1,
      added: 1,
      skipped: 0,
      failed: 0,
      skippedReasons: [],
      failures: [],
    });
    expect(summary).toEqual({
      headline: 'Import finished: 1 added, 0 skipped, 0 failed (1 row read).',
      details: [],
      skipped: [],
    });
  });

  it('words the duplicate and success notices', () => {
    expect(allDuplicatesMessage(['BTC', 'ETH'])).toBe('All coins are already in your portfolio: BTC, ETH');
    expect(importSuccessMessage(2)).toBe('Successfully added 2 coin(s) to your portfolio!');
    expect(importSuccessMessage(2, 10)).toBe(
      'Successfully added 2 coin(s) to your portfolio! You now track 10 coin(s) in all.',
    );
    expect(importTotalsText(2, 10)).toBe('2 coin(s) added by this import. You now track 10 coin(s) in all.');
  });
});
