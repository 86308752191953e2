/**
 * Trade imports as jobs (DESIGN.md section 9): a request adds the job and waits a moment for it; the
 * worker role runs it, one import at a time across the deployment, reading the file in slices and
 * writing one holding at a time, so a burst of 20,000-row files leaves other users' requests their
 * latency. Progress reaches the user's pages as the socket event `import:progress`.
 */
import {
  createMemoryQueue,
  publishUserEvent,
  type Bus,
  type JobQueue,
  type JobView,
  type RunningJob,
} from '@coinpace/adapters';
import { findUserById, type AppDb } from '@coinpace/db';
import {
  AppError,
  parseTradeHistory,
  type TradeImportJob,
  type TradeImportProgress,
  type TradeImportSummary,
} from '@coinpace/domain';
import type { Context } from 'koa';
import type { Logger } from '../../logger.ts';
import { autoCreateForNewHoldings } from '../alerts/auto-create.ts';
import { announcePortfolioChange } from './announce-change.ts';
import { importTrades, type TradeImportOptions } from './import-trades.ts';
import { pathUuid } from '../../path-id.ts';

export const TRADE_IMPORT_QUEUE = 'trade-imports';

/** Imports running at once across every worker: one keeps the database and a core for everyone else. */
export const TRADE_IMPORT_CONCURRENCY = 1;

/** How long the import request waits for its job before answering 202 with the job to follow. */
export const IMPORT_ANSWER_WAIT_MS = 2_000;

/** Shortest gap between two progress reports of one job (each is a Redis write and a socket event). */
const PROGRESS_EVERY_MS = 250;

/** A job's data; the file's text is the job's input. */
export interface TradeImportData {
  userId: string;
  /** When the request came: the file is judged against it ('not in the future'). */
  at: number;
  /** The opening balances to replace and the file's name (absent in jobs queued before they existed). */
  options?: TradeImportOptions;
}

/**
 * What a job ends with: the summary, or the import's refusal in words (a file over the row limit). A
 * refusal is an answer, not a failure: it is not run again.
 */
export type TradeImportOutcome = { summary: TradeImportSummary } | { refused: string };

export type TradeImportQueue = JobQueue<TradeImportData, TradeImportOutcome, TradeImportProgress>;

/** The in-process queue with its worker started: what a process without Redis runs imports on. */
export function localTradeImportQueue(deps: TradeImportWorkerDeps): TradeImportQueue {
  const queue: TradeImportQueue = createMemoryQueue(TRADE_IMPORT_QUEUE);
  void queue.work(tradeImportWorker(deps), { concurrency: TRADE_IMPORT_CONCURRENCY });
  return queue;
}

export interface TradeImportWorkerDeps {
  db: AppDb;
  bus: Bus;
  logger: Logger;
}

/** The job handler: the import, progress as it goes, then the new coins' alerts and the change announced. */
export function tradeImportWorker({ db, bus, logger }: TradeImportWorkerDeps) {
  return async (job: RunningJob<TradeImportData, TradeImportProgress>): Promise<TradeImportOutcome> => {
    const { userId, at, options } = job.data;
    const text = job.input;
    const log = logger.child({ part: 'trade-import', jobId: job.id, userId });
    const tell = (payload: TradeImportJob) =>
      publishUserEvent(bus, { userId, type: 'import:progress', payload }).catch((error: unknown) =>
        log.warn({ err: error }, 'could not publish import:progress'),
      );
    let lastReport = 0;
    const pause = async (progress: TradeImportProgress) => {
      const now = Date.now();
      if (now - lastReport >= PROGRESS_EVERY_MS) {
        lastReport = now;
        await job.progress(progress);
        await tell({ jobId: job.id, status: 'running', progress });
      }
      // Lets requests that arrived meanwhile run before the next slice.
      await new Promise((resolve) => setImmediate(resolve));
    };
    let outcome: TradeImportOutcome;
    try {
      const user = await findUserById(db, userId);
      if (!user) return { refused: 'The account no longer exists.' };
      // Files are kept for an hour; one that waited longer (every worker down) is asked for again.
      if (text === null) return { refused: 'The file waited too long to be imported. Import it again.' };
      const { summary, created } = await importTrades(db, userId, text, at, pause, options);
      if (created.length > 0) {
        try {
          const alerts = await autoCreateForNewHoldings(db, user, created, new Date());
          if (alerts.length > 0) log.info({ created: alerts.length }, 'alerts created for new coins');
        } catch (error) {
          // The trades are saved either way; the new coins simply get no automatic alert.
          log.warn({ err: error }, 'could not create alerts for imported coins');
        }
      }
      if (summary.added > 0) await announcePortfolioChange(bus, log, userId, 'imported');
      outcome = { summary };
      log.info({ read: summary.read, added: summary.added, failed: summary.failed }, 'trade import done');
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) {
        log.error({ err: error }, 'trade import failed');
        throw error;
      }
      outcome = { refused: error.message };
    }
    await tell(jobOf({ id: job.id, status: 'done', progress: null, result: outcome, error: null }));
    return outcome;
  };
}

/** A job as the API shows it: the summary once done, the reason once refused or failed. */
export function jobOf(
  view: Pick<
    JobView<TradeImportData, TradeImportOutcome, TradeImportProgress>,
    'id' | 'status' | 'progress' | 'result' | 'error'
  >,
): TradeImportJob {
  const base = { jobId: view.id, progress: view.progress };
  if (view.status === 'done' && view.result) {
    return 'summary' in view.result
      ? { ...base, status: 'done', summary: view.result.summary }
      : { ...base, status: 'failed', error: view.result.refused };
  }
  if (view.status === 'failed') {
    return { ...base, status: 'failed', error: IMPORT_FAILED_MESSAGE };
  }
  return { ...base, status: view.status };
}

/** Shown when an import stopped on the server's side (the worker's own error is in its log). */
export const IMPORT_FAILED_MESSAGE =
  'The import could not be finished. Import the file again: trades imported already are skipped.';

export const IMPORT_NOT_FOUND_MESSAGE = 'No such import (imports are kept for an hour after they finish).';

/** Characters the format check reads: a header follows at most a dozen short preamble lines. */
const HEAD_CHARS = 16 * 1024;

/** The exchange whose export `text` is, judged by its first lines, or null. */
export function tradeExportOf(text: string): string | null {
  return parseTradeHistory(text.slice(0, HEAD_CHARS)).exchange;
}

/** The job id of a path; anything that is not one of our ids is simply not found. */
export function importJobId(id: string | undefined): string {
  return pathUuid(id, IMPORT_NOT_FOUND_MESSAGE);
}

/**
 * The import request's answer: the summary and the job's id when the job finished within the wait (200), the refusal as a 400, a failure on our side as a 500 with words to act on, and
 * otherwise 202 with the job to follow.
 */
export function answerImport(
  ctx: Context,
  view: JobView<TradeImportData, TradeImportOutcome, TradeImportProgress> | null,
  jobId: string,
): void {
  if (view?.status === 'done' && view.result) {
    if ('refused' in view.result) throw new AppError('BAD_REQUEST', { message: view.result.refused });
    ctx.body = { ...view.result.summary, jobId: view.id };
    return;
  }
  if (view?.status === 'failed') throw new AppError('INTERNAL', { message: IMPORT_FAILED_MESSAGE });
  ctx.status = 202;
  ctx.body = view ? jobOf(view) : ({ jobId, status: 'queued', progress: null } satisfies TradeImportJob);
}
