/** The reference's entry for the gains report. */
import { z } from 'zod';
import { GAINS_METHODS, type GainsTotals } from '../transactions/gains.ts';
import { gainsQuerySchema, type GainsReportResult } from '../transactions/gains-query.ts';
import type { RouteDoc } from './route-doc.ts';
import { responseSchema } from './schema-helpers.ts';

const decimal = (description: string) => z.string().meta({ description });

const ZTotals = responseSchema<GainsTotals>()(
  z.strictObject({
    proceeds: decimal('Decimal string.'),
    costBasis: decimal('Decimal string.'),
    gain: decimal('proceeds - costBasis; negative for a loss.'),
  }),
);

export const ZGainsReport = responseSchema<GainsReportResult>()(
  z
    .strictObject({
      year: z.number().int(),
      method: z.enum(GAINS_METHODS),
      currency: z.string().meta({ description: 'Currency of every amount (usd when not converted).' }),
      conversion: z.union([z.string(), z.null()]).meta({ description: 'How amounts were converted.' }),
      missingRates: z
        .array(
          z.strictObject({
            currency: z
              .string()
              .meta({ description: 'The currency the transactions of that day were made in.' }),
            day: z.string().meta({ description: 'YYYY-MM-DD (UTC).' }),
            fallback: z.enum(['nearest', 'none']).meta({
              description: 'nearest: the nearest stored day’s rate was used; none: no rate, counted as 0.',
            }),
          }),
        )
        .meta({ description: 'Days whose own rate was not stored; empty when every rate was there.' }),
      disposals: z.array(
        z.strictObject({
          holdingId: z.uuid(),
          transactionId: z.string(),
          symbol: z.string(),
          name: z.string(),
          quantity: decimal('Decimal string.'),
          acquired: z.string().meta({ description: 'YYYY-MM-DD (UTC), or various under average cost.' }),
          disposed: z.string().meta({ description: 'YYYY-MM-DD (UTC).' }),
          proceeds: decimal('This line’s share of quantity x price - fee.'),
          costBasis: decimal('What the coins cost, by the method, fees included.'),
          gain: decimal('proceeds - costBasis; negative for a loss.'),
          term: z.enum(['short', 'long']).meta({ description: 'long: held more than one year.' }),
        }),
      ),
      shortTerm: ZTotals,
      longTerm: ZTotals,
      total: ZTotals,
      transferFees: decimal('Fees of transfers out: no disposal, but a realised cost on the holding page.'),
      realisedGain: decimal('total gain - transferFees, as the holding page counts it.'),
      skipped: z.array(
        z.strictObject({
          holdingId: z.uuid(),
          symbol: z.string(),
          problem: z.strictObject({ transactionId: z.string(), message: z.string() }),
        }),
      ),
      income: z
        .array(
          z.strictObject({
            holdingId: z.uuid(),
            transactionId: z.string(),
            symbol: z.string(),
            name: z.string(),
            received: z.string().meta({ description: 'YYYY-MM-DD (UTC).' }),
            quantity: decimal('Decimal string.'),
            value: decimal('quantity x the value per coin that day, in currency: also its cost basis.'),
            note: z.union([z.string(), z.null()]),
          }),
        )
        .meta({ description: 'Income (staking, interest, airdrops) of the year, apart from trading gains.' }),
      incomeTotal: decimal('Sum of the income values.'),
      incomeNote: z.string(),
      notice: z.string().meta({ description: 'The report is not tax advice.' }),
    })
    .meta({ id: 'GainsReport' }),
);

const query = gainsQuerySchema(Date.UTC(2100, 0, 1)).shape;

export const REPORT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/reports/gains',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Yearly gains report',
    description:
      'Every sale of the year (UTC) matched against the coins it took out by the method: acquired and ' +
      'disposed dates, proceeds, cost basis, gain or loss, short or long term (held more than a year), ' +
      'with the totals, in the display currency (each transaction converted from the currency it was made ' +
      'in at its own day’s rate, days without a stored rate listed in missingRates; dollars for BTC or ETH). ' +
      'Transfers are no sale. Income (staking, interest, airdrops) is listed apart at its value on the day ' +
      'it was received. format=csv gives the US Form 8949 layout (docs/reports.md). Not tax advice.',
    query: {
      year: { schema: query.year, description: 'The calendar year, 2009 to this year.', required: true },
      method: { schema: query.method, description: 'fifo, lifo, hifo or average; default the saved method.' },
      format: { schema: query.format, description: 'json (default) or csv.' },
    },
    responses: {
      200: { description: 'The report.', schema: ZGainsReport },
      400: 'year is missing or not a year from 2009 to this year; method or format unknown.',
    },
  },
];
