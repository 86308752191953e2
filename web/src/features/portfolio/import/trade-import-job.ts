/**
 * Following a trade import that answered 202: its job's progress arrives as the socket event
 * `import:progress`, and GET /api/portfolio/imports/:id is asked every few seconds besides, so a page
 * whose socket is down still sees the end.
 */
import { AppError, type TradeImportJob, type TradeImportSummary } from '@coinpace/domain';
import { api } from '../../../lib/api-client.ts';
import { onUserEvent } from '../../../lib/user-events.ts';

/** How often the job is asked for while no event says it ended. */
export const IMPORT_POLL_MS = 2_000;

/** A 202 answer's body (a job to follow) rather than a summary. */
export function isImportJob(body: TradeImportSummary | TradeImportJob): body is TradeImportJob {
  return 'jobId' in body;
}

/**
 * Resolves with the summary once the job is done, rejects with its reason once it failed; `onUpdate`
 * hears every state in between. Stops (rejecting with an AbortError) when `signal` aborts.
 */
export function followImportJob(
  job: TradeImportJob,
  onUpdate: (job: TradeImportJob) => void,
  signal: AbortSignal,
  pollMs = IMPORT_POLL_MS,
): Promise<TradeImportSummary> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const stopEvents = onUserEvent('import:progress', (payload) => {
      const update = payload as TradeImportJob;
      if (update.jobId === job.jobId) take(update);
    });
    const end = () => {
      finished = true;
      stopEvents();
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(new DOMException('The import is no longer followed.', 'AbortError'));
    };
    function take(update: TradeImportJob): void {
      if (finished) return;
      onUpdate(update);
      if (update.status === 'done' && update.summary) {
        end();
        resolve(update.summary);
      } else if (update.status === 'failed') {
        end();
        reject(new Error(update.error ?? 'The import could not be finished.'));
      }
    }
    async function poll(): Promise<void> {
      try {
        take(await api<TradeImportJob>(`/api/portfolio/imports/${job.jobId}`));
      } catch (error) {
        // A lost connection or a server briefly down is asked again at the next poll; a refusal (the job
        // is not found) ends the wait.
        if (!(error instanceof AppError && error.status >= 500)) {
          end();
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
      }
      if (!finished) timer = setTimeout(() => void poll(), pollMs);
    }
    signal.addEventListener('abort', onAbort);
    take(job);
    if (!finished) timer = setTimeout(() => void poll(), pollMs);
  });
}

/** The job's state in words, for the progress line. */
export function describeImportProgress(job: TradeImportJob): string {
  const count = (n: number) => n.toLocaleString('en-US');
  if (job.status === 'queued') return 'Waiting for other imports to finish...';
  const p = job.progress;
  if (!p) return 'Importing your trade history...';
  return p.phase === 'reading'
    ? `Reading rows: ${count(p.done)} of ${count(p.total)}`
    : `Writing trades: ${count(p.done)} of ${count(p.total)}`;
}
