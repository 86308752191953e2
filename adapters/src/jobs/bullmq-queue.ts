/**
 * The job queue on Redis (BullMQ): any process adds jobs; processes of the worker role run them, at most
 * `concurrency` at once across all of them (BullMQ's global concurrency). A job whose worker died is run
 * again once its lock lapses (BullMQ's stalled-job check), which is why handlers are idempotent.
 */
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandler, JobQueue, JobStatus, JobView, WorkOptions } from './port.ts';
import { JobQueueUnavailableError, KEEP_FINISHED_MS, SETTLE_POLL_MS, UNAVAILABLE_AFTER_MS } from './port.ts';

export interface BullmqQueueOptions {
  redisUrl: string;
  /** Key prefix of every key of this queue in Redis; default 'coinpace-jobs'. */
  prefix?: string;
  /** How long finished jobs stay readable; default an hour. */
  keepMs?: number;
  /** Runs of one job before it counts as failed when its worker keeps dying; default 2. */
  attempts?: number;
  /**
   * Hears connection errors (Redis down: the clients reconnect by themselves); default none. An
   * EventEmitter's 'error' with no listener would end the process.
   */
  onError?: (error: Error) => void;
  /**
   * How long `add`, `get` and `settle` wait for Redis while it is not connected (and for their commands)
   * before throwing JobQueueUnavailableError; default UNAVAILABLE_AFTER_MS.
   */
  unavailableAfterMs?: number;
}

/** BullMQ's states, as the port's. */
function statusOf(state: string): JobStatus {
  if (state === 'completed') return 'done';
  if (state === 'failed') return 'failed';
  if (state === 'active') return 'running';
  return 'queued';
}

export function createBullmqQueue<D, R, P>(name: string, options: BullmqQueueOptions): JobQueue<D, R, P> {
  const prefix = options.prefix ?? 'coinpace-jobs';
  const keepSeconds = Math.ceil((options.keepMs ?? KEEP_FINISHED_MS) / 1000);
  // BullMQ needs maxRetriesPerRequest null on the connections its worker blocks on.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  const queue = new Queue(name, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: options.attempts ?? 2,
      removeOnComplete: { age: keepSeconds },
      removeOnFail: { age: keepSeconds },
    },
  });
  const onError = options.onError ?? (() => undefined);
  connection.on('error', onError);
  queue.on('error', onError);
  let worker: Worker | null = null;
  const keepMs = keepSeconds * 1000;
  const unavailableAfterMs = options.unavailableAfterMs ?? UNAVAILABLE_AFTER_MS;

  /**
   * Runs `commands` against Redis within `unavailableAfterMs`, or throws JobQueueUnavailableError. ioredis
   * holds every command while it reconnects (BullMQ's connections retry without end), so during an
   * outage a request would wait for the outage to end. The commands are only sent once the connection
   * is ready, so a request refused while Redis is down leaves nothing behind to run once it is back (one
   * whose Redis went down mid-command may still be run then: imports skip rows imported before).
   */
  async function whileReachable<T>(commands: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let onReady: (() => void) | undefined;
    const giveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new JobQueueUnavailableError(name, unavailableAfterMs)),
        unavailableAfterMs,
      );
    });
    const ready = new Promise<void>((resolve) => {
      if (connection.status === 'ready') return resolve();
      onReady = resolve;
      connection.once('ready', onReady);
    });
    try {
      await Promise.race([ready, giveUp]);
      return await Promise.race([commands(), giveUp]);
    } finally {
      clearTimeout(timer);
      if (onReady) connection.off('ready', onReady);
    }
  }
  /** Where a job's bulk input waits for its worker: beside the job, read only by the handler. */
  const inputKey = (id: string) => `${prefix}:${name}:input:${id}`;

  /** The job's state read before the job itself, so a 'done' job is never read without its result. */
  async function view(id: string): Promise<JobView<D, R, P> | null> {
    const state = await queue.getJobState(id);
    if (state === 'unknown') return null;
    const job = await queue.getJob(id);
    if (!job) return null;
    const status = statusOf(state);
    const progress = job.progress;
    return {
      id: job.id!,
      status,
      data: job.data as D,
      // BullMQ starts every job at progress 0.
      progress: typeof progress === 'object' && progress !== null ? (progress as P) : null,
      result: status === 'done' ? ((job.returnvalue ?? null) as R | null) : null,
      error: status === 'failed' ? job.failedReason || 'the job failed' : null,
    };
  }

  return {
    name,
    async add(id, data, input) {
      await whileReachable(async () => {
        if (input !== undefined) {
          // NX: a second add of the same id leaves the first job's input, as it leaves the first job.
          await connection.set(inputKey(id), input, 'PX', keepMs, 'NX');
        }
        await queue.add(name, data, { jobId: id });
      });
    },
    async get(id) {
      return whileReachable(() => view(id));
    },
    async settle(id, waitMs) {
      const until = Date.now() + waitMs;
      // Only the state is polled; the job itself is read once, at the end.
      for (;;) {
        const state = await whileReachable(() => queue.getJobState(id));
        if (state === 'unknown') return null;
        if (state === 'completed' || state === 'failed' || Date.now() >= until)
          return whileReachable(() => view(id));
        await new Promise((resolve) => setTimeout(resolve, Math.min(SETTLE_POLL_MS, until - Date.now())));
      }
    },
    async work(handler: JobHandler<D, R, P>, { concurrency }: WorkOptions) {
      if (worker) throw new Error(`job queue ${name} already has a worker`);
      await queue.setGlobalConcurrency(Math.max(1, concurrency));
      const workerConnection = connection.duplicate();
      workerConnection.on('error', onError);
      worker = new Worker(
        name,
        async (job: Job) => {
          const result = await handler({
            id: job.id!,
            data: job.data as D,
            input: await connection.get(inputKey(job.id!)),
            progress: (progress) => job.updateProgress(progress as object),
          });
          // Kept until the job is done, for a run again after a worker died mid-job.
          await connection.del(inputKey(job.id!));
          return result;
        },
        { connection: workerConnection, prefix, concurrency: Math.max(1, concurrency) },
      );
      // A failed job is recorded on the job itself; this hears only connection errors.
      worker.on('error', onError);
      await worker.waitUntilReady();
    },
    async close() {
      await worker?.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
