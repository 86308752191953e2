/** Request schemas of a holding's transactions: /api/portfolio/{holdingId}/transactions. */
import { z } from 'zod';
import { MAX_PRICE_USD, MAX_QUANTITY } from '../limits.ts';
import {
  DISPLAY_CURRENCIES,
  isDisplayCurrency,
  maxAlertPrice,
  type DisplayCurrency,
} from '../format/currency.ts';
import { compareDecimal } from '../decimal.ts';
import { zDecimal } from '../schemas/common.ts';
import {
  COST_METHODS,
  USER_TRANSACTION_KINDS,
  type CostMethod,
  type HoldingDerivation,
  type TransactionKind,
} from './cost-basis.ts';

/** Longest note on a transaction. */
export const MAX_TRANSACTION_NOTE_LENGTH = 500;
/** Largest fee of one transaction, in the quote currency. */
export const MAX_TRANSACTION_FEE = MAX_PRICE_USD;
/** Earliest date a transaction may carry: before Bitcoin there was nothing to buy. */
export const EARLIEST_TRANSACTION = '2009-01-03T00:00:00.000Z';

const zKind = z.enum(USER_TRANSACTION_KINDS, {
  message: `type must be one of ${USER_TRANSACTION_KINDS.join(', ')}`,
});

/** An instant, ISO 8601 with a zone, not before 2009 and not in the future; normalised to UTC. */
const zAt = z
  .string({ message: 'Date must be an ISO date-time' })
  .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, {
    message: 'Date must be an ISO date-time',
  })
  .transform((v, ctx) => {
    const time = Date.parse(v);
    if (time < Date.parse(EARLIEST_TRANSACTION)) {
      ctx.addIssue({ code: 'custom', message: 'Date must be in 2009 or later' });
      return z.NEVER;
    }
    // A minute of grace for a client clock slightly ahead of ours.
    if (time > Date.now() + 60_000) {
      ctx.addIssue({ code: 'custom', message: 'Date must not be in the future' });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const zNote = z
  .union([z.string({ message: 'Note must be text' }), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim() || null)
  .refine((v) => v === null || v.length <= MAX_TRANSACTION_NOTE_LENGTH, {
    message: `Note must be at most ${MAX_TRANSACTION_NOTE_LENGTH} characters`,
  });

/** The currency a transaction entered by hand is priced in: one of the display currencies. */
const zCurrency = z.enum(DISPLAY_CURRENCIES, {
  message: `currency must be one of ${DISPLAY_CURRENCIES.join(', ')}`,
});

const fields = {
  type: zKind,
  at: zAt,
  quantity: zDecimal('Quantity', { positive: true, max: MAX_QUANTITY }),
  // The limits depend on the currency (a coin costs far more yen than dollars): checked with it below.
  pricePerCoin: zDecimal('Price per coin', { positive: false, max: MAX_PRICE_USD * 1000 }),
  fee: zDecimal('Fee', { positive: false, max: MAX_TRANSACTION_FEE * 1000 })
    .optional()
    .transform((v) => v ?? '0'),
  note: zNote,
  /** What price and fee are in; dollars when left out. */
  currency: zCurrency.optional().transform((v) => v ?? 'usd'),
};

/**
 * The largest price or fee in `currency`: MAX_PRICE_USD in dollars, scaled as alert prices are (ten
 * times in the other fiat currencies, a thousand in yen).
 */
export function maxTransactionAmount(currency: DisplayCurrency): number {
  return maxAlertPrice(currency);
}

/**
 * The messages of a price and fee past their currency's limit (maxTransactionAmount), empty when both are
 * within it. A currency that is no display currency (a coin a trade was priced in) has the fields' own
 * ceiling only.
 */
export function transactionLimitProblems(v: {
  pricePerCoin?: string | undefined;
  fee?: string | undefined;
  currency: string;
}): string[] {
  if (!isDisplayCurrency(v.currency)) return [];
  const max = maxTransactionAmount(v.currency);
  const problems: string[] = [];
  for (const [label, value] of [
    ['Price per coin', v.pricePerCoin],
    ['Fee', v.fee],
  ] as const) {
    if (value !== undefined && compareDecimal(value, String(max)) > 0)
      problems.push(`${label} must be at most ${max.toLocaleString('en-US')}`);
  }
  return problems;
}

/** The price and fee within their currency's limits; adds the issue otherwise. */
function checkLimits(
  v: { pricePerCoin?: string | undefined; fee?: string | undefined; currency?: DisplayCurrency | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const message of transactionLimitProblems({ ...v, currency: v.currency ?? 'usd' }))
    ctx.addIssue({ code: 'custom', message });
}

/**
 * A change's own price and fee checked against its currency when it names one; without one, the stored
 * transaction's currency applies, which only the server knows (it checks the result with
 * transactionLimitProblems).
 */
function checkChangedLimits(
  v: { pricePerCoin?: string | undefined; fee?: string | undefined; currency?: DisplayCurrency | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.currency !== undefined) checkLimits(v, ctx);
}

/** POST /api/portfolio/{holdingId}/transactions. */
export const ZNewTransaction = z.strictObject(fields).superRefine(checkLimits);
export type NewTransaction = z.output<typeof ZNewTransaction>;

/** PATCH /api/portfolio/{holdingId}/transactions/{id}: any of the fields, at least one. */
export const ZTransactionChanges = z
  .strictObject({
    type: fields.type.optional(),
    at: fields.at.optional(),
    quantity: fields.quantity.optional(),
    pricePerCoin: fields.pricePerCoin.optional(),
    fee: zDecimal('Fee', { positive: false, max: MAX_TRANSACTION_FEE * 1000 }).optional(),
    note: z.union([z.string({ message: 'Note must be text' }), z.null()]).optional(),
    currency: zCurrency.optional(),
  })
  .superRefine(checkChangedLimits)
  .transform((v, ctx) => {
    if (v.note !== undefined && v.note !== null && v.note.trim().length > MAX_TRANSACTION_NOTE_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        message: `Note must be at most ${MAX_TRANSACTION_NOTE_LENGTH} characters`,
      });
      return z.NEVER;
    }
    const note = v.note === undefined ? undefined : v.note?.trim() || null;
    return { ...v, note };
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type TransactionChanges = z.output<typeof ZTransactionChanges>;

/**
 * GET /api/portfolio/{holdingId}/transactions?method=average|fifo|lifo|hifo (and the summary). Without a method the
 * user's saved one is used.
 */
export const ZTransactionsQuery = z.strictObject({
  method: z
    .enum(COST_METHODS, { message: `method must be one of ${COST_METHODS.join(', ')}` })
    .optional()
    .transform((v): CostMethod | undefined => v),
});

/** A transaction as the API returns it. `type` includes 'adjust' (written by an inline edit). */
export interface TransactionRow {
  id: string;
  holdingId: string;
  type: TransactionKind;
  at: string;
  quantity: string;
  pricePerCoin: string;
  fee: string;
  /** What pricePerCoin and fee are in: a display currency code, or a coin's id for a coin-priced trade. */
  currency: string;
  note: string | null;
  createdAt: string;
}

/** Response of the transactions list and of every change to it: the history and what it derives. */
export interface HoldingTransactionsResult {
  holdingId: string;
  transactions: TransactionRow[];
  derived: HoldingDerivation;
}
