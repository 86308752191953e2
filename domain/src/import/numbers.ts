/** Number reading shared by the importers. */

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a number the way a spreadsheet or exchange writes it: `$` signs, thousands commas and surrounding
 * blanks are dropped ('$1,234.50' -> 1234.5, '-$12.50' -> -12.5, '1.5E-05' -> 0.000015). Returns NaN for
 * anything else, including '', 'Infinity', hex and numbers with other text around them; never Infinity
 * (a value too large for a double is NaN too).
 */
export function parseAmount(text: string): number {
  let s = text;
  if (s.indexOf(',') !== -1 || s.indexOf('$') !== -1) s = s.replace(/[$,]/g, '');
  s = s.trim();
  if (s === '' || !PLAIN_NUMBER.test(s)) return NaN;
  const n = Number(s);
  return Number.isFinite(n) ? n : NaN;
}
