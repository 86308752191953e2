/**
 * The trade-history import routes. Two kinds of id, kept apart by path so neither is mistaken for the
 * other: a job id (`/imports/:jobId`, an import being run, kept an hour) and a batch id
 * (`/import-batches/:batchId`, an import as written, kept until undone).
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { JobQueueUnavailableError } from '@coinpace/adapters';
import { listImportBatches, undoImportBatch, type ImportBatchRecord } from '@coinpace/db';
import {
  AppError,
  TRADE_FORMAT_UNKNOWN_MESSAGE,
  ZImportTrades,
  parseOrThrow,
  type ImportBatch,
  type UndoImportResult,
} from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { announcePortfolioChange } from './announce-change.ts';
import {
  IMPORT_ANSWER_WAIT_MS,
  IMPORT_NOT_FOUND_MESSAGE,
  answerImport,
  importJobId,
  jobOf,
  tradeExportOf,
  type TradeImportQueue,
} from './import-jobs.ts';
import { previewTrades } from './import-preview.ts';
import { isUuid, pathUuid } from '../../path-id.ts';

export const IMPORT_BATCH_NOT_FOUND_MESSAGE = 'Import not found.';

/** A batch id from the path; anything that is not one of our ids is simply not found. */
function batchId(id: string | undefined): string {
  return pathUuid(id, IMPORT_BATCH_NOT_FOUND_MESSAGE);
}

function toImportBatch(b: ImportBatchRecord): ImportBatch {
  return { ...b, createdAt: b.createdAt.toISOString() };
}

export function addImportRoutes(
  router: Router<AppState>,
  deps: ApiDeps,
  imports: TradeImportQueue,
  tradeImports: RateLimiterAbstract,
  tradePreviews: RateLimiterAbstract,
): void {
  const { db, bus } = deps;
  const limit = rateLimit(tradeImports, (ctx) => `trade-imports:${currentUser(ctx).id}`);
  const previewLimit = rateLimit(tradePreviews, (ctx) => `trade-previews:${currentUser(ctx).id}`);

  // An exchange's trade-history export into transactions.
  // Counted before the body is read: a refused import costs no 4 MB parse.
  router.post('/import-trades', limit, jsonBody({ limit: BODY_LIMITS.trades }), async (ctx) => {
    const user = currentUser(ctx);
    const { text, replaceOpening, fileName } = parseOrThrow(ZImportTrades, bodyOf(ctx));
    // A file of no known format is refused at once, before it waits behind other imports.
    if (!tradeExportOf(text)) throw new AppError('BAD_REQUEST', { message: TRADE_FORMAT_UNKNOWN_MESSAGE });
    const jobId = randomUUID();
    const options = {
      ...(replaceOpening !== undefined ? { replaceOpening } : {}),
      ...(fileName ? { fileName } : {}),
    };
    await imports.add(jobId, { userId: user.id, at: Date.now(), options }, text);
    // Most files are done within the wait and answer with their summary; a long one answers 202 with
    // the job, which GET /imports/:id and the socket event `import:progress` follow. The job is queued
    // once added: a queue that stops answering meanwhile still gets that 202, not a refusal.
    const view = await imports
      .settle(jobId, deps.importAnswerWaitMs ?? IMPORT_ANSWER_WAIT_MS)
      .catch((error: unknown) => {
        if (error instanceof JobQueueUnavailableError) return null;
        throw error;
      });
    answerImport(ctx, view, jobId);
  });

  // What the import would do, written nowhere. Counted apart from the hour's imports (a user looks at a
  // preview before each import), and before the body is read: a refused preview costs no 4 MB parse.
  router.post(
    '/import-trades/preview',
    previewLimit,
    jsonBody({ limit: BODY_LIMITS.trades }),
    async (ctx) => {
      const user = currentUser(ctx);
      const { text, replaceOpening, fileName } = parseOrThrow(ZImportTrades, bodyOf(ctx));
      ctx.body = await previewTrades(db, user.id, text, Date.now(), {
        ...(replaceOpening !== undefined ? { replaceOpening } : {}),
        ...(fileName ? { fileName } : {}),
      });
    },
  );

  router.get('/imports/:id', async (ctx) => {
    const view = await imports.get(importJobId(ctx.params.id));
    if (!view || view.data.userId !== currentUser(ctx).id)
      throw new AppError('NOT_FOUND', { message: IMPORT_NOT_FOUND_MESSAGE });
    ctx.body = jobOf(view);
  });

  // The user's imports, newest first; `?holdingId=` keeps those that touched one holding.
  router.get('/import-batches', async (ctx) => {
    const raw = new URLSearchParams(ctx.querystring).get('holdingId');
    const holdingId = raw && isUuid(raw) ? raw.toLowerCase() : undefined;
    if (raw && !holdingId) {
      ctx.body = { imports: [] };
      return;
    }
    const batches = await listImportBatches(db, currentUser(ctx).id, holdingId);
    ctx.body = { imports: batches.map(toImportBatch) };
  });

  // Undo: exactly the batch's transactions go, the opening balances it replaced come back.
  router.delete('/import-batches/:batchId', async (ctx) => {
    const user = currentUser(ctx);
    const outcome = await undoImportBatch(db, user.id, batchId(ctx.params.batchId));
    if (outcome.status === 'not_found')
      throw new AppError('NOT_FOUND', { message: IMPORT_BATCH_NOT_FOUND_MESSAGE });
    if (outcome.status === 'impossible') {
      throw new AppError('CONFLICT', {
        message: `This import cannot be undone: without its trades, your ${outcome.symbol} history does not add up (${outcome.message}) Delete the later transactions that rely on it first.`,
      });
    }
    ctx.body = {
      removed: outcome.removed,
      restored: outcome.restored,
      deletedHoldings: outcome.deletedHoldings,
    } satisfies UndoImportResult;
    await announcePortfolioChange(bus, ctx.state.log, user.id, 'updated');
  });
}
