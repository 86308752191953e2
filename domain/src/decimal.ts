/**
 * Decimal strings for money and quantities on the wire and in Postgres `numeric` (STYLE.md, Money).
 * Numbers are only for display math.
 */

/** Decimal places kept for quantities and prices (the scale of the `numeric` columns). */
export const DECIMAL_SCALE = 18;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Turns a finite non-negative number or a plain decimal string into a canonical decimal string
 * (no exponent, no leading zeros, no trailing fraction zeros, at most 18 decimals, truncated).
 * Returns null for anything else: negative, NaN, Infinity, exponent strings, separators.
 */
export function toDecimalString(value: number | string): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = numberToPlainString(value);
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const intPart = match[1]!.replace(/^0+(?=\d)/, '');
  const frac = (match[2] ?? '').slice(0, DECIMAL_SCALE).replace(/0+$/, '');
  return frac ? `${intPart}.${frac}` : intPart;
}

/** A number written without exponent notation, e.g. 1e-7 -> '0.0000001'. */
function numberToPlainString(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(DECIMAL_SCALE + 2);
}

/** True when a canonical decimal string is exactly zero. */
export function isZeroDecimal(value: string): boolean {
  return /^0(\.0*)?$/.test(value);
}

/** Compares two canonical decimal strings: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai, af = ''] = a.split('.') as [string, string?];
  const [bi, bf = ''] = b.split('.') as [string, string?];
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const fa = af.padEnd(len, '0');
  const fb = bf.padEnd(len, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}
