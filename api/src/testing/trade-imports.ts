/**
 * A trade import as a client makes it: the request, then, when it answers 202, the job followed through
 * GET /api/portfolio/imports/:id until it ends. `file` is the text, or the whole request body. Answers as the request would have had it waited: 200 with
 * the summary, or 400 with the job's reason.
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
  const { jobId } = answer.body as unknown as TradeImportJob;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { status, body, headers } = await api.call('GET', `/api/portfolio/imports/${jobId}`, { token });
    const job = body as TradeImportJob;
    if (status !== 200) return { status, body: body as ImportAnswer['body'], headers };
    if (job.status === 'done') return { status: 200, body: job.summary as ImportAnswer['body'], headers };
    if (job.status === 'failed')
      return { status: 400, body: { error: job.error } as ImportAnswer['body'], headers };
    if (Date.now() > until) throw new Error(`import ${jobId} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
