/**
 * Reading the cells of exchange trade-history exports: amounts as exact decimal strings,
 * times as UTC instants, trading pairs split into coin and quote, and a stable hash for exports whose rows
 * carry no id. Pure and quick: a 20,000-row file goes through these once per cell.
 */

/** An amount with its sign, as a canonical non-negative decimal string (at most 18 decimals). */
export interface SignedDecimal {
  negative: boolean;
  value: string;
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;
// Thousands commas only where they group the whole part in threes: '1,234.5', never '1.234,5' or '1,2'.
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * An exchange amount as an exact decimal: '$1,234.50' -> 1234.5, '-0.00150000' -> negative 0.0015.
 * Blanks, '$' and thousands commas are dropped; more than 18 decimals are cut (the database keeps 18).
 * Null for anything else: an exponent ('1e30', '1.5E-05': a spreadsheet's rewrite, which may have rounded
 * the amount, and which the asset reader would take for part of a name), commas that do not group
 * thousands, hex, 'Infinity'.
 */
export function readDecimal(text: string | undefined): SignedDecimal | null {
  if (text === undefined) return null;
  const plain = plainDecimal(text);
  if (plain !== null) return { negative: false, value: plain };
  let s = text.trim();
  if (s.indexOf('$') !== -1 || s.indexOf(' ') !== -1) s = s.replace(/[$\s]/g, '');
  if (s.indexOf(',') !== -1) {
    if (!GROUPED.test(s)) return null;
    s = s.replace(/,/g, '');
  }
  const match = PLAIN.exec(s);
  if (!match) return null;
  const [, sign, intDigits = '', fracDigits = ''] = match;
  if (intDigits === '' && fracDigits === '') return null;
  const intPart = intDigits.replace(/^0+/, '') || '0';
  const fracPart = fracDigits.slice(0, 18).replace(/0+$/, '');
  const value = fracPart ? `${intPart}.${fracPart}` : intPart;
  return { negative: sign === '-' && value !== '0', value };
}

/**
 * True when `text` is a number written with an exponent, alone or before an asset ('1e30', '1.5E-05',
 * '-2e+3BTC'): digits, then e or E, then a digit or a signed digit. '100EOS' is no exponent. One pass over
 * the leading characters, no regular expression: every amount of a 20,000-row export is asked.
 */
export function hasExponent(text: string): boolean {
  let i = 0;
  const n = text.length;
  // Leading blanks, signs and a dollar sign.
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c > 32 && c !== 36 && c !== 43 && c !== 45) break;
    i++;
  }
  let digits = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits = true;
    else if (c !== 46 && c !== 44) break;
  }
  if (!digits || i >= n || (text.charCodeAt(i) | 0x20) !== 101) return false;
  let next = text.charCodeAt(i + 1);
  if (next === 43 || next === 45) next = text.charCodeAt(i + 2);
  return next >= 48 && next <= 57;
}

/**
 * Where the asset starts in an amount written with its asset ('0.5BTC' -> 3): at the first letter, after
 * at least one other character ('1INCH' is read as 1 of INCH, as any reader of the text would); -1 when
 * there is no such split.
 */
export function assetStart(text: string): number {
  let split = 0;
  while (split < text.length) {
    const c = text.charCodeAt(split) | 0x20;
    if (c >= 97 && c <= 122) break;
    split++;
  }
  return split === 0 || split === text.length ? -1 : split;
}

/** An amount with the asset written after it, as Binance writes them: '0.00150000BTC'. */
export function readAmountWithAsset(
  text: string | undefined,
): { amount: SignedDecimal; asset: string } | null {
  if (text === undefined) return null;
  const s = text.trim();
  const split = assetStart(s);
  if (split === -1) return null;
  const amount = readDecimal(s.slice(0, split));
  return amount ? { amount, asset: s.slice(split).toUpperCase() } : null;
}

/** The asset written after an amount ('0.5BTC' -> 'BTC'), upper case; '' when there is none. */
export function assetOf(text: string): string {
  const split = assetStart(text);
  if (split === -1) return '';
  return upperCase(text.slice(split).trim());
}

/**
 * `text` in upper case, as String#toUpperCase writes it; `text` itself when it has no lower-case letter
 * (the usual 'BTC'), without the call, which makes a new string either way.
 */
export function upperCase(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c > 127) return text.toUpperCase();
  }
  return text;
}

/**
 * The canonical form of a plain unsigned decimal ('0042.50000' -> '42.5'), or null when `s` is anything
 * else (signs, separators, exponents, blanks: the general reading handles those). The common case of
 * every export, read without a regular expression or a throwaway string.
 */
export function plainDecimal(s: string): string | null {
  const n = s.length;
  if (n === 0) return null;
  let dot = -1;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      if (dot !== -1) return null;
      dot = i;
    } else if (c < 48 || c > 57) {
      return null;
    }
  }
  if (dot === 0 || dot === n - 1) return null;
  const intEnd = dot === -1 ? n : dot;
  let start = 0;
  while (start < intEnd - 1 && s.charCodeAt(start) === 48) start++;
  if (dot === -1) return start === 0 ? s : s.slice(start);
  let end = n;
  if (end - dot - 1 > 18) end = dot + 1 + 18;
  while (end > dot + 1 && s.charCodeAt(end - 1) === 48) end--;
  if (end === dot + 1) end = dot;
  return start === 0 && end === n ? s : s.slice(start, end);
}

/** a x b of two canonical decimals, exact, then rounded half up to 18 decimals. */
export function mulDecimal(a: string, b: string): string {
  const as = scaleOf(a);
  const bs = scaleOf(b);
  // Exact in a double while both factors and the product are whole numbers below 2^53 (the usual
  // fee x price); otherwise in BigInt.
  const x = wholeOf(a);
  const y = wholeOf(b);
  if (x >= 0 && y >= 0 && as + bs <= 18) {
    const product = x * y;
    if (product <= Number.MAX_SAFE_INTEGER) return placePoint(product, as + bs);
  }
  return fromDigits(BigInt(a.replace('.', '')) * BigInt(b.replace('.', '')), as + bs);
}

/** a + b (sign 1) or a - b (sign -1) of two canonical decimals; null when a - b is below zero. */
export function addDecimal(a: string, b: string, sign: 1 | -1): string | null {
  const as = scaleOf(a);
  const bs = scaleOf(b);
  const scale = Math.max(as, bs);
  const xa = wholeOf(a);
  const yb = wholeOf(b);
  if (xa >= 0 && yb >= 0) {
    const x = xa * 10 ** (scale - as);
    const y = yb * 10 ** (scale - bs);
    // Both exact whole numbers of the finer scale below 2^53 (x 10^k of an exact one stays exact there).
    if (x <= Number.MAX_SAFE_INTEGER && y <= Number.MAX_SAFE_INTEGER) {
      const sum = sign === 1 ? x + y : x - y;
      if (sum <= Number.MAX_SAFE_INTEGER) return sum < 0 ? null : placePoint(sum, scale);
    }
  }
  const x = BigInt(a.replace('.', '')) * 10n ** BigInt(scale - as);
  const y = BigInt(b.replace('.', '')) * 10n ** BigInt(scale - bs);
  const sum = sign === 1 ? x + y : x - y;
  return sum < 0n ? null : fromDigits(sum, scale);
}

/**
 * The digits of a canonical decimal read as one whole number ('12.05' -> 1205), or -1 when it has more than
 * 15 significant digits (a double would not hold it exactly).
 */
function wholeOf(decimal: string): number {
  let n = 0;
  let significant = 0;
  for (let i = 0; i < decimal.length; i++) {
    const c = decimal.charCodeAt(i);
    if (c === 46) continue;
    if (n > 0 || c !== 48) significant++;
    n = n * 10 + (c - 48);
  }
  return significant > 15 ? -1 : n;
}

/** Decimals a canonical decimal has. */
function scaleOf(decimal: string): number {
  const dot = decimal.indexOf('.');
  return dot === -1 ? 0 : decimal.length - dot - 1;
}

/** Digits of a whole number, lowest first (scratch). */
const DIGITS: number[] = [];
/**
 * The characters of a decimal being written, in an array of its exact length (scratch): resizing one
 * array is a call into the runtime, and results differ in length from row to row.
 */
const CODES_OF_LENGTH: number[][] = Array.from({ length: 40 }, (_, n) => new Array<number>(n).fill(0));

/**
 * The whole number `whole` (below 2^53) divided by 10^scale (scale at most 18), canonical, written in one
 * piece: String(whole) of a number this large, then slicing it around the point, cost a fee in the coin
 * more than reading the row.
 */
function placePoint(whole: number, scale: number): string {
  // In two halves below 2^31, so that the digits come from integer arithmetic and stay small integers
  // (an array holding doubles hands String.fromCharCode a boxed number per character).
  const low = whole % 1e8;
  let count = 0;
  for (let rest = low | 0, k = 0; k < 8; k++, rest = (rest / 10) | 0) DIGITS[count++] = rest % 10;
  for (let rest = ((whole - low) / 1e8) | 0; rest > 0; rest = (rest / 10) | 0) DIGITS[count++] = rest % 10;
  // No leading zeros, but a digit before the point.
  while (count > scale + 1 && DIGITS[count - 1] === 0) count--;
  while (count <= scale) DIGITS[count++] = 0;
  let end = 0;
  while (end < scale && DIGITS[end] === 0) end++;
  const codes = CODES_OF_LENGTH[count - scale + (end < scale ? 1 + scale - end : 0)]!;
  let n = 0;
  for (let i = count - 1; i >= scale; i--) codes[n++] = 48 + DIGITS[i]!;
  if (end < scale) {
    codes[n++] = 46;
    for (let i = scale - 1; i >= end; i--) codes[n++] = 48 + DIGITS[i]!;
  }
  return String.fromCharCode.apply(null, codes);
}

function fromDigits(value: bigint, scale: number): string {
  let v = value;
  let sc = scale;
  if (sc > 18) {
    const cut = 10n ** BigInt(sc - 18);
    v = (v + cut / 2n) / cut;
    sc = 18;
  }
  const digits = v.toString().padStart(sc + 1, '0');
  if (sc === 0) return digits;
  const intPart = digits.slice(0, digits.length - sc);
  let end = sc;
  const frac = digits.slice(digits.length - sc);
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  return end > 0 ? `${intPart}.${frac.slice(0, end)}` : intPart;
}

/** True when the canonical decimal `value` is above the whole number `max` (no decimals). */
export function isAbove(value: string, max: string): boolean {
  const dot = value.indexOf('.');
  const intLength = dot === -1 ? value.length : dot;
  if (intLength !== max.length) return intLength > max.length;
  const intPart = dot === -1 ? value : value.slice(0, dot);
  if (intPart !== max) return intPart > max;
  return dot !== -1;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The character codes of the instant `readInstant` writes, reused for every row: a string joined from
 * pieces is a chain that the first comparison copies flat, and the time of every trade is kept.
 */
const INSTANT = Array.from('YYYY-MM-DDTHH:MM:SS.000Z', (c) => c.charCodeAt(0));

/**
 * A time as an ISO 8601 instant in UTC ('2024-01-15T08:30:12.000Z'), or null. The common
 * 'YYYY-MM-DD HH:MM:SS' is read by position, without a Date; anything else goes through {@link readTime}.
 */
export function readInstant(text: string | undefined): string | null {
  if (text === undefined) return null;
  const s = text.trim();
  if (
    s.length === 19 &&
    s.charCodeAt(4) === 45 &&
    s.charCodeAt(7) === 45 &&
    (s.charCodeAt(10) === 32 || s.charCodeAt(10) === 84) &&
    s.charCodeAt(13) === 58 &&
    s.charCodeAt(16) === 58
  ) {
    const y = num(s, 0, 4);
    const mo = num(s, 5, 7);
    const d = num(s, 8, 10);
    const h = num(s, 11, 13);
    const mi = num(s, 14, 16);
    const sec = num(s, 17, 19);
    if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59)
      return null;
    const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
    if (d > DAYS_IN_MONTH[mo - 1]! + (mo === 2 && leap ? 1 : 0)) return null;
    for (let i = 0; i < 19; i++) if (i !== 10) INSTANT[i] = s.charCodeAt(i);
    return String.fromCharCode.apply(null, INSTANT);
  }
  const time = readTime(s);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The number the digits s[from..to) write, or -1 when one of them is not a digit. */
function num(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i;
// Bybit writes '14:35 2024-11-16'.
const TIME_FIRST = /^(\d{2}):(\d{2})(?::(\d{2}))? (\d{4})-(\d{2})-(\d{2})$/;

/**
 * A time as exports write it, read as UTC unless it names an offset: '2024-01-15 08:30:12',
 * '2024-01-15T08:30:12Z', '2024-01-15 08:30:12 UTC', '2024-01-15 08:30:12.1234' (Kraken), '14:35 2024-11-16'
 * (Bybit), or Unix seconds or milliseconds. Milliseconds since the epoch, or NaN.
 */
export function readTime(text: string | undefined): number {
  if (text === undefined) return NaN;
  const s = text.trim();
  let match = ISO_LIKE.exec(s);
  if (match) {
    const [, y, mo, d, h, mi, sec = '0', frac = '', zone] = match;
    const ms = Number(frac.slice(0, 3).padEnd(3, '0'));
    const time = utc(+y!, +mo!, +d!, +h!, +mi!, +sec, ms);
    if (!zone || /^(Z|UTC)$/i.test(zone)) return time;
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    return time - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  match = TIME_FIRST.exec(s);
  if (match) {
    const [, h, mi, sec = '0', y, mo, d] = match;
    return utc(+y!, +mo!, +d!, +h!, +mi!, +sec, 0);
  }
  if (/^\d{10}(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  if (/^\d{13}$/.test(s)) return Number(s);
  return NaN;
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return NaN;
  const time = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // 2024-02-31 rolls over to March in Date.UTC; a day the month does not have is not a date.
  return new Date(time).getUTCDate() === d ? time : NaN;
}

/** Quote currencies whose prices are taken as US dollars: the dollar and the big dollar stablecoins. */
export const USD_QUOTES: ReadonlySet<string> = new Set([
  'USD',
  'ZUSD',
  'USDT',
  'USDC',
  'BUSD',
  'FDUSD',
  'TUSD',
  'USDP',
  'DAI',
  'PYUSD',
]);
