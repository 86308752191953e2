/**
 * Exact decimal arithmetic for alert math: canonical decimal strings (see decimal.ts) as BigInts
 * scaled by 10^18, the scale of the `numeric` columns, so a trigger price computed here equals the
 * one Postgres compares against to the last digit.
 */
import { DECIMAL_SCALE, toDecimalString } from '../decimal.ts';

const SCALE = 10n ** BigInt(DECIMAL_SCALE);

/** A non-negative decimal string or number as a scaled BigInt; null when it is not one. */
export function toScaled(value: string | number): bigint | null {
  const decimal = toDecimalString(value);
  if (decimal === null) return null;
  const [int, frac = ''] = decimal.split('.') as [string, string?];
  return BigInt(int) * SCALE + BigInt(frac.padEnd(DECIMAL_SCALE, '0') || '0');
}

/** A scaled BigInt (negative values are clamped to 0) as a canonical decimal string. */
export function fromScaled(value: bigint): string {
  const v = value < 0n ? 0n : value;
  const int = v / SCALE;
  const frac = (v % SCALE).toString().padStart(DECIMAL_SCALE, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
}

/** `value * (100 + pct) / 100` for a signed percentage, truncated to 18 decimals; null below zero. */
export function applyPercent(value: bigint, pct: bigint, sign: 1 | -1): bigint | null {
  const hundred = 100n * SCALE;
  const factor = sign === 1 ? hundred + pct : hundred - pct;
  if (factor <= 0n) return null;
  return (value * factor) / hundred;
}
