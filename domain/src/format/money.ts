/**
 * Money, percent and quantity formatting for the portfolio screens (SPEC.md section 9, 'Formatting').
 * All output is en-US ('1,234.56'). Negative amounts put the sign before the dollar sign ('-$12.50');
 * a value that rounds to zero never shows a minus sign. NaN and ±Infinity give MISSING_NUMBER ('—').
 */
import { MISSING_NUMBER } from './missing.ts';

const usd = (min: number, max: number, extra: Intl.NumberFormatOptions = {}) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    signDisplay: 'negative',
    ...extra,
  });

const USD = usd(2, 2);
const USD_6 = usd(6, 6);
const USD_10 = usd(10, 10);
const USD_SCIENTIFIC = usd(2, 2, { notation: 'scientific' });
const USD_2_TO_8 = usd(2, 8);
const PERCENT = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const QUANTITY = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 6,
  maximumFractionDigits: 6,
  signDisplay: 'negative',
});

/** A USD amount with 2 decimals and grouping: 1234.5 -> '$1,234.50', -12.5 -> '-$12.50', 0 -> '$0.00'. */
export function formatUsd(value: number): string {
  return Number.isFinite(value) ? USD.format(value) : MISSING_NUMBER;
}

/**
 * A coin price in the portfolio table (SPEC.md section 9), by its absolute size: below 1e-8 in exponent
 * form ('$1.23E-9'), below 0.001 with 10 decimals ('$0.0001234500'), below 1 with 6 decimals
 * ('$0.450000'), otherwise as a USD amount ('$97,480.10'). Zero is '$0.00' (the table shows
 * 'No price data' for a zero current price itself).
 */
export function formatPortfolioPrice(price: number): string {
  if (!Number.isFinite(price)) return MISSING_NUMBER;
  const size = Math.abs(price);
  if (size === 0) return USD.format(0);
  if (size < 1e-8) return USD_SCIENTIFIC.format(price);
  if (size < 0.001) return USD_10.format(price);
  if (size < 1) return USD_6.format(price);
  return USD.format(price);
}

/**
 * The per-coin purchase price in the add-coin preview: 2 to 8 decimals, as many as the value needs
 * (0.5 -> '$0.50', 0.00001234 -> '$0.00001234', 97480.1 -> '$97,480.10').
 */
export function formatPreviewPrice(price: number): string {
  return Number.isFinite(price) ? USD_2_TO_8.format(price) : MISSING_NUMBER;
}

/**
 * A percentage given in percent units (5 means 5 %), 2 decimals with its sign: '+5.00%', '-3.22%'.
 * A value that rounds to zero is '0.00%', without sign.
 */
export function formatPercent(percent: number): string {
  return Number.isFinite(percent) ? `${PERCENT.format(percent)}%` : MISSING_NUMBER;
}

/** A coin quantity with 6 decimals and grouping: 1234.5 -> '1,234.500000'. */
export function formatQuantity(quantity: number): string {
  return Number.isFinite(quantity) ? QUANTITY.format(quantity) : MISSING_NUMBER;
}
