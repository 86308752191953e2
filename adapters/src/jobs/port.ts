/**
 * The jobs port (DESIGN.md sections 3 and 9): slow work (trade imports) runs as a job, never inline in a
 * request. Two implementations keep the same semantics: BullMQ on Redis (`bullmq-queue.ts`), where any
 * process may add and the worker role runs them, and the in-process default (`memory-queue.ts`).
 *
 * Data, progress and results are JSON, as on the bus. A job is identified by the id its adder chose; adding
 * an id that is already known leaves the existing job alone, so a retried request starts nothing twice.
 * A job's handler may run more than once (a worker killed mid-job: the job is run again), so handlers must
 * be idempotent.
 */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobView<D, R, P> {
  id: string;
  status: JobStatus;
  data: D;
  /** The last progress the handler reported, or null before the first. */
  progress: P | null;
  /** The handler's result once `done`. */
  result: R | null;
  /** Why it failed (the error's message) once `failed`. */
  error: string | null;
}

export interface RunningJob<D, P> {
  id: string;
  data: D;
  /** The bulk input given to `add` (a file's text), or null. */
  input: string | null;
  /** Records progress for readers of the job (`get`). */
  progress(progress: P): Promise<void>;
}

export type JobHandler<D, R, P> = (job: RunningJob<D, P>) => Promise<R>;

export interface WorkOptions {
  /**
   * Jobs of this queue running at once across every process that works it: the bound that keeps a burst
   * of jobs from taking the database and the CPU away from interactive requests.
   */
  concurrency: number;
}

export interface JobQueue<D, R, P> {
  readonly name: string;
  /**
   * Adds a job unless one with this id is known. Ids must not contain ':'. `input` is bulk text for the
   * handler only (a 4 MB file): kept beside the job, so reading a job's state never moves it.
   */
  add(id: string, data: D, input?: string): Promise<void>;
  /** The job, or null when unknown or expired (finished jobs are kept for `keepMs`). */
  get(id: string): Promise<JobView<D, R, P> | null>;
  /** Resolves once the job is done or failed, or after `waitMs` with its state then. */
  settle(id: string, waitMs: number): Promise<JobView<D, R, P> | null>;
  /** Runs this queue's jobs in this process with `handler` (the worker role). Call once. */
  work(handler: JobHandler<D, R, P>, options: WorkOptions): Promise<void>;
  /** Stops taking jobs, waits for the running ones, and closes connections. */
  close(): Promise<void>;
}

/**
 * Thrown by `add`, `get` and `settle` when the queue's store (Redis) cannot be reached within a short wait:
 * the caller answers at once that it is unavailable, instead of holding the request until the store is back.
 */
export class JobQueueUnavailableError extends Error {
  constructor(queue: string, waitedMs: number) {
    super(`job queue ${queue}: its store could not be reached within ${waitedMs} ms`);
    this.name = 'JobQueueUnavailableError';
  }
}

/** How long `add`, `get` and `settle` wait for a store that is not connected before giving up. */
export const UNAVAILABLE_AFTER_MS = 1_500;

/** How long finished jobs stay readable: long enough for a closed tab to come back for the result. */
export const KEEP_FINISHED_MS = 60 * 60_000;

/** How often `settle` looks at a job's state. */
export const SETTLE_POLL_MS = 100;
