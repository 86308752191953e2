/**
 * Number fields (quantity, prices, alert values; SPEC.md section 5): what the user typed
 * is read by their locale, comma decimals included, and shown with thousands separators from 1,000.
 * Nothing typed is silently dropped: text that cannot be read stays as typed and gets a message, so
 * '1e5' or '0,5' is never saved as 15 or 5.
 */

/** A locale's decimal and thousands separators, as the user's browser writes numbers. */
export interface NumberSeparators {
  decimal: '.' | ',';
  group: string;
}

const DEFAULT_LOCALE = 'en-US';
const separatorCache = new Map<string, NumberSeparators>();

/** The separators of `locale` (a BCP 47 tag, default en-US); en-US's for a tag Intl does not know. */
export function numberSeparators(locale: string = DEFAULT_LOCALE): NumberSeparators {
  const cached = separatorCache.get(locale);
  if (cached) return cached;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  } catch {
    parts = new Intl.NumberFormat(DEFAULT_LOCALE).formatToParts(1234567.5);
  }
  const decimal = parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
  const group = parts.find((p) => p.type === 'group')?.value ?? (decimal === ',' ? '.' : ',');
  const found: NumberSeparators = { decimal, group };
  separatorCache.set(locale, found);
  return found;
}

/** Why a field's text is not a number. */
export type NumberProblem = 'empty' | 'negative' | 'unreadable';

/**
 * A field's text, read. `decimal` is the value as a plain decimal string ('1234.5'), for payloads that
 * must not pass through a float; `whole` and `fraction` are the digits as typed (leading zeros of the
 * whole part dropped), `hasSeparator` whether a decimal separator was typed (so '12.' stays '12.').
 */
export type NumberReading =
  | { ok: true; value: number; decimal: string; whole: string; fraction: string; hasSeparator: boolean }
  | { ok: false; problem: NumberProblem };

/** Blanks and apostrophes people and locales put between thousands (fr: narrow no-break space, de-CH: '). */
const GROUP_FILLERS = /[\s\u00a0\u202f'’]/g;

/**
 * Reads a field by the user's locale. Both '.' and ',' are understood:
 * - both present: the last one is the decimal separator, the other groups thousands ('1.234,5', '1,234.5');
 * - one kind, several times: thousands groups ('1,234,567');
 * - one kind, once: the locale's decimal separator is a decimal; the other is a thousands separator only
 *   in the shape '1,234' (one to three digits, not starting with 0, then exactly three), otherwise a
 *   decimal ('0,5' and '12,50' read as 0.5 and 12.5 in en-US; '1.234' as 1234 in de-DE).
 * Blanks and apostrophes between digits are thousands separators. Anything else ('1e5', '$5', '1.2.3',
 * '12,34,5') is unreadable; a leading minus is 'negative'.
 */
export function readNumberInput(text: string, locale?: string): NumberReading {
  const compact = text.replace(GROUP_FILLERS, '');
  if (compact === '') return { ok: false, problem: 'empty' };
  if (compact.startsWith('-') || compact.startsWith('−')) {
    const rest = readNumberInput(compact.slice(1), locale);
    return rest.ok && rest.value > 0
      ? { ok: false, problem: 'negative' }
      : { ok: false, problem: 'unreadable' };
  }
  if (!/^[0-9.,]+$/.test(compact) || !/[0-9]/.test(compact)) return { ok: false, problem: 'unreadable' };
  const split = splitNumber(compact, numberSeparators(locale).decimal);
  if (!split) return { ok: false, problem: 'unreadable' };
  const whole = split.whole.replace(/^0+(?=\d)/, '');
  const fraction = split.fraction;
  const trimmedFraction = fraction.replace(/0+$/, '');
  const decimal = `${whole === '' ? '0' : whole}${trimmedFraction ? `.${trimmedFraction}` : ''}`;
  const value = Number(decimal);
  if (!Number.isFinite(value)) return { ok: false, problem: 'unreadable' };
  return { ok: true, value, decimal, whole, fraction, hasSeparator: split.hasSeparator };
}

/** The whole and fraction digits of a text of digits, dots and commas; null when the separators make no sense. */
function splitNumber(
  text: string,
  localeDecimal: '.' | ',',
): { whole: string; fraction: string; hasSeparator: boolean } | null {
  const dots = count(text, '.');
  const commas = count(text, ',');
  if (dots === 0 && commas === 0) return { whole: text, fraction: '', hasSeparator: false };
  if (dots > 0 && commas > 0) {
    const decimalChar = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    if (count(text, decimalChar) > 1) return null;
    const at = text.lastIndexOf(decimalChar);
    const whole = ungroup(text.slice(0, at), decimalChar === '.' ? ',' : '.');
    return whole === null ? null : { whole, fraction: text.slice(at + 1), hasSeparator: true };
  }
  const separator = dots > 0 ? '.' : ',';
  if (count(text, separator) > 1) {
    const whole = ungroup(text, separator);
    return whole === null ? null : { whole, fraction: '', hasSeparator: false };
  }
  const [before, after] = text.split(separator) as [string, string];
  const looksGrouped = /^[1-9]\d{0,2}$/.test(before) && /^\d{3}$/.test(after);
  if (separator !== localeDecimal && looksGrouped)
    return { whole: before + after, fraction: '', hasSeparator: false };
  return { whole: before, fraction: after, hasSeparator: true };
}

/**
 * The digits of a grouped whole part ('1,234,567' -> '1234567'); null when the groups are not thousands
 * groups. The first group has one to three digits, the last three; those between two or three (so the
 * Indian '12,34,567' reads too).
 */
function ungroup(text: string, separator: string): string | null {
  if (text === '' || !text.includes(separator)) return /^\d*$/.test(text) ? text : null;
  const groups = text.split(separator);
  const first = groups[0]!;
  const last = groups[groups.length - 1]!;
  const middle = groups.slice(1, -1);
  if (!/^\d{1,3}$/.test(first) || !/^\d{3}$/.test(last) || !middle.every((g) => /^\d{2,3}$/.test(g))) {
    return null;
  }
  return groups.join('');
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n += 1;
  return n;
}

/** The number a field holds, or NaN when it holds none (empty, negative or unreadable). */
export function parseNumberInput(text: string, locale?: string): number {
  const reading = readNumberInput(text, locale);
  return reading.ok ? reading.value : NaN;
}

/** Digits grouped by thousands from 1,000 ('1234567' -> '1,234,567'), with the locale's separator. */
function groupWhole(whole: string, group: string): string {
  const digits = whole === '' ? '' : whole;
  return digits.length >= 4 ? digits.replace(/\B(?=(\d{3})+$)/g, group) : digits;
}

/**
 * How a readable field is shown: thousands separated from 1,000 and the locale's decimal separator, every
 * typed fraction digit kept (a trailing separator too, so '12.' can go on to '12.5'). Text that cannot be
 * read is returned unchanged, for its message to explain.
 */
export function formatNumberInput(text: string, locale?: string): string {
  const reading = readNumberInput(text, locale);
  if (!reading.ok) return reading.problem === 'empty' ? '' : text;
  const { decimal, group } = numberSeparators(locale);
  const whole = groupWhole(reading.whole, group);
  return reading.hasSeparator ? `${whole === '' ? '0' : whole}${decimal}${reading.fraction}` : whole;
}

/**
 * A value for a field (a prefilled price), from a number or a plain decimal string ('1.234' is one point
 * two three four, whatever the locale): shown as formatNumberInput shows it. '' for anything else.
 */
export function numberInputValue(value: number | string, locale?: string): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? plain(value) : '') : value.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || text === '' || text === '.') return '';
  const { decimal, group } = numberSeparators(locale);
  const whole = groupWhole(match[1]!.replace(/^0+(?=\d)/, ''), group) || '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}${decimal}${fraction}` : whole;
}

/** A non-negative number without exponent notation. */
function plain(value: number): string {
  if (value < 0) return '';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/**
 * The text shown after a keystroke. While the field holds a number the app formatted (or nothing) and
 * the user types digits or the locale's decimal separator, it is formatted again, so thousands
 * separators appear as they type ('1234' -> '1,234') and go away as they delete ('12,34' after
 * '12,345' is 1,234, not 12.34). Anything else (a separator they typed themselves, a letter, a paste)
 * is left exactly as typed, to be read on blur or refused with a message.
 */
export function typeNumberInput(previous: string, next: string, locale?: string): string {
  const { decimal, group } = numberSeparators(locale);
  const ours =
    previous === '' ||
    (readNumberInput(previous, locale).ok && formatNumberInput(previous, locale) === previous);
  const groupsBefore = count(previous, group);
  const groupsAfter = count(next, group);
  if (!ours || groupsAfter > groupsBefore) return next;
  const bare = next.split(group).join('');
  const pattern = new RegExp(`^\\d*(?:${decimal === '.' ? '\\.' : ','}\\d*)?$`);
  if (!pattern.test(bare) || bare === decimal) return next;
  // Read with the locale's rule only: here a lone separator is always the user's decimal.
  const [whole, fraction] = bare.split(decimal) as [string, string | undefined];
  const grouped = groupWhole(whole.replace(/^0+(?=\d)/, ''), group);
  return fraction === undefined ? grouped : `${grouped === '' ? '0' : grouped}${decimal}${fraction}`;
}

/** An example number in the locale's writing, for messages: '1,234.56' or '1.234,56'. */
export function numberExample(locale?: string): string {
  const { decimal, group } = numberSeparators(locale);
  return `1${group}234${decimal}56`;
}

/**
 * The message for a field that holds no usable number, or null when it holds one. `label` names the
 * field ('Quantity'); `allowZero` accepts 0 (otherwise 0 is 'must be more than 0').
 */
export function numberInputMessage(
  label: string,
  text: string,
  locale?: string,
  options: { allowZero?: boolean } = {},
): string | null {
  const reading = readNumberInput(text, locale);
  if (reading.ok) {
    return reading.value > 0 || options.allowZero ? null : `${label} must be more than 0.`;
  }
  if (reading.problem === 'empty') return `Please enter ${label.toLowerCase()}.`;
  if (reading.problem === 'negative') return `${label} must be more than 0.`;
  return `${label}: "${text.trim()}" is not a number. Use digits and one decimal separator, like ${numberExample(locale)}.`;
}
