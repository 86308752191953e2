/**
 * Trade imports on the worker role (DESIGN.md section 9): with Redis, the API process only adds the job;
 * a process of ROLE=worker runs it. An import sent while no worker runs waits, queued, and is done once
 * one starts.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TradeImportJob } from '@coinpace/domain';
import { Queue } from 'bullmq';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughLink, startApp, type RunningApp } from './testing/start-app.ts';

const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const KRAKEN = readFileSync(
  new URL('../../domain/fixtures/trades/kraken-trades.csv', import.meta.url),
  'utf8',
);

describe.runIf(serverUrl && redisUrl)('trade imports with ROLE=api and ROLE=worker', () => {
  const name = `coinpace_jobs_${randomBytes(6).toString('hex')}`;
  const prefix = `coinpace-test-${randomBytes(4).toString('hex')}:`;
  let env: Record<string, string>;
  let api: RunningApp | undefined;
  let worker: RunningApp | undefined;

  beforeAll(async () => {
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
    api = await startApp({ ...env, ROLE: 'api' });
  });
  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
    const queue = new Queue('trade-imports', { connection: { url: redisUrl }, prefix: `${prefix}jobs` });
    await queue.obliterate({ force: true });
    await queue.close();
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('queues the import until a worker runs it', async () => {
    // The worker sends the sign-up e-mail (the outbox); it then stops, so the import finds no worker.
    worker = await startApp({ ...env, ROLE: 'worker' });
    const { token } = await signUpThroughLink(
      { url: api!.url, logs: worker.logs },
      { email: 'importer@example.test', password: 'correct horse battery' },
    );
    await worker.stop();
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(api!.url + path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as TradeImportJob };
    };

    const answer = await call('POST', '/api/portfolio/import-trades', { text: KRAKEN });
    expect(answer.status).toBe(202);
    expect(answer.body.status).toBe('queued');
    const { jobId } = answer.body;
    expect((await call('GET', `/api/portfolio/imports/${jobId}`)).body.status).toBe('queued');

    worker = await startApp({ ...env, ROLE: 'worker' });
    let job = answer.body;
    for (let i = 0; i < 300 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await call('GET', `/api/portfolio/imports/${jobId}`)).body;
    }
    expect(job).toMatchObject({ status: 'done', summary: { exchange: 'kraken', added: 5, failed: 1 } });
    const holdings = await fetch(`${api!.url}/api/portfolio`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await holdings.json()) as { symbol: string }[]).map((h) => h.symbol).sort()).toEqual([
      'BTC',
      'ETH',
      'SOL',
    ]);
  });
});
