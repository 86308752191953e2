/**
 * One behaviour for both job queues: the in-process one always, BullMQ when REDIS_URL is set (each run
 * under its own key prefix, removed afterwards).
 */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullmqQueue } from './bullmq-queue.ts';
import { createMemoryQueue } from './memory-queue.ts';
import type { JobQueue } from './port.ts';

const redisUrl = process.env.REDIS_URL;

interface Data {
  n: number;
  fail?: string;
  holdMs?: number;
}
type Progress = { step: number };

const kinds: { kind: string; open: () => JobQueue<Data, number, Progress>; cleanup: () => Promise<void> }[] =
  [];
kinds.push({
  kind: 'memory',
  open: () => createMemoryQueue('contract'),
  cleanup: async () => undefined,
});
if (redisUrl) {
  const prefix = `coinpace-test-jobs-${randomUUID().slice(0, 8)}`;
  kinds.push({
    kind: 'bullmq',
    open: () => createBullmqQueue('contract', { redisUrl, prefix }),
    cleanup: async () => {
      const queue = new Queue('contract', { connection: { url: redisUrl }, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(kinds)('job queue ($kind)', ({ open, cleanup }) => {
  const opened: JobQueue<Data, number, Progress>[] = [];
  const queue = () => {
    const q = open();
    opened.push(q);
    return q;
  };
  afterEach(async () => {
    for (const q of opened.splice(0)) await q.close();
    await cleanup();
  });

  it('runs a job, keeps its progress and result, and answers settle once it is done', async () => {
    const q = queue();
    await q.work(
      async (job) => {
        await job.progress({ step: 1 });
        return job.data.n * 2;
      },
      { concurrency: 1 },
    );
    await q.add('job-a', { n: 21 });
    const done = await q.settle('job-a', 10_000);
    expect(done).toMatchObject({
      id: 'job-a',
      status: 'done',
      result: 42,
      progress: { step: 1 },
      error: null,
    });
    expect(done?.data).toEqual({ n: 21 });
    expect(await q.get('job-a')).toMatchObject({ status: 'done', result: 42 });
  });

  it('hands the bulk input to the handler only, never to readers of the job', async () => {
    const q = queue();
    const file = 'x'.repeat(100_000);
    await q.work(async (job) => job.input?.length ?? -1, { concurrency: 1 });
    await q.add('job-input', { n: 1 }, file);
    const done = await q.settle('job-input', 10_000);
    expect(done?.result).toBe(100_000);
    expect(JSON.stringify(done)).not.toContain('xxxx');
    await q.add('job-no-input', { n: 2 });
    expect((await q.settle('job-no-input', 10_000))?.result).toBe(-1);
  });

  it('records a failure with its message', async () => {
    const q = queue();
    await q.work(
      async (job) => {
        if (job.data.fail) throw new Error(job.data.fail);
        return 0;
      },
      { concurrency: 1 },
    );
    await q.add('job-b', { n: 1, fail: 'This is not a trade-history export' });
    const failed = await q.settle('job-b', 10_000);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'This is not a trade-history export',
      result: null,
    });
  });

  it('settle answers with the state so far when the job outlasts the wait', async () => {
    const q = queue();
    await q.work(
      async (job) => {
        await sleep(job.data.holdMs ?? 0);
        return 1;
      },
      { concurrency: 1 },
    );
    await q.add('job-c', { n: 1, holdMs: 1_500 });
    const early = await q.settle('job-c', 200);
    expect(early?.status === 'queued' || early?.status === 'running').toBe(true);
    expect((await q.settle('job-c', 10_000))?.status).toBe('done');
  });

  it('does not start a job twice for one id, and knows nothing of an unknown id', async () => {
    const q = queue();
    let runs = 0;
    await q.add('job-d', { n: 1 });
    await q.add('job-d', { n: 2 });
    await q.work(
      async (job) => {
        runs += 1;
        return job.data.n;
      },
      { concurrency: 1 },
    );
    expect((await q.settle('job-d', 10_000))?.result).toBe(1);
    await sleep(100);
    expect(runs).toBe(1);
    expect(await q.get('no-such-job')).toBeNull();
    expect(await q.settle('no-such-job', 50)).toBeNull();
  });

  it('never runs more jobs at once than its concurrency', async () => {
    const q = queue();
    let running = 0;
    let most = 0;
    await q.work(
      async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(80);
        running -= 1;
        return 0;
      },
      { concurrency: 2 },
    );
    const ids = Array.from({ length: 6 }, (_, i) => `job-e${i}`);
    for (const id of ids) await q.add(id, { n: 0 });
    for (const id of ids) expect((await q.settle(id, 10_000))?.status).toBe('done');
    expect(most).toBe(2);
  });
});
