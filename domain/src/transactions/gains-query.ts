/** GET /api/reports/gains: its query and its answer. */
import { z } from 'zod';
import { EARLIEST_TRANSACTION } from './schemas.ts';
import { GAINS_METHODS, type GainsReport } from './gains.ts';
import type { MissingRate } from './convert.ts';

/** The first year a report can cover: nothing could be bought before Bitcoin. */
export const FIRST_GAINS_YEAR = Number(EARLIEST_TRANSACTION.slice(0, 4));

/** The query of a report; `now` bounds the year (no report of a year still to come). */
export function gainsQuerySchema(now: number) {
  const last = new Date(now).getUTCFullYear();
  const yearMessage = `year must be a year from ${FIRST_GAINS_YEAR} to ${last}, such as ${last}`;
  return z.strictObject({
    year: z
      .string({ message: yearMessage })
      .regex(/^\d{4}$/, { message: yearMessage })
      .transform(Number)
      .refine((y) => y >= FIRST_GAINS_YEAR && y <= last, { message: yearMessage }),
    method: z
      .enum(GAINS_METHODS, { message: `method must be one of ${GAINS_METHODS.join(', ')}` })
      .optional(),
    format: z.enum(['json', 'csv'], { message: 'format must be json or csv' }).optional(),
  });
}
export type GainsQuery = z.output<ReturnType<typeof gainsQuerySchema>>;

/** What the income section is, said wherever it is shown. */
export const GAINS_INCOME_NOTE =
  'Income (staking rewards, interest, airdrops) at its value on the day it was received. It is not a ' +
  'trading gain; that value is also the cost basis of the coins when they are sold later.';

/** The answer of GET /api/reports/gains: the report of one year in the user's display currency. */
export interface GainsReportResult extends GainsReport {
  year: number;
  /** The currency of every amount, lower case ('usd', 'eur'). */
  currency: string;
  /** How amounts were converted, or null when every transaction was made in the report's currency. */
  conversion: string | null;
  /**
   * Days whose own rate was not stored: their transactions were converted with the nearest stored day's
   * rate ('nearest'), or could not be converted and count as 0 ('none'). Empty when every rate was there.
   */
  missingRates: MissingRate[];
  /** What the income section is (GAINS_INCOME_NOTE). */
  incomeNote: string;
  /** The report is not tax advice. */
  notice: string;
}
