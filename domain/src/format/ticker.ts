/** Formatting for the ticker bar (SPEC.md sections 2 'Ticker bar' and 9 'Formatting'). */
import { MISSING_NUMBER } from './missing.ts';

const price = (decimals: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  });
const PRICE_2 = price(2);
const PRICE_4 = price(4);
const CHANGE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A ticker price in USD by its absolute size: 1000 or more with 2 decimals and grouping ('$97,480.10'),
 * 1 to under 1000 with 2 decimals ('$190.35'), under 1 with 4 decimals ('$0.4500'). The size is taken
 * before rounding, so 0.99999 shows as '$1.0000'. NaN or infinite gives '—'.
 */
export function formatTickerPrice(usd: number): string {
  if (!Number.isFinite(usd)) return MISSING_NUMBER;
  return Math.abs(usd) < 1 ? PRICE_4.format(usd) : PRICE_2.format(usd);
}

/**
 * A 24h change in percent units, as its absolute value with 2 decimals: -2.345 -> '2.35%'. The sign is
 * shown by the marker from {@link tickerChangeDirection}. NaN or infinite gives '—'.
 */
export function formatTickerChange(percent: number): string {
  return Number.isFinite(percent) ? `${CHANGE.format(Math.abs(percent))}%` : MISSING_NUMBER;
}

/** Which marker a change gets. */
export type ChangeDirection = 'up' | 'down' | 'flat';

/**
 * The marker for a change in percent: 'up' or 'down' by sign, 'flat' when it shows as '0.00%' (so a
 * marker never contradicts the figure beside it) or is not a finite number.
 */
export function tickerChangeDirection(percent: number): ChangeDirection {
  if (!Number.isFinite(percent) || Math.abs(percent) < 0.005) return 'flat';
  return percent > 0 ? 'up' : 'down';
}
