/**
 * Amounts of the performance walk: numbers (prices, rates) as exact bigints scaled by 10^18 or 10^36
 * (fixed-point.ts), with at most 18 decimals so that a product with a quantity is exact.
 */
import { toDecimalString } from '../decimal.ts';
import { ONE, fromDecimal, roundDiv } from '../transactions/fixed-point.ts';

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

const HALF_18 = TEN_18 / 2n;

/** n / 10^18 rounded half away from zero: roundDiv(n, 10^18) without its general sign handling. */
export function roundDiv18(n: bigint): bigint {
  return n >= 0n ? (n + HALF_18) / TEN_18 : -((-n + HALF_18) / TEN_18);
}

/** A decimal text parsed to 10^36 and, when it has at most 18 decimals, to 10^18 as well. */
export interface ParsedAmount {
  v36: bigint;
  v18: bigint | null;
}

/** A parser of decimal texts that parses each distinct text once. */
export function amountParser(): (text: string) => ParsedAmount {
  const parsed = new Map<string, ParsedAmount>();
  return (text) => {
    let amount = parsed.get(text);
    if (amount === undefined) {
      const v36 = fromDecimal(text);
      amount = { v36, v18: v36 % TEN_18 === 0n ? v36 / TEN_18 : null };
      parsed.set(text, amount);
    }
    return amount;
  };
}

const HALF_36 = ONE / 2n;

/** n / 10^36 rounded half away from zero: the rounding of mul(). */
export function roundDiv36(n: bigint): bigint {
  return n >= 0n ? (n + HALF_36) / ONE : -((-n + HALF_36) / ONE);
}

/** a / b, both scaled by 10^36, rounded half away from zero: div() for a b above 0. */
export function divPositive(a: bigint, b: bigint): bigint {
  const n = a * ONE;
  const half = b >> 1n;
  return n >= 0n ? (n + half) / b : -((-n + half) / b);
}

/** n / d as a number rounded to 10^-10; null when d is not above 0. */
export function ratio(n: bigint, d: bigint): number | null {
  if (d <= 0n) return null;
  return Number(roundDiv(n * 10n ** 10n, d)) / 1e10;
}

/** Modified Dietz: gain over the start value plus the flows weighted by the share of the range after them. */
export function modifiedDietz(
  window: { from: number; to: number },
  startValue: bigint,
  endValue: bigint,
  flows: readonly { t: number; amount: bigint }[],
): number | null {
  const length = BigInt(window.to - window.from);
  let net = 0n;
  let weighted = 0n;
  for (const flow of flows) {
    net += flow.amount;
    weighted += length > 0n ? roundDiv(flow.amount * BigInt(window.to - flow.t), length) : 0n;
  }
  return ratio(endValue - startValue - net, startValue + weighted);
}
