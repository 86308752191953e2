/**
 * Trade imports as jobs: 202 with the job when the request's wait runs out, GET /api/portfolio/imports/:id
 * for its owner only, and `import:progress` events to the user's sockets as it goes.
 */
import { readFileSync } from 'node:fs';
import { subscribeUserEvents } from '@coinpace/adapters';
import { testEngines } from '@coinpace/db/testing';
import {
  TRADE_FORMAT_UNKNOWN_MESSAGE,
  type ImportProgressPayload,
  type TradeImportJob,
  type UserEvent,
} from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { followImportJob, importTradesToEnd } from '../../testing/trade-imports.ts';
import { IMPORT_NOT_FOUND_MESSAGE } from './import-jobs.ts';

const FIXTURES = new URL('../../../../domain/fixtures/trades/', import.meta.url);
const KRAKEN = readFileSync(new URL('kraken-trades.csv', FIXTURES), 'utf8');

/** A Kraken export of `rows` dollar buys of BTC. */
function krakenBuys(rows: number): string {
  const row = (i: number) => `T${i},O${i},XXBTZUSD,2024-01-01 00:00:00,buy,limit,100,1,0,0.01,0,,`;
  return [
    'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers',
    ...Array.from({ length: rows }, (_, i) => row(i)),
  ].join('\n');
}

describe.each(testEngines(process.env.DATABASE_URL))('trade imports as jobs on %s', (engine) => {
  let api: TestApi;
  const events: UserEvent[] = [];
  beforeAll(async () => {
    // No wait: every import answers 202 and is followed as a job.
    api = await startTestApi(engine, {}, { importAnswerWaitMs: 0 });
    await subscribeUserEvents(api.bus, (event) => events.push(event));
  });
  afterAll(() => api?.close());

  const post = (token: string, text: string) =>
    api.call('POST', '/api/portfolio/import-trades', { token, body: { text } });
  const follow = async (token: string, jobId: string): Promise<TradeImportJob> => {
    const ended = await followImportJob(api, token, jobId);
    if (!ended.job) throw new Error(`import ${jobId} answered ${ended.answer.status}`);
    return ended.job;
  };

  it('answers 202 with the job, which ends with the summary a waited import gives', async () => {
    const { token, user } = await api.signUp();
    const answer = await post(token, KRAKEN);
    expect(answer.status).toBe(202);
    const started = answer.body as TradeImportJob;
    expect(started.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(['queued', 'running', 'done']).toContain(started.status);

    const job = await follow(token, started.jobId);
    expect(job).toMatchObject({
      jobId: started.jobId,
      status: 'done',
      summary: { exchange: 'kraken', read: 7, added: 5, duplicates: 1, failed: 1 },
    });
    // The user's sockets heard the end, with the same summary; nobody else's did.
    const mine = events.filter(
      (e): e is Extract<UserEvent, { type: 'import:progress' }> =>
        e.type === 'import:progress' && (e.payload as ImportProgressPayload).jobId === started.jobId,
    );
    expect(mine.every((e) => e.userId === user.id)).toBe(true);
    expect(mine.at(-1)?.payload).toMatchObject({ status: 'done', summary: { added: 5 } });
    // Imported again, every row is a duplicate: the job ran once and wrote once.
    const again = await importTradesToEnd(api, token, KRAKEN);
    expect(again.body).toMatchObject({ added: 0, duplicates: 6 });
  });

  it('reports progress while a long file is read and written', async () => {
    const { token } = await api.signUp();
    const answer = await post(token, krakenBuys(6_000));
    expect(answer.status).toBe(202);
    const { jobId } = answer.body as TradeImportJob;
    const job = await follow(token, jobId);
    expect(job.summary).toMatchObject({ read: 6_000, added: 6_000, failed: 0 });
    const progress = events
      .filter((e) => e.type === 'import:progress' && (e.payload as ImportProgressPayload).jobId === jobId)
      .map((e) => (e.payload as ImportProgressPayload).progress)
      .filter((p) => p !== null);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ phase: 'reading', total: 6_000 });
    for (const p of progress) expect(p!.done).toBeLessThanOrEqual(p!.total);
  });

  it('refuses a file over the row limit through its job, and writes nothing', async () => {
    const { token } = await api.signUp();
    const answer = await post(token, krakenBuys(20_001));
    expect(answer.status).toBe(202);
    const job = await follow(token, (answer.body as TradeImportJob).jobId);
    expect(job).toMatchObject({
      status: 'failed',
      error:
        'The file has 20,001 rows; at most 20,000 can be imported at once. Export a shorter period, or split the file.',
    });
    expect((await api.call('GET', '/api/portfolio', { token })).body).toEqual([]);
  });

  it('refuses a file of no known format at once, without a job', async () => {
    const { token } = await api.signUp();
    const answer = await post(token, 'date,what,amount\n2024-01-01,coffee,3\n');
    expect(answer).toMatchObject({ status: 400, body: { error: TRADE_FORMAT_UNKNOWN_MESSAGE } });
  });

  it('shows a job to its owner only', async () => {
    const owner = await api.signUp();
    const other = await api.signUp();
    const { jobId } = (await post(owner.token, KRAKEN)).body as TradeImportJob;
    await follow(owner.token, jobId);
    for (const path of [jobId, '00000000-0000-4000-8000-000000000000', 'not-a-job']) {
      const answer = await api.call('GET', `/api/portfolio/imports/${path}`, { token: other.token });
      expect(answer).toMatchObject({ status: 404, body: { error: IMPORT_NOT_FOUND_MESSAGE } });
    }
    expect((await api.call('GET', `/api/portfolio/imports/${jobId}`)).status).toBe(401);
  });
});
