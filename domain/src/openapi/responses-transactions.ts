/** Response schemas of a holding's transactions (see responses.ts). */
import { z } from 'zod';
import type { HoldingDerivation } from '../transactions/cost-basis.ts';
import { COST_METHODS, TRANSACTION_KINDS } from '../transactions/cost-basis.ts';
import type { HoldingTransactionsResult, TransactionRow } from '../transactions/schemas.ts';
import type { RecordedBuy } from '../schemas/portfolio.ts';
import type { PortfolioInvestmentSummary } from '../transactions/summary.ts';
import { TRADE_EXCHANGES, type TradeImportJob, type TradeImportSummary } from '../import/trades/index.ts';
import { isoTime, nullable, responseSchema } from './schema-helpers.ts';

const decimal = (description: string) => z.string().meta({ description });

export const ZTransactionRow = responseSchema<TransactionRow>()(
  z
    .strictObject({
      id: z.uuid(),
      holdingId: z.uuid(),
      type: z
        .enum(TRANSACTION_KINDS)
        .meta({ description: 'adjust is written by an inline edit of the holding (quantity, price).' }),
      at: isoTime,
      quantity: decimal('Decimal string; for adjust, the new quantity.'),
      pricePerCoin: decimal('Decimal string in `currency`; for adjust, the new average cost.'),
      fee: decimal('Decimal string in `currency`.'),
      currency: z.string().meta({
        description:
          'What pricePerCoin and fee are in: a display currency code (usd, eur, gbp, jpy, cad, aud, chf, ' +
          'btc, eth), or the CoinGecko id of the coin an imported trade was priced in (binancecoin).',
      }),
      note: nullable(z.string()),
      createdAt: isoTime,
    })
    .meta({ id: 'HoldingTransaction' }),
);

const ZSale = z.strictObject({
  transactionId: z.string(),
  at: isoTime,
  quantity: decimal('Decimal string.'),
  proceeds: decimal('quantity x price - fee, USD.'),
  costBasis: decimal('What the coins sold cost, by the method, USD.'),
  realisedGain: decimal('proceeds - costBasis; negative for a loss.'),
});

export const ZHoldingDerivation = responseSchema<HoldingDerivation>()(
  z
    .strictObject({
      method: z.enum(COST_METHODS),
      quantity: decimal('Decimal string.'),
      averageCost: decimal(
        'Per coin still held, fees included, USD (each transaction converted at its own day’s rate).',
      ),
      costBasis: decimal('quantity x averageCost, USD.'),
      totalInvested: decimal(
        'Cost of every buy and transfer in, fees included (income left out: no money put in), USD.',
      ),
      realisedGain: decimal('Sum of the sales’ gains less transfer-out fees; negative for a loss.'),
      sales: z.array(ZSale),
    })
    .meta({ id: 'HoldingDerivation' }),
);

export const ZHoldingTransactionsResult = responseSchema<HoldingTransactionsResult>()(
  z.strictObject({
    holdingId: z.uuid(),
    transactions: z.array(ZTransactionRow).meta({ description: 'Oldest first.' }),
    derived: ZHoldingDerivation,
  }),
);

export const ZRecordedBuy = responseSchema<RecordedBuy>()(
  z.strictObject({
    transaction: ZTransactionRow,
    quantity: decimal('The holding’s new quantity.'),
    averageCost: decimal('The holding’s new average cost per coin, USD.'),
  }),
);

export const ZPortfolioInvestmentSummary = responseSchema<PortfolioInvestmentSummary>()(
  z
    .strictObject({
      method: z.enum(COST_METHODS).meta({ description: 'The cost method the figures use.' }),
      totalInvested: decimal('Sum of the holdings’ total invested, USD.'),
      realisedGain: decimal('Sum of the holdings’ realised gain; negative for a loss, USD.'),
      holdings: z.array(
        z.strictObject({
          holdingId: z.uuid(),
          totalInvested: decimal(
            'Cost of every buy and transfer in, fees included (income left out: no money put in), USD.',
          ),
          realisedGain: decimal('Sum of the sales’ gains less transfer-out fees; negative for a loss.'),
          derived: z
            .boolean()
            .meta({ description: 'False when the stored history is impossible (counted as zero).' }),
        }),
      ),
    })
    .meta({ id: 'PortfolioInvestmentSummary' }),
);

export const ZTradeRowProblem = z.strictObject({
  row: z.int().min(1).meta({ description: 'The row in the file; the first line is row 1.' }),
  symbol: z.string().meta({ description: 'The coin the row names; empty when it names none.' }),
  reason: z.string(),
});

export const ZTradeImportSummary = responseSchema<TradeImportSummary>()(
  z
    .strictObject({
      exchange: z.enum(TRADE_EXCHANGES),
      read: z.int().min(0).meta({ description: 'Data rows read: added + duplicates + skipped + failed.' }),
      added: z.int().min(0),
      duplicates: z
        .int()
        .min(0)
        .meta({ description: 'Rows imported before (the same exchange row), or repeated in the file.' }),
      skipped: z
        .int()
        .min(0)
        .meta({ description: 'Rows left out on purpose: cash deposits and withdrawals.' }),
      failed: z.int().min(0),
      createdHoldings: z
        .array(z.string())
        .meta({ description: 'Symbols of the holdings the import created.' }),
      failures: z.array(ZTradeRowProblem).meta({ description: 'The first 100 failed rows, with why.' }),
      skippedRows: z
        .array(ZTradeRowProblem)
        .meta({ description: 'The first 100 skipped and duplicate rows.' }),
      batchId: nullable(z.uuid()).optional().meta({
        description:
          'The import as written (GET /api/portfolio/import-batches; DELETE undoes it); null when it added nothing.',
      }),
      replacedOpening: z
        .int()
        .min(0)
        .optional()
        .meta({ description: 'Hand-entered opening transactions replaced (undo restores them).' }),
    })
    .meta({ id: 'TradeImportSummary' }),
);

/** The import's 200: the summary, and the job it ran as. */
export const ZTradeImportAnswer = responseSchema<TradeImportSummary & { jobId: string }>()(
  ZTradeImportSummary.extend({
    jobId: z.uuid().meta({ description: 'The job the import ran as (GET /api/portfolio/imports/{id}).' }),
  }).meta({ id: 'TradeImportAnswer' }),
);

const ZTradeImportProgress = z
  .strictObject({
    phase: z.enum(['reading', 'writing']),
    done: z.int().min(0),
    total: z.int().min(0).meta({
      description: 'Reading: the file’s lines until the reading knows better; writing: the trades to write.',
    }),
  })
  .meta({ id: 'TradeImportProgress' });

export const ZTradeImportJob = responseSchema<TradeImportJob>()(
  z
    .strictObject({
      jobId: z.uuid(),
      status: z.enum(['queued', 'running', 'done', 'failed']),
      progress: nullable(ZTradeImportProgress),
      summary: ZTradeImportSummary.optional().meta({ description: 'Once done.' }),
      error: z.string().optional().meta({ description: 'Once failed: why, in words for the user.' }),
    })
    .meta({ id: 'TradeImportJob' }),
);
