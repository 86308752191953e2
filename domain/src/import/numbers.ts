/** Number reading shared by the importers. */

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// Comma decimals as Europe writes them: '0,5', '1.234,56', '1 234,56' (blanks already removed), '12,'.
const COMMA_DECIMAL_NUMBER = /^[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d*)?$|^[+-]?,\d+$/;
// Blanks used as thousands separators: space, no-break space, narrow no-break space, thin space.
const GROUP_BLANKS = /(?<=\d)[ \u00a0\u202f\u2009](?=\d{3}(?!\d))/g;

/** Which character separates the decimals: '.' (1,234.56) or ',' (1.234,56). */
export type DecimalMark = '.' | ',';

/**
 * Reads a number the way a spreadsheet or exchange writes it: `$` signs and surrounding blanks are
 * dropped, and thousands separators: commas with `decimal` '.' ('$1,234.50' -> 1234.5, '-$12.50' -> -12.5,
 * '1.5E-05' -> 0.000015), dots or blanks with `decimal` ',' ('1.234,56' -> 1234.56, '0,5' -> 0.5,
 * '1 234,5' -> 1234.5). Returns NaN for anything else, including '', 'Infinity', hex and numbers with
 * other text around them; never Infinity (a value too large for a double is NaN too).
 */
export function parseAmount(text: string, decimal: DecimalMark = '.'): number {
  if (decimal === ',') return parseCommaDecimal(text);
  let s = text;
  if (s.indexOf(',') !== -1 || s.indexOf('$') !== -1) s = s.replace(/[$,]/g, '');
  s = s.trim();
  if (s === '' || !PLAIN_NUMBER.test(s)) return NaN;
  const n = Number(s);
  return Number.isFinite(n) ? n : NaN;
}

function parseCommaDecimal(text: string): number {
  const s = text.replace(/\$/g, '').trim().replace(GROUP_BLANKS, '');
  if (s === '' || !COMMA_DECIMAL_NUMBER.test(s)) return NaN;
  const n = Number(s.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : NaN;
}

const COMMA_ONLY_DECIMAL = /^[+-]?\$?\s*\d+,(?:\d{1,2}|\d{4,})$/;
const COMMA_DECIMAL_WITH_DOT_GROUPS = /^[+-]?\$?\s*\d{1,3}(?:\.\d{3})+,\d+$/;
const DOT_ONLY_DECIMAL = /^[+-]?\$?\s*\d+\.(?:\d{1,2}|\d{4,})$/;
const DOT_DECIMAL_WITH_COMMA_GROUPS = /^[+-]?\$?\s*\d{1,3}(?:,\d{3})+\.\d+$/;
const LEADING_ZERO_COMMA = /^[+-]?\$?\s*0,\d+$/;
const LEADING_ZERO_DOT = /^[+-]?\$?\s*0\.\d+$/;

/**
 * The decimal mark the number cells of one file use. A cell that can only be read one way decides it
 * ('0,5', '12,25', '1.234,56' say ','; '0.5', '12.25', '1,234.56' say '.'); '1,234' or '1.234' alone say
 * nothing. With no evidence, or conflicting evidence, a semicolon-separated file is taken to use comma
 * decimals (spreadsheets in comma-decimal locales write ';' because ',' is their decimal mark) and any
 * other file dot decimals.
 */
export function detectDecimalMark(cells: Iterable<string>, delimiter: string): DecimalMark {
  let comma = 0;
  let dot = 0;
  for (const raw of cells) {
    const cell = raw.trim();
    if (cell === '') continue;
    if (
      COMMA_ONLY_DECIMAL.test(cell) ||
      COMMA_DECIMAL_WITH_DOT_GROUPS.test(cell) ||
      LEADING_ZERO_COMMA.test(cell)
    ) {
      comma++;
    } else if (
      DOT_ONLY_DECIMAL.test(cell) ||
      DOT_DECIMAL_WITH_COMMA_GROUPS.test(cell) ||
      LEADING_ZERO_DOT.test(cell)
    ) {
      dot++;
    }
  }
  if (comma > 0 && dot === 0) return ',';
  if (dot > 0 && comma === 0) return '.';
  return delimiter === ';' ? ',' : '.';
}
