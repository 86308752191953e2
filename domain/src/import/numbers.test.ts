import { describe, expect, it } from 'vitest';
import { detectDecimalMark, parseAmount } from './numbers.ts';

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

describe('parseAmount with comma decimals', () => {
  it.each([
    ['0,5', 0.5],
    ['12,25', 12.25],
    ['1.234,56', 1234.56],
    ['1.234.567,8', 1234567.8],
    ['1 234,5', 1234.5],
    ['2\u00a0109,70', 2109.7],
    ['1\u202f000', 1000],
    ['-3,5', -3.5],
    ['$ 48.500,00', 48500],
    ['7', 7],
    [',5', 0.5],
  ])('%j -> %d', (text, expected) => {
    expect(parseAmount(text, ',')).toBeCloseTo(expected, 12);
  });

  it.each(['', 'abc', '1,2,3', '1.23,4', '12 34,5', '1e3', 'Infinity'])('%j -> NaN', (text) => {
    expect(parseAmount(text, ',')).toBeNaN();
  });
});

describe('detectDecimalMark', () => {
  it.each([
    [['0,5', '48.500,00'], ',', ','],
    [['0,5'], ',', ','],
    [['1.234,56'], ',', ','],
    [['0.5', '1,234.56'], ';', '.'],
    [['12.25'], ';', '.'],
    [['1,234', '1.234'], ',', '.'],
    [['1,234'], ';', ','],
    [['7', ''], ';', ','],
    [['7'], '\t', '.'],
    [['0,5', '0.5'], ',', '.'],
  ] as const)('%j in a %j file -> %j', (cells, delimiter, mark) => {
    expect(detectDecimalMark(cells, delimiter)).toBe(mark);
  });
});
