/**
 * The in-process job queue: jobs wait in arrival order and at most `concurrency` run at once, in this
 * process's event loop. The default when no REDIS_URL is set (`npm start`).
 */
import type { JobHandler, JobQueue, JobView, WorkOptions } from './port.ts';
import { KEEP_FINISHED_MS } from './port.ts';

interface Entry<D, R, P> {
  view: JobView<D, R, P>;
  input: string | null;
  finishedAt: number | null;
  waiters: (() => void)[];
}

export interface MemoryQueueOptions {
  /** How long finished jobs stay readable; default an hour. */
  keepMs?: number;
}

export function createMemoryQueue<D, R, P>(
  name: string,
  options: MemoryQueueOptions = {},
): JobQueue<D, R, P> {
  const keepMs = options.keepMs ?? KEEP_FINISHED_MS;
  const jobs = new Map<string, Entry<D, R, P>>();
  const waiting: string[] = [];
  let handler: JobHandler<D, R, P> | null = null;
  let concurrency = 1;
  let running = 0;
  let closed = false;
  const idle: (() => void)[] = [];

  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T;

  function prune(now: number): void {
    for (const [id, entry] of jobs) {
      if (entry.finishedAt !== null && now - entry.finishedAt > keepMs) jobs.delete(id);
    }
  }

  function finish(entry: Entry<D, R, P>): void {
    entry.finishedAt = Date.now();
    for (const wake of entry.waiters.splice(0)) wake();
  }

  function pump(): void {
    while (handler && !closed && running < concurrency && waiting.length > 0) {
      const entry = jobs.get(waiting.shift()!);
      if (!entry) continue;
      running += 1;
      void run(handler, entry);
    }
    if (running === 0) for (const done of idle.splice(0)) done();
  }

  async function run(work: JobHandler<D, R, P>, entry: Entry<D, R, P>): Promise<void> {
    const { view } = entry;
    view.status = 'running';
    try {
      const input = entry.input;
      // The handler has it now; a finished job keeps no copy of a file.
      entry.input = null;
      const result = await work({
        id: view.id,
        data: copy(view.data),
        input,
        progress: async (progress) => {
          view.progress = copy(progress);
        },
      });
      view.result = copy(result);
      view.status = 'done';
    } catch (error) {
      view.error = error instanceof Error ? error.message : String(error);
      view.status = 'failed';
    }
    finish(entry);
    running -= 1;
    pump();
  }

  return {
    name,
    async add(id, data, input) {
      if (closed) throw new Error(`job queue ${name} is closed`);
      prune(Date.now());
      if (jobs.has(id)) return;
      jobs.set(id, {
        view: { id, status: 'queued', data: copy(data), progress: null, result: null, error: null },
        input: input ?? null,
        finishedAt: null,
        waiters: [],
      });
      waiting.push(id);
      // Started on the next turn, as a job handed to Redis would be: add never runs the handler inline.
      setImmediate(pump);
    },
    async get(id) {
      const entry = jobs.get(id);
      return entry ? copy(entry.view) : null;
    },
    async settle(id, waitMs) {
      const entry = jobs.get(id);
      if (!entry) return null;
      if (entry.finishedAt === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          entry.waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return copy(entry.view);
    },
    async work(next, options: WorkOptions) {
      if (handler) throw new Error(`job queue ${name} already has a worker`);
      handler = next;
      concurrency = Math.max(1, options.concurrency);
      pump();
    },
    async close() {
      closed = true;
      if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
