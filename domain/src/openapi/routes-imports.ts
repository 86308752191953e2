/** The trade-import preview and import batches. Job ids (/imports/{id}) and batch ids are distinct. */
import { z } from 'zod';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import { ZImportTrades } from '../import/trades/schema.ts';
import { ZImportBatchList, ZTradeImportPreview, ZUndoImportResult } from './responses-imports.ts';
import type { RouteDoc } from './route-doc.ts';

export const IMPORT_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/portfolio/import-trades/preview',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Preview a trade-history import',
    description:
      'The body of POST /api/portfolio/import-trades, read and planned as the import would be, writing ' +
      'nothing: rows read, to add, skipped and failed (with why), holdings to be created, each coin’s ' +
      'quantity before and after, and the coins whose hand-entered opening balance (recorded with the ' +
      'holding) is dated within the imported history, with the quantity after either way.',
    body: { schema: ZImportTrades, required: true, limit: formatBodyLimit(BODY_LIMITS.trades) },
    rateLimit: '60 previews per user per hour',
    responses: {
      200: { description: 'What the import would do.', schema: ZTradeImportPreview },
      400: 'No known format, too many rows, or an invalid body.',
    },
  },
  {
    method: 'get',
    path: '/api/portfolio/import-batches',
    tag: 'Portfolio',
    access: 'user',
    summary: 'List trade imports',
    description:
      'The user’s imports that added transactions and are not undone, newest first. An import batch id is ' +
      'not a job id: jobs are followed at /api/portfolio/imports/{id} for an hour, batches stay until undone.',
    query: {
      holdingId: {
        schema: z.uuid(),
        description: 'Only the imports that wrote to (or replaced the opening balance of) this holding.',
        required: false,
      },
    },
    responses: { 200: { description: 'The imports.', schema: ZImportBatchList } },
  },
  {
    method: 'delete',
    path: '/api/portfolio/import-batches/{batchId}',
    tag: 'Portfolio',
    access: 'user',
    summary: 'Undo a trade import',
    description:
      'Removes exactly the transactions the import wrote, restores the hand-entered opening balances it ' +
      'replaced, deletes the holdings it created that are left empty and derives the others again, in one ' +
      'database transaction. Refused, changing nothing, when a transaction recorded since relies on the ' +
      'imported ones.',
    params: { batchId: { schema: z.uuid(), description: 'The batch id from the list or the summary.' } },
    responses: {
      200: { description: 'What the undo did.', schema: ZUndoImportResult },
      404: 'No such import of this user.',
      409: 'A later transaction relies on the import’s trades.',
    },
  },
];
