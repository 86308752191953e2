/**
 * Numbers as the CSV exports write them. Computed amounts carry up to 36 decimals (an average cost
 * '47514.10620998497447240505326', a balance of quantity x price), more than anyone reads or a spreadsheet
 * keeps: money is written to 8 decimals, or to 10 significant digits where a coin is priced below a cent,
 * trailing zeros trimmed ('47514.10620998', '0.00001234567891'). Quantities are written exactly as held,
 * trailing zeros trimmed: they are what the user or the exchange entered, and an export imported back must
 * give the same holdings. Exact decimal arithmetic: no double rounding errors.
 */
import { fromDecimal, toDecimal, WORK_SCALE } from '../transactions/fixed-point.ts';

/** Decimals of a written amount of money, at least. */
export const EXPORT_MONEY_DECIMALS = 8;
/** Significant digits of a written amount of money below a cent, at least. */
export const EXPORT_MONEY_DIGITS = 10;

/** Decimal places that keep `digits` significant digits of the plain decimal `text`. */
function placesFor(text: string, digits: number): number {
  const [int = '', frac = ''] = text.replace(/^-/, '').split('.');
  const intDigits = int.replace(/^0+/, '').length;
  if (intDigits > 0) return digits - intDigits;
  const zeros = /^0*/.exec(frac)![0].length;
  return zeros + digits;
}

/** `text` rounded half away from zero to `places` decimals (0 to 36), trailing zeros trimmed. */
function roundTo(text: string, places: number): string {
  return toDecimal(fromDecimal(text), Math.min(WORK_SCALE, Math.max(0, places)));
}

/** An amount of money: 8 decimals, or 10 significant digits when smaller; '' stays ''. */
export function exportMoney(text: string): string {
  if (text === '') return '';
  return roundTo(text, Math.max(EXPORT_MONEY_DECIMALS, placesFor(text, EXPORT_MONEY_DIGITS)));
}

/** A quantity exactly as held, trailing zeros trimmed ('0.5' for a stored '0.500000000000000000'). */
export function exportQuantity(text: string): string {
  return toDecimal(fromDecimal(text), WORK_SCALE);
}
