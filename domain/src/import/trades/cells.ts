/**
 * Reading the cells of exchange trade-history exports (issue 18 item 3): amounts as exact decimal strings,
 * times as UTC instants, trading pairs split into coin and quote, and a stable hash for exports whose rows
 * carry no id. Pure and quick: a 20,000-row file goes through these once per cell.
 */

/** An amount with its sign, as a canonical non-negative decimal string (at most 18 decimals). */
export interface SignedDecimal {
  negative: boolean;
  value: string;
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/**
 * An exchange amount as an exact decimal: '$1,234.50' -> 1234.5, '-0.00150000' -> negative 0.0015,
 * '1.5E-05' -> 0.000015. Blanks, '$' and thousands commas are dropped; more than 18 decimals are cut
 * (the database keeps 18). Null for anything else.
 */
export function readDecimal(text: string | undefined): SignedDecimal | null {
  if (text === undefined) return null;
  let s = text.trim();
  if (s.indexOf(',') !== -1 || s.indexOf('$') !== -1 || s.indexOf(' ') !== -1) s = s.replace(/[$,\s]/g, '');
  if (s.startsWith('-$') || s.startsWith('+$')) s = s[0] + s.slice(2);
  const match = PLAIN.exec(s);
  if (!match) return null;
  const [, sign, intDigits = '', fracDigits = '', exponent] = match;
  if (intDigits === '' && fracDigits === '') return null;
  let digits = intDigits + fracDigits;
  let point = intDigits.length;
  if (exponent !== undefined) point += Number(exponent);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    digits = digits.padEnd(point, '0');
  }
  const intPart = digits.slice(0, point).replace(/^0+/, '') || '0';
  const fracPart = digits.slice(point, point + 18).replace(/0+$/, '');
  const value = fracPart ? `${intPart}.${fracPart}` : intPart;
  return { negative: sign === '-' && value !== '0', value };
}

/** An amount with the asset written after it, as Binance writes them: '0.00150000BTC'. */
export function readAmountWithAsset(
  text: string | undefined,
): { amount: SignedDecimal; asset: string } | null {
  if (text === undefined) return null;
  const match = /^\s*([-+]?[\d.,]+(?:[eE][+-]?\d+)?)\s*([A-Za-z][A-Za-z0-9]*)\s*$/.exec(text);
  if (!match) return null;
  const amount = readDecimal(match[1]);
  return amount ? { amount, asset: match[2]!.toUpperCase() } : null;
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

// Quote suffixes of concatenated pairs ('BTCUSDT'), longest first so 'USDT' wins over 'USD'.
const PAIR_QUOTES = [
  'FDUSD',
  'PYUSD',
  'USDT',
  'USDC',
  'BUSD',
  'TUSD',
  'USDP',
  'ZUSD',
  'ZEUR',
  'ZGBP',
  'ZCAD',
  'ZJPY',
  'XXBT',
  'XETH',
  'USD',
  'DAI',
  'EUR',
  'GBP',
  'CAD',
  'JPY',
  'AUD',
  'CHF',
  'TRY',
  'BRL',
  'XBT',
  'BTC',
  'ETH',
  'BNB',
] as const;

/** A trading pair split into the coin traded and the currency it is priced in: 'BTCUSDT' -> BTC / USDT. */
export function splitPair(pair: string): { base: string; quote: string } | null {
  const text = pair.trim().toUpperCase();
  const slash = text.search(/[/\-_]/);
  if (slash > 0) {
    const base = text.slice(0, slash);
    const quote = text.slice(slash + 1);
    return base && quote ? { base, quote } : null;
  }
  for (const quote of PAIR_QUOTES) {
    if (text.length > quote.length && text.endsWith(quote)) {
      return { base: text.slice(0, text.length - quote.length), quote };
    }
  }
  return null;
}

/**
 * A 64-bit FNV-1a hash of `text` as 16 hex digits (two 32-bit lanes with different offsets). Stable
 * across runs and machines: the reference of an export row that has no id of its own.
 */
export function stableHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
