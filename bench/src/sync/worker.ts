/**
 * One worker process of bench:sync: the worker role's exchange-sync wiring (server/src/main.ts) on its
 * own: the BullMQ queue on Redis, the request pace kept in Redis and shared with the other worker, the
 * ccxt connector pointed at the bench's peer, and the real sync job handler storing into Postgres.
 * Measures itself: each job's time in this process, and its peak RSS and heap, sampled every 20 ms.
 * Told by its parent over IPC: 'stop' closes the queue and answers with the figures.
 */
import {
  createCcxtConnector,
  createBullmqQueue,
  createMemoryBus,
  createSecretBox,
  connectRedis,
} from '@coinpace/adapters';
import { createRedisRequestLimiter, loadCcxt } from '@coinpace/adapters';
import { EXCHANGE_SYNC_QUEUE, createLogger, exchangeSyncWorker, type ExchangeSyncQueue } from '@coinpace/api';
import { connect } from '@coinpace/db';
import { performance } from 'node:perf_hooks';

/** What a worker tells its parent. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'bye' }
  | {
      type: 'job';
      accountId: string;
      ms: number;
      /** This process's CPU time over the job: the job's own only when it ran alone. */
      cpuMs: number;
      added: number;
      refused: number;
      failed: string | null;
    }
  | { type: 'figures'; peakRssMb: number; peakHeapMb: number; cpuSeconds: number; jobs: number };

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`bench:sync worker needs ${name}`);
  return value;
};
const send = (message: WorkerMessage) => process.send?.(message);

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
};
sample();
const sampler = setInterval(sample, 20);

const logger = createLogger('warn', { part: 'bench-sync-worker' });
const exchange = env('BENCH_EXCHANGE');
const database = await connect({ databaseUrl: env('DATABASE_URL'), migrate: false, maxConnections: 10 });
const redisUrl = env('REDIS_URL');
const prefix = env('BENCH_PREFIX');
const limiterRedis = await connectRedis(redisUrl, logger, 'bench-pace');
const pace = createRedisRequestLimiter({
  client: limiterRedis,
  prefix: `${prefix}exchange-pace:`,
  msPerCost: { [exchange]: Number(env('BENCH_MS_PER_COST')) },
});
await loadCcxt();
const exchanges = createCcxtConnector({
  urls: { [exchange]: env('BENCH_PEER_URL') },
  throttle: (id, cost) => pace.throttle(id, cost),
});
const queue: ExchangeSyncQueue = createBullmqQueue(EXCHANGE_SYNC_QUEUE, {
  redisUrl,
  prefix: `${prefix}jobs`,
  onError: (error) => logger.warn({ err: error }, 'bench queue: Redis connection error'),
});
const handler = exchangeSyncWorker({
  db: database.db,
  bus: createMemoryBus(),
  logger,
  exchanges,
  secrets: createSecretBox(Buffer.from(env('BENCH_SECRETS_KEY'), 'hex')),
});
const cpuAtStart = process.cpuUsage();
let jobs = 0;
await queue.work(
  async (job) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const outcome = await handler(job);
    const cpuUsed = process.cpuUsage(cpu);
    jobs += 1;
    send({
      type: 'job',
      accountId: 'accountId' in job.data ? job.data.accountId : '',
      ms: performance.now() - started,
      cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
      added: 'added' in outcome ? outcome.added : 0,
      refused: 'refused' in outcome ? outcome.refused : 0,
      failed:
        'failed' in outcome ? outcome.failed : 'skipped' in outcome ? `skipped: ${outcome.skipped}` : null,
    });
    return outcome;
  },
  { concurrency: Number(env('BENCH_CONCURRENCY')) },
);
send({ type: 'ready' });

process.on('message', (message) => {
  if (message !== 'stop') return;
  void (async () => {
    await queue.close();
    clearInterval(sampler);
    sample();
    const cpu = process.cpuUsage(cpuAtStart);
    send({
      type: 'figures',
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      peakHeapMb: Math.round(peakHeap / 1024 / 1024),
      cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
      jobs,
    });
    await limiterRedis.quit().catch(() => undefined);
    await database.close();
    // The figures are sent before the process ends (a pending IPC message would be lost otherwise).
    process.send?.({ type: 'bye' }, () => process.exit(0));
  })();
});
