import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './esplora.ts';
import { formatUnits } from './units.ts';

describe('formatUnits', () => {
  it.each([
    [0n, 8, '0'],
    [1n, 8, '0.00000001'],
    [114_000n, 8, '0.00114'],
    [100_000_000n, 8, '1'],
    [-61_000, 8, '-0.00061'],
    [1_500_000_000n, 9, '1.5'],
    [18_446_744_073_709_551_615n, 9, '18446744073.709551615'],
    [5000n, 0, '5000'],
  ])('%s with %i decimals is %s', (value, decimals, expected) => {
    expect(formatUnits(value, decimals)).toBe(expected);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-12-07T04:00:00Z');
  it.each([
    [null, null],
    ['7', 7_000],
    ['0', 0],
    ['Mon, 07 Dec 2026 04:00:30 GMT', 30_000],
    ['soon', null],
  ])('Retry-After %s is %s ms', (value, expected) => {
    const headers = new Headers(value === null ? {} : { 'retry-after': value });
    expect(retryAfterMs(headers, now)).toBe(expected);
  });
});
