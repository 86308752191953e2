/**
 * Numbers as the CSV exports write them: stored and computed amounts carry up to 36 decimals
 * ('47514.10620998497447240505326'), more than anyone reads or a spreadsheet keeps. A quantity is written
 * to 8 decimals (a satoshi); money to 8 significant digits and never fewer than cents, so a cost of a tiny
 * holding keeps its digits and re-importing an export gives back each purchase price to 8 significant
 * digits. Trailing zeros are trimmed. Exact decimal arithmetic: no double rounding errors.
 */
import { fromDecimal, toDecimal, WORK_SCALE } from '../transactions/fixed-point.ts';

/** Decimals of a written quantity. */
export const EXPORT_QUANTITY_DECIMALS = 8;
/** Significant digits of a written amount of money. */
export const EXPORT_MONEY_DIGITS = 8;

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

/** An amount of money: 8 significant digits, at least cents ('47514.106', '0.000012345678'); '' stays ''. */
export function exportMoney(text: string): string {
  if (text === '') return '';
  return roundTo(text, Math.max(2, placesFor(text, EXPORT_MONEY_DIGITS)));
}

/**
 * A quantity to 8 decimals ('0.12345679'); a dust quantity below that, which would read as nothing held,
 * keeps 8 significant digits instead.
 */
export function exportQuantity(text: string): string {
  const rounded = roundTo(text, EXPORT_QUANTITY_DECIMALS);
  if (rounded !== '0' || fromDecimal(text) === 0n) return rounded;
  return roundTo(text, placesFor(text, EXPORT_MONEY_DIGITS));
}
