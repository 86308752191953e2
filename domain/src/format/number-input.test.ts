import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatNumberInput,
  numberInputMessage,
  numberInputValue,
  numberSeparators,
  parseNumberInput,
  readNumberInput,
  typeNumberInput,
} from './number-input.ts';

describe('numberSeparators', () => {
  it.each([
    ['en-US', '.', ','],
    ['de-DE', ',', '.'],
    ['fr-FR', ',', '\u202f'],
    ['de-CH', '.', '’'],
    ['not a locale!', '.', ','],
  ])('%s: decimal %j, group %j', (locale, decimal, group) => {
    const found = numberSeparators(locale);
    expect(found.decimal).toBe(decimal);
    // Intl's exact group character differs between ICU versions (de-CH: ' or ’): only its kind matters.
    if (locale !== 'de-CH') expect(found.group).toBe(group);
  });
});

describe('parseNumberInput', () => {
  it.each([
    // en-US
    ['1,234.5', 'en-US', 1234.5],
    ['1234', 'en-US', 1234],
    [' 1 000 ', 'en-US', 1000],
    ['1.', 'en-US', 1],
    ['.5', 'en-US', 0.5],
    ['0', 'en-US', 0],
    ['0,5', 'en-US', 0.5],
    ['12,50', 'en-US', 12.5],
    ['1,234', 'en-US', 1234],
    ['0,500', 'en-US', 0.5],
    ['1,234,567', 'en-US', 1234567],
    ['1.234,56', 'en-US', 1234.56],
    ['12,34,567.5', 'en-IN', 1234567.5],
    ['007', 'en-US', 7],
    // de-DE
    ['0,5', 'de-DE', 0.5],
    ['1.234,5', 'de-DE', 1234.5],
    ['1.234', 'de-DE', 1234],
    ['1,234', 'de-DE', 1.234],
    ['12.5', 'de-DE', 12.5],
    ['1,234.5', 'de-DE', 1234.5],
    // fr-FR and de-CH write thousands with a (narrow no-break) space or an apostrophe
    ['1\u202f234,5', 'fr-FR', 1234.5],
    ['1 234,5', 'fr-FR', 1234.5],
    ["1'234.5", 'de-CH', 1234.5],
  ])('%j in %s -> %d', (text, locale, value) => {
    expect(parseNumberInput(text, locale)).toBeCloseTo(value, 12);
  });

  it.each([
    ['', 'empty'],
    [' ', 'empty'],
    ['.', 'unreadable'],
    ['-1', 'negative'],
    ['−2,5', 'negative'],
    ['1e5', 'unreadable'],
    ['1E-3', 'unreadable'],
    ['abc', 'unreadable'],
    ['1.2.3', 'unreadable'],
    ['12,34,5', 'unreadable'],
    ['1,23.4', 'unreadable'],
    ['$5', 'unreadable'],
    ['0x10', 'unreadable'],
    ['9'.repeat(400), 'unreadable'],
  ])('%j is refused (%s)', (text, problem) => {
    expect(parseNumberInput(text, 'en-US')).toBeNaN();
    expect(readNumberInput(text, 'en-US')).toEqual({ ok: false, problem });
  });

  it('gives the value as a decimal string too, for payloads', () => {
    expect(readNumberInput('1.234,50', 'de-DE')).toMatchObject({ ok: true, decimal: '1234.5' });
    expect(readNumberInput('0,5', 'en-US')).toMatchObject({ ok: true, decimal: '0.5' });
    expect(readNumberInput('.', 'en-US').ok).toBe(false);
  });
});

describe('formatNumberInput', () => {
  it.each([
    ['', 'en-US', ''],
    ['1234.5', 'en-US', '1,234.5'],
    ['0,5', 'en-US', '0.5'],
    ['1234567.891011', 'en-US', '1,234,567.891011'],
    ['12.', 'en-US', '12.'],
    ['1.0', 'en-US', '1.0'],
    ['007', 'en-US', '7'],
    ['1234,5', 'de-DE', '1.234,5'],
    ['1,234.5', 'de-DE', '1.234,5'],
    ['999', 'de-DE', '999'],
  ])('%j in %s shows %j', (text, locale, shown) => {
    expect(formatNumberInput(text, locale)).toBe(shown);
  });

  it.each(['1e5', 'abc', '-5', '1.2.3'])('leaves unreadable %j exactly as typed', (text) => {
    expect(formatNumberInput(text, 'en-US')).toBe(text);
  });

  it('reads back the number it shows, in any of these locales', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e15, noNaN: true }),
        fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'de-CH', 'en-IN'),
        (n, locale) => {
          const shown = numberInputValue(n.toFixed(6), locale);
          expect(parseNumberInput(shown, locale)).toBeCloseTo(Number(n.toFixed(6)), 6);
          expect(formatNumberInput(shown, locale)).toBe(shown);
        },
      ),
    );
  });
});

describe('numberInputValue', () => {
  it.each([
    [1.234, 'de-DE', '1,234'],
    [1.234, 'en-US', '1.234'],
    ['50000', 'en-US', '50,000'],
    ['50000.50', 'de-DE', '50.000,5'],
    [1e-7, 'en-US', '0.0000001'],
    [Number.NaN, 'en-US', ''],
    ['abc', 'en-US', ''],
  ])('%j in %s -> %j', (value, locale, shown) => {
    expect(numberInputValue(value, locale)).toBe(shown);
  });
});

describe('typeNumberInput', () => {
  /** Types `keys` one at a time into an empty field, as an input's change events would. */
  const typeKeys = (keys: string, locale = 'en-US') =>
    [...keys].reduce((shown, key) => typeNumberInput(shown, shown + key, locale), '');

  it.each([
    ['1234', 'en-US', '1,234'],
    ['1234567.5', 'en-US', '1,234,567.5'],
    ['0,5', 'en-US', '0,5'],
    ['1e5', 'en-US', '1e5'],
    ['12.50', 'en-US', '12.50'],
    ['1234,5', 'de-DE', '1.234,5'],
    ['12.5', 'de-DE', '12.5'],
  ])('typing %j in %s shows %j', (keys, locale, shown) => {
    expect(typeKeys(keys, locale)).toBe(shown);
  });

  it('takes thousands separators away again as digits are deleted', () => {
    expect(typeNumberInput('12,345', '12,34', 'en-US')).toBe('1,234');
    expect(typeNumberInput('1,234', '1,23', 'en-US')).toBe('123');
  });

  it('leaves a paste as it is, for blur to read', () => {
    expect(typeNumberInput('', '1.234,56', 'en-US')).toBe('1.234,56');
  });
});

describe('numberInputMessage', () => {
  it.each([
    ['12.5', null],
    ['', 'Please enter quantity.'],
    ['0', 'Quantity must be more than 0.'],
    ['-3', 'Quantity must be more than 0.'],
    ['1e5', 'Quantity: "1e5" is not a number. Use digits and one decimal separator, like 1,234.56.'],
  ])('%j -> %j', (text, message) => {
    expect(numberInputMessage('Quantity', text, 'en-US')).toBe(message);
  });

  it('gives the example in the locale', () => {
    expect(numberInputMessage('Quantity', 'x', 'de-DE')).toContain('like 1.234,56');
  });
});
