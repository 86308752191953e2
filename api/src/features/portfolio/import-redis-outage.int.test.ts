/**
 * A trade import during a Redis outage: the import request answers 503 IMPORTS_UNAVAILABLE with
 * Retry-After within a couple of seconds, instead of waiting for Redis to come back (the job queue's
 * connection holds commands while it reconnects). Once Redis is back, imports are taken again. Runs on
 * a redis-server of its own, stopped and started by its PID; the shared one is never touched.
 */
import { readFileSync } from 'node:fs';
import { createBullmqQueue } from '@coinpace/adapters';
import { startOwnRedisServer, type OwnRedisServer } from '@coinpace/adapters/testing';
import { ERROR_CATALOGUE } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { TRADE_IMPORT_QUEUE, type TradeImportQueue } from './import-jobs.ts';

const KRAKEN = readFileSync(
  new URL('../../../../domain/fixtures/trades/kraken-trades.csv', import.meta.url),
  'utf8',
);
/**
 * How soon an import is refused during an outage: a couple of seconds, so the user is told to try again
 * while still looking at the form, never kept waiting for the outage's length.
 */
const ANSWER_WITHIN_MS = 3_000;

describe('a trade import while the job queue cannot reach Redis', () => {
  let redis: OwnRedisServer;
  let queue: TradeImportQueue;
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    redis = await startOwnRedisServer();
    // No worker: the import request adds the job and answers 202 once its short wait is over.
    queue = createBullmqQueue(TRADE_IMPORT_QUEUE, { redisUrl: redis.url, prefix: 'outage-jobs' });
    api = await startTestApi('pglite', {}, { imports: queue, importAnswerWaitMs: 200 });
    ({ token } = await api.signUp());
  });
  afterAll(async () => {
    await api?.close();
    await redis?.start();
    await queue?.close();
    await redis?.close();
  });

  const importTrades = async () => {
    const began = performance.now();
    const answer = await api.call('POST', '/api/portfolio/import-trades', { token, body: { text: KRAKEN } });
    return { ...answer, ms: performance.now() - began };
  };

  it('answers 503 with Retry-After within a couple of seconds, and takes imports again once Redis is back', async () => {
    expect((await importTrades()).status).toBe(202);

    await redis.stop();
    const during = [await importTrades(), await importTrades()];
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        code: 'IMPORTS_UNAVAILABLE',
        error: ERROR_CATALOGUE.IMPORTS_UNAVAILABLE.message,
      });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    // Reading a job is refused the same way, not held.
    const job = await api.call('GET', `/api/portfolio/imports/${crypto.randomUUID()}`, { token });
    expect(job.status).toBe(503);

    await redis.start();
    let after = await importTrades();
    // ioredis reconnects on its own back-off: the first answers after the restart may still be 503.
    for (let i = 0; i < 50 && after.status === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await importTrades();
    }
    expect(after.status).toBe(202);
    expect(after.body.status).toBe('queued');
  }, 60_000);
});
