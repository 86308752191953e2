/**
 * Exact arithmetic for cost basis. Quantities and prices arrive as decimal strings with at most 18
 * decimals (STYLE.md, Money); a product of two of them has at most 36, so amounts are kept as bigints
 * scaled by 10^36 and a product is exact. Only a division (an average cost per coin) rounds, half up,
 * at the 36th decimal, far below the 18 decimals stored and shown.
 */

/** Decimals kept while computing. */
export const WORK_SCALE = 36;
/** 10^36: one unit of a computed amount. */
export const ONE = 10n ** BigInt(WORK_SCALE);

const SIGNED_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Parses a plain (optionally signed) decimal string into a value scaled by 10^36. */
export function fromDecimal(text: string): bigint {
  const match = SIGNED_DECIMAL.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, intPart, frac = ''] = match;
  if (frac.length > WORK_SCALE) throw new Error(`more than ${WORK_SCALE} decimals: ${text}`);
  const value = BigInt(intPart! + frac.padEnd(WORK_SCALE, '0'));
  return sign ? -value : value;
}

/** a x b, both scaled by 10^36; exact while the true product has at most 36 decimals. */
export function mul(a: bigint, b: bigint): bigint {
  return roundDiv(a * b, ONE);
}

/** a / b, both scaled by 10^36, rounded half away from zero at the 36th decimal. */
export function div(a: bigint, b: bigint): bigint {
  return roundDiv(a * ONE, b);
}

/** n / d rounded half away from zero. */
export function roundDiv(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new Error('division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an + ad / 2n) / ad;
  return negative ? -q : q;
}

/**
 * A scaled value as a canonical decimal string rounded half away from zero to `decimals` places
 * (18 by default, the scale of the database columns): no trailing zeros, '-' only when below zero.
 */
export function toDecimal(value: bigint, decimals = 18): string {
  const rounded = roundDiv(value, 10n ** BigInt(WORK_SCALE - decimals));
  const negative = rounded < 0n;
  const digits = (negative ? -rounded : rounded).toString().padStart(decimals + 1, '0');
  const intPart = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const text = frac ? `${intPart}.${frac}` : intPart;
  return negative ? `-${text}` : text;
}
