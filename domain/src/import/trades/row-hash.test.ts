import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowHasher, hashCells, stableHash } from './row-hash.ts';

describe('row references', () => {
  it('hash as before the typed-array table (references already stored must not change)', () => {
    // Values of the first implementation (two-digit table, Map of counts).
    expect(stableHash('')).toBe('811c9dc5050c5d1f');
    expect(stableHash('abc')).toBe('1a47e90b3c621764');
    expect(
      hashCells(['2024-01-15 08:30:12', 'BTCUSDT', 'BUY', '42000.5', '0.01BTC', '420.005USDT', '0.00001BTC']),
    ).toBe('18dd1720eb417d20');
    expect(hashCells([' a ', ''])).toBe('460548622d69f029');
  });

  it('count identical rows as a Map of their hashes does, past the table growing (fixed seed)', () => {
    // A few cell values so rows repeat, and enough rows (up to 3,000) that the 1,024-slot table grows.
    const row = fc.array(fc.constantFrom('a', 'b', ' c', '1.5', ''), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 3000 }), (rows) => {
        const hasher = new RowHasher();
        const seen = new Map<string, number>();
        for (const cells of rows) {
          const occurrence = hasher.hash(cells);
          const hex = hashCells(cells);
          const expected = (seen.get(hex) ?? 0) + 1;
          seen.set(hex, expected);
          expect(occurrence).toBe(expected);
          expect(hasher.hex()).toBe(hex);
          expect(hasher.reference('binance:#', occurrence)).toBe(`binance:#${hex}-${expected}`);
        }
      }),
      { seed: 18_003, numRuns: 40 },
    );
  });

  it('counts distinct rows apart: 20,000 different rows each occur once', () => {
    const hasher = new RowHasher();
    let firsts = 0;
    for (let i = 0; i < 20_000; i++) if (hasher.hash([String(i), 'BTCUSDT']) === 1) firsts++;
    expect(firsts).toBe(20_000);
    expect(hasher.hash(['0', 'BTCUSDT'])).toBe(2);
  });
});
