/**
 * Typing helpers for the quantity, price and alert-value fields (SPEC.md section 5): the field accepts
 * digits and one dot and shows thousands commas from 1,000 while the user types.
 */

/**
 * The text to show after a keystroke: every character but digits and the first dot dropped, leading
 * zeros of the whole part dropped ('007' -> '7', '0.5' stays), the whole part grouped from 1,000
 * ('1234.5' -> '1,234.5'). A trailing dot and fraction zeros are kept so typing '1.' then '1.0' works.
 */
export function formatNumberInput(text: string): string {
  let whole = '';
  let fraction = '';
  let hasDot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (hasDot) fraction += ch;
      else whole += ch;
    } else if (ch === '.' && !hasDot) {
      hasDot = true;
    }
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  const grouped = whole.length >= 4 ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
  return hasDot ? `${grouped}.${fraction}` : grouped;
}

const PLAIN_DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * The number a field holds: commas and blanks removed, then a plain non-negative decimal ('1,234.5' ->
 * 1234.5, '1.' -> 1, '.5' -> 0.5). NaN for an empty field or anything else ('-1', '1e3', 'abc', '1.2.3', a number too large for a double).
 */
export function parseNumberInput(text: string): number {
  const compact = text.replace(/[,\s]/g, '');
  if (!PLAIN_DECIMAL.test(compact)) return NaN;
  const n = Number(compact);
  return Number.isFinite(n) ? n : NaN;
}
