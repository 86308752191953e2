import { describe, expect, it } from 'vitest';
import { parseAmount } from './numbers.ts';

describe('parseAmount', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['5.', 5],
    ['$1,234.50', 1234.5],
    [' $ 1,234 ', 1234],
    ['-$12.50', -12.5],
    ['$-12.50', -12.5],
    ['+3', 3],
    ['1.5E-05', 0.000015],
    ['1e3', 1000],
  ])('%j -> %d', (text, expected) => {
    expect(parseAmount(text)).toBeCloseTo(expected, 12);
  });

  it.each([
    '',
    ' ',
    '$',
    ',',
    'abc',
    '1.2.3',
    '1 234',
    '0x10',
    'Infinity',
    '-Infinity',
    'NaN',
    '1e999',
    '12%',
    '€5',
  ])('%j -> NaN', (text) => {
    expect(parseAmount(text)).toBeNaN();
  });
});
