import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDecimal, mulDecimal, readInstant, readTime, upperCase } from './cells.ts';

/** A canonical decimal from its digits and scale ('0.5', '12', never '1.50'). */
function canonical(value: bigint, scale: number): string {
  const digits = value.toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

function digitsOf(decimal: string): { value: bigint; scale: number } {
  const [int, frac = ''] = decimal.split('.');
  return { value: BigInt(int! + frac), scale: frac.length };
}

/** The slow path, all in BigInt: a x b rounded half up to 18 decimals. */
function bigMul(a: string, b: string): string {
  const x = digitsOf(a);
  const y = digitsOf(b);
  let value = x.value * y.value;
  let scale = x.scale + y.scale;
  if (scale > 18) {
    const cut = 10n ** BigInt(scale - 18);
    value = (value + cut / 2n) / cut;
    scale = 18;
  }
  return canonical(value, scale);
}

function bigAdd(a: string, b: string, sign: 1 | -1): string | null {
  const x = digitsOf(a);
  const y = digitsOf(b);
  const scale = Math.max(x.scale, y.scale);
  const sum =
    x.value * 10n ** BigInt(scale - x.scale) + BigInt(sign) * y.value * 10n ** BigInt(scale - y.scale);
  return sum < 0n ? null : canonical(sum, scale);
}

// Mostly amounts as exports write them (the double fast path), some past 15 digits (the BigInt path).
const decimal = fc
  .tuple(
    fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 20n })),
    fc.integer({ min: 0, max: 18 }),
  )
  .map(([value, scale]) => canonical(value, scale));

describe('decimal arithmetic: the fast path gives what BigInt gives (fixed seed)', () => {
  it('mulDecimal', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(mulDecimal(a, b)).toBe(bigMul(a, b));
      }),
      { seed: 18_003, numRuns: 3000 },
    );
  });

  it('addDecimal, both ways', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(addDecimal(a, b, 1)).toBe(bigAdd(a, b, 1));
        expect(addDecimal(a, b, -1)).toBe(bigAdd(a, b, -1));
      }),
      { seed: 18_003, numRuns: 3000 },
    );
  });
});

describe('readInstant', () => {
  it("reads 'YYYY-MM-DD HH:MM:SS' by position as the general reader does (fixed seed)", () => {
    const instant = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z') });
    fc.assert(
      fc.property(instant, fc.constantFrom(' ', 'T'), (date, separator) => {
        const text = date.toISOString().slice(0, 19).replace('T', separator);
        const general = new Date(readTime(text)).toISOString();
        expect(readInstant(text)).toBe(general);
        expect(readInstant(text)).toBe(`${text.slice(0, 10)}T${text.slice(11)}.000Z`);
      }),
      { seed: 18_003, numRuns: 2000 },
    );
  });
});

describe('upperCase', () => {
  it('writes what String#toUpperCase writes, without the call when nothing changes (fixed seed)', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('B', 'T', 'C', '1', '.', ' ', 'a', 'z', '{', '@') }),
      fc.string({ unit: 'binary' }),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(upperCase(s)).toBe(s.toUpperCase());
      }),
      { seed: 18_003, numRuns: 3000 },
    );
    expect(upperCase('straße')).toBe('STRASSE');
  });
});
