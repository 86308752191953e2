/**
 * A trade import as a client makes it: the request, then, when it answers 202, the job followed through
 * GET /api/portfolio/imports/:id until it ends. `file` is the text, or the whole request body. Answers as
 * the request would have had it waited: 200 with the summary, or 400 with the job's reason.
 */
import type { TradeImportJob, TradeImportSummary } from '@coinpace/domain';
import type { TestApi } from './harness.ts';

export interface ImportAnswer {
  status: number;
  body: TradeImportSummary & { error?: string };
  headers: Headers;
}

export async function importTradesToEnd(
  api: Pick<TestApi, 'call'>,
  token: string,
  file: string | { text: string; replaceOpening?: boolean | string[]; fileName?: string },
  timeoutMs = 60_000,
): Promise<ImportAnswer> {
  const answer = (await api.call('POST', '/api/portfolio/import-trades', {
    token,
    body: typeof file === 'string' ? { text: file } : file,
  })) as ImportAnswer;
  if (answer.status !== 202) return answer;
  const ended = await followImportJob(
    api,
    token,
    (answer.body as unknown as TradeImportJob).jobId,
    timeoutMs,
  );
  if (!ended.job) return ended.answer;
  const { job, headers } = ended;
  if (job.status === 'done') return { status: 200, body: job.summary as ImportAnswer['body'], headers };
  return { status: 400, body: { error: job.error } as ImportAnswer['body'], headers };
}

/** How following a job ends: the job, done or failed, or the answer other than 200 that stopped it. */
export type FollowedImport =
  { job: TradeImportJob; headers: Headers } | { job?: undefined; answer: ImportAnswer };

/** Follows an import job through GET /api/portfolio/imports/:id, every 100 ms, until it ends. */
export async function followImportJob(
  api: Pick<TestApi, 'call'>,
  token: string,
  jobId: string,
  timeoutMs = 60_000,
): Promise<FollowedImport> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { status, body, headers } = await api.call('GET', `/api/portfolio/imports/${jobId}`, { token });
    if (status !== 200) return { answer: { status, body: body as ImportAnswer['body'], headers } };
    const job = body as TradeImportJob;
    if (job.status === 'done' || job.status === 'failed') return { job, headers };
    if (Date.now() > until) throw new Error(`import ${jobId} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const KRAKEN_PAIRS = ['XXBTZUSD', 'XETHZUSD', 'SOLUSD', 'ADAUSD'];

/** A Kraken export of `rows` dollar buys over four coins, one an hour from 2021, ids unique to `who`. */
export function krakenExport(who: number, rows: number): string {
  const lines = ['txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers'];
  const start = Date.parse('2021-01-01T00:00:00Z');
  for (let i = 0; i < rows; i++) {
    const at = new Date(start + i * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    lines.push(
      `T${who}-${i},O${who}-${i},${KRAKEN_PAIRS[i % KRAKEN_PAIRS.length]},${at},buy,limit,10.5,1.05,0.01,0.1,0,,`,
    );
  }
  return lines.join('\n');
}

/** The `p`th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Gives a user three holdings (BTC, ETH, SOL), for a portfolio read that has something to price. */
export async function holdThreeCoins(api: Pick<TestApi, 'call'>, token: string): Promise<void> {
  const coins = { BTC: 'bitcoin', ETH: 'ethereum', SOL: 'solana' };
  for (const [symbol, coingeckoId] of Object.entries(coins)) {
    const added = await api.call('POST', '/api/portfolio', {
      token,
      body: { symbol, name: symbol, coingeckoId, quantity: 1, purchasePrice: 100 },
    });
    if (added.status >= 300) throw new Error(`holding not added: ${JSON.stringify(added.body)}`);
  }
}

/**
 * Reads the user's portfolio, one read after another (25 ms apart), from when `load` starts until it
 * settles; returns what `load` gave and how long each read took, ms. Five reads go first, before `load`
 * and not counted: they pay for connections and code loading.
 */
export async function portfolioReadsDuring<T>(
  api: Pick<TestApi, 'call'>,
  token: string,
  load: () => Promise<T>,
): Promise<{ result: T; times: number[] }> {
  const read = async () => {
    const began = performance.now();
    const answer = await api.call('GET', '/api/portfolio', { token });
    if (answer.status !== 200) throw new Error(`portfolio read answered ${answer.status}`);
    return performance.now() - began;
  };
  for (let i = 0; i < 5; i++) await read();
  let loading = true;
  const loaded = load().finally(() => {
    loading = false;
  });
  const times: number[] = [];
  while (loading) {
    times.push(await read());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { result: await loaded, times };
}
