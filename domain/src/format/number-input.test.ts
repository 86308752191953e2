import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumberInput, parseNumberInput } from './number-input.ts';

describe('formatNumberInput', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234.5', '1,234.5'],
    ['1,2,3,4', '1,234'],
    ['1234567.891011', '1,234,567.891011'],
    ['12.', '12.'],
    ['1.0', '1.0'],
    ['.5', '.5'],
    ['0.05', '0.05'],
    ['007', '7'],
    ['0001000', '1,000'],
    ['00', '0'],
    ['1.2.3', '1.23'],
    ['$1,000abc', '1,000'],
    ['-5', '5'],
    ['1e5', '15'],
    ['١٢٣', ''],
  ])('%j -> %j', (typed, shown) => {
    expect(formatNumberInput(typed)).toBe(shown);
  });

  it('is stable: formatting shown text again changes nothing', () => {
    fc.assert(
      fc.property(
        fc.string(),
        (text) => formatNumberInput(formatNumberInput(text)) === formatNumberInput(text),
      ),
    );
  });

  it('shows only digits, commas and at most one dot, and keeps every digit typed after leading zeros', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,ab $') }), (text) => {
        const shown = formatNumberInput(text);
        expect(shown).toMatch(/^[0-9,]*\.?[0-9]*$/);
        const digits = (s: string) => s.replace(/[^0-9]/g, '');
        expect(digits(shown).replace(/^0+/, '')).toBe(digits(text).replace(/^0+/, ''));
      }),
    );
  });
});

describe('parseNumberInput', () => {
  it.each([
    ['1,234.5', 1234.5],
    ['1234', 1234],
    [' 1 000 ', 1000],
    ['1.', 1],
    ['.5', 0.5],
    ['0', 0],
  ])('%j -> %d', (text, value) => {
    expect(parseNumberInput(text)).toBeCloseTo(value, 12);
  });

  it.each(['', ' ', '.', '-1', '1e3', 'abc', '1.2.3', '$5', '9'.repeat(400)])('%j -> NaN', (text) => {
    expect(parseNumberInput(text)).toBeNaN();
  });

  it('reads back what formatNumberInput shows', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e15, noNaN: true }), (n) => {
        const typed = n.toFixed(6);
        expect(parseNumberInput(formatNumberInput(typed))).toBeCloseTo(Number(typed), 6);
      }),
    );
  });
});
