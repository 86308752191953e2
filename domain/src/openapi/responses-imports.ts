/** Response schemas of the trade-import preview and import batches (see responses.ts). */
import { z } from 'zod';
import {
  TRADE_EXCHANGES,
  type ImportBatch,
  type TradeImportPreview,
  type TradeImportPreviewCoin,
  type UndoImportResult,
} from '../import/trades/index.ts';
import { ZTradeRowProblem } from './responses-transactions.ts';
import { isoTime, nullable, responseSchema } from './schema-helpers.ts';

const count = z.int().min(0);
const quantity = (description: string) => z.string().meta({ description });

const ZPreviewCoin = responseSchema<TradeImportPreviewCoin>()(
  z
    .strictObject({
      symbol: z.string(),
      name: z.string(),
      holdingId: nullable(z.uuid()).meta({ description: 'Null when the import would create the holding.' }),
      target: z.enum(['existing', 'new', 'refused']).meta({
        description: 'refused: every row of the coin fails (another coin of the symbol, portfolio full).',
      }),
      before: quantity('Quantity held now, decimal string.'),
      after: quantity('Quantity once imported with the chosen replaceOpening, decimal string.'),
      add: count,
      fail: count,
      opening: nullable(
        z.strictObject({
          quantity: quantity('The hand-entered opening balance.'),
          at: isoTime,
          replaced: z.boolean().meta({ description: 'Whether the request chose to replace it.' }),
          afterReplacing: quantity('The quantity after, the opening replaced.'),
          afterKeeping: quantity('The quantity after, the opening kept.'),
        }),
      ).meta({ description: 'The hand-entered opening balance dated within the imported history.' }),
    })
    .meta({ id: 'TradeImportPreviewCoin' }),
);

export const ZTradeImportPreview = responseSchema<TradeImportPreview>()(
  z
    .strictObject({
      exchange: z.enum(TRADE_EXCHANGES),
      read: count,
      add: count,
      duplicates: count,
      skipped: count,
      failed: count,
      createdHoldings: z.array(z.string()),
      coins: z.array(ZPreviewCoin),
      overlaps: z
        .array(z.string())
        .meta({ description: 'Symbols whose hand-entered opening balance overlaps the imported history.' }),
      failures: z.array(ZTradeRowProblem),
      skippedRows: z.array(ZTradeRowProblem),
    })
    .meta({ id: 'TradeImportPreview' }),
);

const ZImportBatch = responseSchema<ImportBatch>()(
  z
    .strictObject({
      id: z.uuid().meta({ description: 'The batch id (not a job id).' }),
      exchange: z.string(),
      fileName: nullable(z.string()),
      createdAt: isoTime,
      read: count,
      added: count,
      transactions: count.meta({ description: 'Its transactions still recorded.' }),
      replaced: count.meta({ description: 'Opening balances it replaced; undo restores them.' }),
      holdings: z.array(z.strictObject({ id: z.uuid(), symbol: z.string() })),
    })
    .meta({ id: 'ImportBatch' }),
);

export const ZImportBatchList = responseSchema<{ imports: ImportBatch[] }>()(
  z.strictObject({ imports: z.array(ZImportBatch) }),
);

export const ZUndoImportResult = responseSchema<UndoImportResult>()(
  z
    .strictObject({
      removed: count,
      restored: count,
      deletedHoldings: z.array(z.string()),
    })
    .meta({ id: 'UndoImportResult' }),
);
