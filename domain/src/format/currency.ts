/**
 * Display currency. Coinpace keeps every price, value and history in US dollars; a user
 * may see them in another currency, converted with the rates the poller reads from CoinGecko along with
 * the prices. US dollars look exactly as SPEC.md section 9 formats them.
 */
import { formatPortfolioPrice, formatPreviewPrice, formatUsd } from './money.ts';
import { MAX_PRICE_USD } from '../limits.ts';
import { MISSING_NUMBER } from './missing.ts';
import { formatTickerPrice } from './ticker.ts';
import { utcDay } from './utc-day.ts';

/** The display currencies, as CoinGecko's `vs_currencies` codes, US dollar first. */
export const DISPLAY_CURRENCIES = ['usd', 'eur', 'gbp', 'jpy', 'cad', 'aud', 'chf', 'btc', 'eth'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

interface CurrencyDef {
  /** The name users pick it by. */
  label: string;
  /** Decimals of an ordinary amount (a yen has none; bitcoin is shown to the satoshi). */
  decimals: number;
  /** The sign a crypto amount starts with; fiat currencies take theirs from Intl ('€', '£', 'CA$'). */
  sign?: string;
}

export const CURRENCIES: Readonly<Record<DisplayCurrency, CurrencyDef>> = {
  usd: { label: 'US dollar', decimals: 2 },
  eur: { label: 'Euro', decimals: 2 },
  gbp: { label: 'British pound', decimals: 2 },
  jpy: { label: 'Japanese yen', decimals: 0 },
  cad: { label: 'Canadian dollar', decimals: 2 },
  aud: { label: 'Australian dollar', decimals: 2 },
  chf: { label: 'Swiss franc', decimals: 2 },
  btc: { label: 'Bitcoin', decimals: 8, sign: '₿' },
  eth: { label: 'Ether', decimals: 6, sign: 'Ξ' },
};

/** Units of each currency one US dollar buys (CoinGecko's price in it over its price in USD); usd is 1. */
export type FxRates = Readonly<Partial<Record<DisplayCurrency, number>>>;

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

/** A stored currency code as a display currency: the dollar for anything not one (rows from before it). */
export function displayCurrencyOf(value: unknown): DisplayCurrency {
  return isDisplayCurrency(value) ? value : 'usd';
}

/** A rate that can convert with: a finite number above 0. */
export function isUsableRate(rate: unknown): rate is number {
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0;
}

/** Units of `currency` per dollar at `rates` (the dollar's is 1); undefined while none is usable. */
export function rateOf(currency: DisplayCurrency, rates: FxRates): number | undefined {
  if (currency === 'usd') return 1;
  const rate = rates[currency];
  return isUsableRate(rate) ? rate : undefined;
}

/** Formats US-dollar amounts in one display currency. Every method takes dollars. */
export interface Money {
  currency: DisplayCurrency;
  /** The amount in the display currency; NaN while its rate is not known. */
  fromUsd(usd: number): number;
  /** An amount already in the display currency, formatted as `amount` formats (charts convert first). */
  format(amount: number): string;
  /** An amount (value, gain, total): '$1,234.50', '€1,136.74', '¥185,175', '₿0.01266400'. */
  amount(usd: number): string;
  /** A coin price in the holdings table, with more decimals for small prices (formatPortfolioPrice). */
  price(usd: number): string;
  /** A coin price already in the display currency, formatted as `price` formats (charts convert first). */
  formatPrice(price: number): string;
  /** A per-coin price in the add-coin preview (formatPreviewPrice). */
  previewPrice(usd: number): string;
  /** A ticker price (formatTickerPrice). */
  tickerPrice(usd: number): string;
}

const USD_MONEY: Money = {
  currency: 'usd',
  fromUsd: (usd) => usd,
  format: formatUsd,
  amount: formatUsd,
  price: formatPortfolioPrice,
  formatPrice: formatPortfolioPrice,
  previewPrice: formatPreviewPrice,
  tickerPrice: formatTickerPrice,
};

/**
 * Money in `currency` at `rates`. US dollars format exactly as before; another currency without a rate
 * shows '—' (never a dollar figure under another sign).
 */
export function moneyIn(currency: DisplayCurrency, rates: FxRates): Money {
  if (currency === 'usd') return USD_MONEY;
  const rate = rateOf(currency, rates);
  const fromUsd = (usd: number) => (rate === undefined ? Number.NaN : usd * rate);
  const format = amountFormat(currency);
  return {
    currency,
    fromUsd,
    format: (amount) => format(amount, 'amount'),
    amount: (usd) => format(fromUsd(usd), 'amount'),
    price: (usd) => format(fromUsd(usd), 'price'),
    formatPrice: (price) => formatPriceIn(currency, price),
    previewPrice: (usd) => format(fromUsd(usd), 'preview'),
    tickerPrice: (usd) => format(fromUsd(usd), 'ticker'),
  };
}

type Use = 'amount' | 'price' | 'preview' | 'ticker';

/** One Intl formatter per currency and digit count, made on first use. */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(currency: DisplayCurrency, min: number, max: number, scientific = false) {
  const key = `${currency}:${min}:${max}:${scientific}`;
  let format = formatters.get(key);
  if (!format) {
    const sign = CURRENCIES[currency].sign;
    format = new Intl.NumberFormat('en-US', {
      ...(sign ? {} : { style: 'currency', currency: currency.toUpperCase() }),
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      signDisplay: 'negative',
      ...(scientific ? { notation: 'scientific' } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * The formatter of one currency: an amount with the currency's decimals; a price with more decimals the
 * smaller it is (as SPEC.md's dollar prices: 6 below 1, 10 below 0.001, exponent form below 1e-8); a
 * preview price with up to 8. Crypto currencies have 8 (BTC) or 6 (ETH) decimals and their sign.
 */
function amountFormat(currency: DisplayCurrency): (value: number, use: Use) => string {
  const { decimals, sign } = CURRENCIES[currency];
  return (value, use) => {
    if (!Number.isFinite(value)) return MISSING_NUMBER;
    const size = Math.abs(value);
    let format: Intl.NumberFormat;
    if (use === 'amount' || size === 0) format = numberFormat(currency, decimals, decimals);
    else if (size < 1e-8) format = numberFormat(currency, 2, 2, true);
    else if (sign) format = numberFormat(currency, decimals, decimals);
    else if (use === 'preview') format = numberFormat(currency, decimals, 8);
    else if (size < 0.001) format = numberFormat(currency, 10, 10);
    else if (size < 1) format = numberFormat(currency, use === 'ticker' ? 4 : 6, use === 'ticker' ? 4 : 6);
    else format = numberFormat(currency, decimals, decimals);
    const text = format.format(value);
    if (!sign) return text;
    return text.startsWith('-') ? `-${sign}${text.slice(1)}` : `${sign}${text}`;
  };
}

/**
 * A price already in `currency` (an alert's threshold, a price an alert fired on), with more decimals the
 * smaller it is: dollars exactly as formatPortfolioPrice.
 */
export function formatPriceIn(currency: DisplayCurrency, amount: number): string {
  return currency === 'usd' ? formatPortfolioPrice(amount) : amountFormat(currency)(amount, 'price');
}

/** An amount already in `currency` (a portfolio's value): dollars exactly as formatUsd. */
export function formatAmountIn(currency: DisplayCurrency, amount: number): string {
  return currency === 'usd' ? formatUsd(amount) : amountFormat(currency)(amount, 'amount');
}

/**
 * The highest price an alert may be set at in `currency`: MAX_PRICE_USD in dollars, ten times it in the
 * other fiat currencies (none is worth ten dollars), a thousand times in yen; in BTC and ETH prices are
 * smaller than in dollars.
 */
export function maxAlertPrice(currency: DisplayCurrency): number {
  if (currency === 'jpy') return MAX_PRICE_USD * 1000;
  return currency === 'usd' || CURRENCIES[currency].sign ? MAX_PRICE_USD : MAX_PRICE_USD * 10;
}

/** GET /api/prices/rates: the latest rate of every display currency known, the dollar's being 1. */
export interface FxRatesView {
  rates: FxRates;
  /** When the oldest of these rates was read; null when none but the dollar's is known. */
  updatedAt: string | null;
}

/** Each stored day's rate of one currency, oldest first (GET /api/portfolio/history's `fx`). */
export interface DailyRates {
  currency: DisplayCurrency;
  days: { day: string; rate: number }[];
}

/**
 * The rate history is converted with at `at` (epoch ms): its UTC day's, else the latest day before it,
 * else (a time before the first stored day) the first day's; undefined when no day is stored.
 */
export function rateOnDay(days: DailyRates['days'], at: number): number | undefined {
  if (days.length === 0) return undefined;
  const day = utcDay(at);
  let lo = 0;
  let hi = days.length - 1;
  if (days[0]!.day > day) return days[0]!.rate;
  // The last index whose day is on or before `day`.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (days[mid]!.day <= day) lo = mid;
    else hi = mid - 1;
  }
  return days[lo]!.rate;
}
