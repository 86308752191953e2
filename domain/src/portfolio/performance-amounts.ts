/**
 * Amounts of the performance walk: numbers (prices, rates) as exact bigints scaled by 10^18 or 10^36
 * (fixed-point.ts), with at most 18 decimals so that a product with a quantity is exact.
 */
import { toDecimalString } from '../decimal.ts';
import { fromDecimal, roundDiv } from '../transactions/fixed-point.ts';

export const TEN_18 = 10n ** 18n;

/** A scaled amount rounded to 18 decimals, so that its product with a quantity is exact. */
export function round18(value: bigint): bigint {
  return roundDiv(value, TEN_18) * TEN_18;
}

/** 10^(18 - k) for k = 0..18: the factor that scales an integer with k decimals to 10^18. */
const SCALE_UP = Array.from({ length: 19 }, (_, k) => 10n ** BigInt(18 - k));

/** A positive finite number scaled by 10^18 (its shortest decimal form, 18 decimals at most). */
export function scaled18(n: number): bigint {
  // The common case without exponent notation, parsed directly: the same digits toDecimalString keeps
  // (its fraction cut to 18 decimals), without building the intermediate strings; prices are read by
  // the hundred thousand.
  const text = String(n);
  if (Number.isFinite(n) && n > 0 && !text.includes('e')) {
    const dot = text.indexOf('.');
    if (dot < 0) return BigInt(text) * TEN_18;
    const frac = text.slice(dot + 1, dot + 19);
    return BigInt(text.slice(0, dot) + frac) * SCALE_UP[frac.length]!;
  }
  const decimal = toDecimalString(n);
  if (decimal === null) throw new Error(`not a usable amount: ${n}`);
  return fromDecimal(decimal) / TEN_18;
}

/** A positive finite number as a scaled amount (its shortest decimal form, 18 decimals at most). */
export function scaled(n: number): bigint {
  return scaled18(n) * TEN_18;
}
