import { z } from 'zod';
import { compareDecimal, isZeroDecimal, toDecimalString } from '../decimal.ts';
import { isContractAddress } from '../coins.ts';
import { MAX_PRICE_USD, MAX_QUANTITY } from '../limits.ts';
import { DISPLAY_CURRENCIES } from '../format/currency.ts';
import { PLAN_IDS } from '../plans.ts';

// Re-exported: the package's index has them from here.
export { MAX_PRICE_USD, MAX_QUANTITY };

// The enums' schemas live here, not beside their lists: the landing page's code uses the lists and
// formats, and zod then stays out of what it loads.
export const ZDisplayCurrency = z.enum(DISPLAY_CURRENCIES, {
  message: `displayCurrency must be one of ${DISPLAY_CURRENCIES.join(', ')}`,
});
export const ZPlanId = z.enum(PLAN_IDS, { message: 'Unknown plan' });

/** A decimal given as a number or a plain decimal string, normalised to a canonical decimal string. */
export function zDecimal(label: string, opts: { positive: boolean; max: number }) {
  const maxText = opts.max.toLocaleString('en-US');
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .transform((value, ctx) => {
      if (typeof value === 'number' && value < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must not be negative` });
        return z.NEVER;
      }
      if (typeof value === 'string' && value.trim().startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: `${label} must not be negative` });
        return z.NEVER;
      }
      const decimal = toDecimalString(value);
      if (decimal === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (opts.positive && isZeroDecimal(decimal)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be greater than 0` });
        return z.NEVER;
      }
      if (compareDecimal(decimal, String(opts.max)) > 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${maxText}` });
        return z.NEVER;
      }
      return decimal;
    });
}

export const zQuantity = zDecimal('Quantity', { positive: true, max: MAX_QUANTITY });
/** A purchase price per coin; 0 means 'not known yet' and becomes the first current price. */
export const zPurchasePrice = zDecimal('Purchase price', { positive: false, max: MAX_PRICE_USD });

export const zCoingeckoId = z
  .string({ message: 'CoinGecko id must be text' })
  .trim()
  .min(1, { message: 'Unable to identify coin. Please try searching again.' })
  .max(120)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, {
    message: 'CoinGecko id may hold only a-z, 0-9, dot, dash and underscore',
  });

export const zSymbol = z
  .string({ message: 'Symbol must be text' })
  .trim()
  .min(1, { message: 'Symbol is required' })
  .max(20, { message: 'Symbol must be at most 20 characters' })
  .regex(/^[A-Za-z0-9$._-]+$/, {
    message: 'Symbol may hold only letters, digits, $, dot, dash and underscore',
  })
  .transform((s) => s.toUpperCase());

export const zCoinName = z
  .string({ message: 'Name must be text' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(100, { message: 'Name must be at most 100 characters' });

/** Optional contract address: empty means none; anything else must pass SPEC.md's address rule. */
export const zContractAddress = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === '') return null;
    if (!isContractAddress(v.trim())) {
      ctx.addIssue({
        code: 'custom',
        message: 'Contract address must be 0x followed by 40 hex digits, not the zero address',
      });
      return z.NEVER;
    }
    return v.trim().toLowerCase();
  });

export const zImageUrl = z
  .union([z.url({ protocol: /^https$/, message: 'Image must be an https URL' }).max(500), z.null()])
  .optional()
  .transform((v) => v ?? null);

export const zEmail = z
  .string()
  .trim()
  .max(254, { message: 'E-mail must be at most 254 characters' })
  .pipe(z.email({ message: 'Please enter a valid email address.' }))
  .transform((e) => e.toLowerCase());

export const zFirstName = z
  .string()
  .trim()
  .max(100, { message: 'First name must be at most 100 characters' })
  .transform((v) => (v === '' ? null : v));

/** A phone number in E.164 form; '' or null clears it. */
export const zPhone = z.union([z.string(), z.null()]).transform((v, ctx) => {
  if (v === null) return null;
  const compact = v.replace(/[\s().-]/g, '');
  if (compact === '') return null;
  if (!/^\+[1-9]\d{6,14}$/.test(compact)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Phone number must be in international form, e.g. +15551234567',
    });
    return z.NEVER;
  }
  return compact;
});
