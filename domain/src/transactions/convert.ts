/**
 * Transactions made in different currencies brought into one: each transaction's price and fee are
 * converted with the rate of its own UTC day, so a cost basis is never a sum of euros and dollars. Pure:
 * the stored daily rates come in as tables (the db reads them), and what could not be converted exactly
 * is returned, for the answer to say so.
 */
import { toDecimalString } from '../decimal.ts';
import { isDisplayCurrency, type DisplayCurrency } from '../format/currency.ts';
import type { HoldingTransaction } from './cost-basis.ts';
import { ONE, div, fromDecimal, mul, toDecimal } from './fixed-point.ts';

/** The currency of a transaction stored before transactions kept one. */
export const DEFAULT_TRANSACTION_CURRENCY = 'usd';

/** The currency a transaction's price and fee are in ('usd' when it carries none). */
export function currencyOf(t: { currency?: string | undefined }): string {
  return t.currency ?? DEFAULT_TRANSACTION_CURRENCY;
}

/** One stored daily figure: a UTC day (YYYY-MM-DD) and its value. */
export interface DayValue {
  day: string;
  value: number;
}

/**
 * The stored daily rates a conversion reads. Each list is ordered by day, oldest first.
 * - `fx`: units of each display currency (fiat, and BTC or ETH) one US dollar buys that day.
 * - `coins`: each coin's dollar close that day, by CoinGecko id (for trades priced in a coin).
 */
export interface DailyRateTables {
  fx: Readonly<Partial<Record<string, readonly DayValue[]>>>;
  coins: Readonly<Record<string, readonly DayValue[]>>;
}

/**
 * A rate: units of the target currency per unit of a transaction's currency, scaled by 10^36, and
 * whether it is the rate of the transaction's own day (false: the nearest stored day was used).
 */
export interface DayRate {
  rate: bigint;
  exact: boolean;
}

/** Units of the target per unit of `currency` on `day`; null when nothing is stored to convert with. */
export type RateOnDay = (currency: string, day: string) => DayRate | null;

/** A day whose own rate was not stored: the amounts of that day were converted otherwise, or not at all. */
export interface MissingRate {
  /** The transaction's currency. */
  currency: string;
  /** The transaction's UTC day. */
  day: string;
  /** 'nearest': the nearest stored day's rate was used; 'none': nothing is stored, the amount is unknown. */
  fallback: 'nearest' | 'none';
}

/** The UTC day of an ISO instant. */
export const utcDayOf = (at: string) => new Date(Date.parse(at)).toISOString().slice(0, 10);

/**
 * The value of `day` in a list ordered by day: that day's, else the last before it, else the first after
 * it (a history that starts later); null for an empty list.
 */
function lookUp(
  list: readonly DayValue[] | undefined,
  day: string,
): { value: number; exact: boolean } | null {
  if (!list || list.length === 0) return null;
  let lo = 0;
  let hi = list.length - 1;
  if (list[0]!.day > day) return { value: list[0]!.value, exact: false };
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]!.day <= day) lo = mid;
    else hi = mid - 1;
  }
  return { value: list[lo]!.value, exact: list[lo]!.day === day };
}

function scaled(value: number): bigint | null {
  const text = toDecimalString(value);
  if (text === null) return null;
  const v = fromDecimal(text);
  return v > 0n ? v : null;
}

/**
 * Rates into `target` from the stored tables: a display currency through its dollar rate, a coin (any
 * other id) through its dollar close, both of the transaction's day. The dollar is 1 on every day.
 */
export function ratesInto(target: DisplayCurrency, tables: DailyRateTables): RateOnDay {
  const cache = new Map<string, DayRate | null>();
  // Dollars per unit of `currency`.
  const dollarsPer = (currency: string, day: string): DayRate | null => {
    if (currency === 'usd') return { rate: ONE, exact: true };
    if (isDisplayCurrency(currency)) {
      const found = lookUp(tables.fx[currency], day);
      const rate = found && scaled(found.value);
      return found && rate ? { rate: div(ONE, rate), exact: found.exact } : null;
    }
    const found = lookUp(tables.coins[currency], day);
    const rate = found && scaled(found.value);
    return found && rate ? { rate, exact: found.exact } : null;
  };
  return (currency, day) => {
    if (currency === target) return { rate: ONE, exact: true };
    const key = `${currency} ${day}`;
    if (cache.has(key)) return cache.get(key)!;
    const from = dollarsPer(currency, day);
    const into = target === 'usd' ? { rate: ONE, exact: true } : dollarsPer(target, day);
    const rate = from && into ? { rate: div(from.rate, into.rate), exact: from.exact && into.exact } : null;
    cache.set(key, rate);
    return rate;
  };
}

/** A history in one currency, and the days whose own rate was missing. */
export interface ConvertedHistory {
  transactions: HoldingTransaction[];
  missing: MissingRate[];
}

/**
 * A holding's transactions with price and fee in the target currency of `rates`, each converted with
 * the rate of its own day. A transaction already in the target is left as it is. With no stored rate at
 * all its price and fee become 0 (not known, as a holding's purchase price 0 is) and it is listed in
 * `missing` with fallback 'none'; with only another day's rate, that rate is used and it is listed with
 * fallback 'nearest'.
 */
export function convertHistory(
  transactions: readonly HoldingTransaction[],
  target: string,
  rates: RateOnDay,
): ConvertedHistory {
  const missing: MissingRate[] = [];
  const seen = new Set<string>();
  const out = transactions.map((t): HoldingTransaction => {
    const currency = currencyOf(t);
    if (currency === target) return t;
    const day = utcDayOf(t.at);
    const found = rates(currency, day);
    if (!found || !found.exact) {
      const key = `${currency} ${day}`;
      if (!seen.has(key)) {
        seen.add(key);
        missing.push({ currency, day, fallback: found ? 'nearest' : 'none' });
      }
    }
    const rate = found?.rate ?? 0n;
    const convert = (amount: string) => toDecimal(mul(fromDecimal(amount), rate), 36);
    return { ...t, currency: target, pricePerCoin: convert(t.pricePerCoin), fee: convert(t.fee) };
  });
  return { transactions: out, missing };
}

/** The stored rates a conversion into `target` needs; null when every transaction is in `target`. */
export interface RatesWanted {
  /** Display currencies whose dollar rate is read (the target's own included when it is not the dollar). */
  currencies: string[];
  /** Coins (CoinGecko ids) whose dollar close is read. */
  coins: string[];
  /** The first transaction's day not in `target`. */
  fromDay: string;
}

/** What {@link convertHistory} of these histories into `target` will ask for. */
export function ratesWanted(
  histories: Iterable<readonly HoldingTransaction[]>,
  target: string,
): RatesWanted | null {
  const currencies = new Set<string>();
  const coins = new Set<string>();
  let fromDay: string | null = null;
  for (const list of histories) {
    for (const t of list) {
      const currency = currencyOf(t);
      if (currency === target) continue;
      (isDisplayCurrency(currency) ? currencies : coins).add(currency);
      const day = utcDayOf(t.at);
      if (fromDay === null || day < fromDay) fromDay = day;
    }
  }
  if (fromDay === null) return null;
  if (target !== 'usd') currencies.add(target);
  currencies.delete('usd');
  return { currencies: [...currencies].sort(), coins: [...coins].sort(), fromDay };
}
