/**
 * Exchange sync benchmark: first syncs of many Binance accounts (1,000 trades each by default) run as
 * BullMQ jobs on Redis by two worker processes (bench/src/sync/worker.ts: the real sync job handler,
 * the request pace shared through Redis), against the local Binance peer in this process (which checks
 * every signature), storing every trade as holding transactions in a Postgres database this bench
 * creates and drops. Then one account of 10,000 trades synced alone: its job's time in the worker.
 *
 * Prints and writes to bench/results/sync.json: trades stored a second, each worker's peak RSS and heap
 * (measured in the worker), and the most request cost the peer saw in any one second against the
 * configured pace (`--ms-per-cost` per ccxt cost unit; ccxt's own Binance pace is 50, which would take
 * an hour for a thousand accounts). Goals: every trade stored, the pace never exceeded (a window may
 * start just before one request: one request's cost over), the first sync of 10,000 trades under 30 s.
 *
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:sync
 *        [-- --accounts 1000 --trades 1000 --workers 2 --concurrency 4 --ms-per-cost 0.5 --first-trades 10000]
 * REDIS_URL defaults to the local Redis; the bench's keys carry a prefix of their own, deleted after.
 * Not part of CI.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { connectRedis, createBullmqQueue, createSecretBox, loadCcxt } from '@coinpace/adapters';
import { seedAccount, startBinancePeer, type PeerAccount } from '@coinpace/adapters/testing';
import {
  EXCHANGE_SYNC_CONCURRENCY,
  EXCHANGE_SYNC_QUEUE,
  sealCredentials,
  type ExchangeSyncQueue,
} from '@coinpace/api';
import { connect } from '@coinpace/db';
import postgres from 'postgres';
import { endpointCosts, peerRate } from './sync/peer-rate.ts';
import type { WorkerMessage } from './sync/worker.ts';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    trades: { type: 'string', default: '1000' },
    workers: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: String(EXCHANGE_SYNC_CONCURRENCY) },
    'ms-per-cost': { type: 'string', default: '0.5' },
    'first-trades': { type: 'string', default: '10000' },
    keep: { type: 'boolean', default: false },
  },
});
const EXCHANGE = 'binance';
const accountCount = Number(values.accounts);
const tradeCount = Number(values.trades);
const workerCount = Number(values.workers);
const concurrency = Number(values.concurrency);
const msPerCost = Number(values['ms-per-cost']);
const firstTrades = Number(values['first-trades']);
const FIRST_SYNC_GOAL_S = 30;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:sync needs real Postgres: set DATABASE_URL=postgres://user@host:5432/postgres');
  process.exit(1);
}
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = Date.now().toString(36);
const name = `coinpace_bench_sync_${runId}`;
const prefix = `coinpace-bench-sync-${runId}:`;
const log = (line: string) => console.log(line);

const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
// Opened once to run the migrations; the bench's own statements go through `pg`.
await (await connect({ databaseUrl: url.toString(), maxConnections: 1, statementTimeoutMs: 0 })).close();
const pg = postgres(url.toString(), { max: 2, onnotice: () => {} });
const secretsKey = randomBytes(32);
const secrets = createSecretBox(secretsKey);

interface Seeded {
  id: string;
  userId: string;
}
/** A user and their exchange account whose key is the peer account's. */
async function addAccount(apiKey: string, secret: string): Promise<Seeded> {
  const userId = randomUUID();
  const id = randomUUID();
  const sealed = sealCredentials(secrets, id, { apiKey, secret });
  // One user per account, as accounts of different users sync: no two jobs share holdings.
  await pg`insert into users (id, identity_subject, email, first_name)
    values (${userId}, ${`bench_${id}`}, ${`bench_${id}@example.test`}, 'Bench')`;
  await pg`insert into exchange_accounts (id, user_id, exchange, label, credentials, key_id)
    values (${id}, ${userId}, ${EXCHANGE}, 'Bench', ${sealed.credentials}, ${sealed.keyId})`;
  return { id, userId };
}

const workers: ChildProcess[] = [];
const queue: ExchangeSyncQueue = createBullmqQueue(EXCHANGE_SYNC_QUEUE, {
  redisUrl,
  prefix: `${prefix}jobs`,
});
await loadCcxt();
const peer = await startBinancePeer();
const done = new Map<string, Extract<WorkerMessage, { type: 'job' }>>();
const waiters = new Map<string, () => void>();
const figures: Extract<WorkerMessage, { type: 'figures' }>[] = [];

try {
  log(`bench:sync: seeding ${accountCount} accounts of ${tradeCount} trades in ${name}`);
  const peerAccounts = Array.from({ length: accountCount }, (_, i) => benchAccount(`bench${i}`, tradeCount));
  const accounts: Seeded[] = [];
  for (const account of peerAccounts) {
    peer.addAccount(account);
    accounts.push(await addAccount(account.apiKey, account.secret));
  }

  log(`bench:sync: starting ${workerCount} workers (${concurrency} syncs at once across them)`);
  const ready: Promise<void>[] = [];
  for (let i = 0; i < workerCount; i += 1) {
    const child = fork(new URL('./sync/worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl,
        BENCH_PREFIX: prefix,
        BENCH_EXCHANGE: EXCHANGE,
        BENCH_PEER_URL: peer.url,
        BENCH_MS_PER_COST: String(msPerCost),
        BENCH_SECRETS_KEY: secretsKey.toString('hex'),
        BENCH_CONCURRENCY: String(concurrency),
      },
    });
    workers.push(child);
    ready.push(
      new Promise((resolve, reject) => {
        child.on('message', (message: WorkerMessage) => {
          if (message.type === 'ready') resolve();
          if (message.type === 'figures') figures.push(message);
          if (message.type === 'job') {
            done.set(message.accountId, message);
            waiters.get(message.accountId)?.();
          }
        });
        child.once('exit', (code) => reject(new Error(`worker ${i} exited with ${code}`)));
      }),
    );
  }
  await Promise.all(ready);

  const syncAll = async (list: Seeded[]): Promise<number> => {
    const finished = list.map((a) => new Promise<void>((resolve) => waiters.set(a.id, resolve)));
    const started = performance.now();
    for (const a of list)
      await queue.add(`sync-${a.id}`, { accountId: a.id, userId: a.userId, reason: 'connect' });
    await Promise.all(finished);
    return (performance.now() - started) / 1000;
  };

  log('bench:sync: first syncs of every account');
  const load = { before: loadavg()[0] };
  const seconds = await syncAll(accounts);
  // A trade's own transaction; a trade quoted in a coin adds one more, its reference suffixed.
  const [stored] = await pg<{ trades: number; rows: number }[]>`
    select count(*) filter (where external_ref ~ '^exchange:[^:]+:trade:[^:]+:[^:]+$')::int as trades,
           count(*)::int as rows
      from holding_transactions`;
  const jobs = accounts.map((a) => done.get(a.id)!);
  const failed = jobs.filter((j) => j.failed !== null);

  log(`bench:sync: first sync of one account of ${firstTrades} trades`);
  const big = benchAccount('benchfirst', firstTrades);
  peer.addAccount(big);
  const bigAccount = await addAccount(big.apiKey, big.secret);
  const bigLogFrom = peer.log.length;
  const bigSeconds = await syncAll([bigAccount]);
  const bigJob = done.get(bigAccount.id)!;
  const loadAfter = loadavg()[0];

  const stopped = workers.map((w) => new Promise((resolve) => w.once('exit', resolve)));
  for (const w of workers) w.send('stop');
  await Promise.all(stopped);

  const rate = peerRate(peer.log, await endpointCosts(EXCHANGE));
  const allowed = 1000 / msPerCost;
  const result = {
    benchmark: 'sync',
    date: new Date().toISOString(),
    node: process.version,
    cpu: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
    load: { before: load.before, after: loadAfter },
    exchange: EXCHANGE,
    accounts: accountCount,
    tradesPerAccount: tradeCount,
    workers: workerCount,
    concurrency,
    seconds: Number(seconds.toFixed(1)),
    tradesStored: stored?.trades ?? 0,
    transactionsStored: stored?.rows ?? 0,
    tradesStoredPerSecond: Math.round((stored?.trades ?? 0) / seconds),
    transactionsLeftOut: jobs.reduce((n, j) => n + j.refused, 0),
    failedJobs: failed.length,
    jobSeconds: {
      median: Number((median(jobs.map((j) => j.ms)) / 1000).toFixed(2)),
      max: Number((Math.max(...jobs.map((j) => j.ms)) / 1000).toFixed(2)),
    },
    perWorker: figures,
    pace: {
      msPerCost,
      allowedCostPerSecond: allowed,
      ...rate,
      withinPace: rate.worstCostInOneSecond <= allowed + rate.heaviestRequest,
    },
    firstSync: {
      trades: firstTrades,
      workerSeconds: Number((bigJob.ms / 1000).toFixed(2)),
      // It runs alone: the worker process's CPU time over it is the job's (Postgres's own is not in it).
      workerCpuSeconds: Number((bigJob.cpuMs / 1000).toFixed(2)),
      secondsQueuedToDone: Number(bigSeconds.toFixed(2)),
      added: bigJob.added,
      requests: peer.log.length - bigLogFrom,
      goalSeconds: FIRST_SYNC_GOAL_S,
      withinGoal: bigJob.ms / 1000 < FIRST_SYNC_GOAL_S,
    },
  };
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../results/sync.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const allStored = result.tradesStored === accountCount * tradeCount;
  if (!allStored || failed.length > 0 || !result.pace.withinPace || !result.firstSync.withinGoal) {
    process.exitCode = 1;
  }
} finally {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await queue.close();
  await peer.close();
  await pg.end();
  await deleteKeys(redisUrl, prefix);
  if (!values.keep) await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

/**
 * A peer account whose every trade the holding history takes: BTC and ETH against USDT, a sale every
 * third trade of a tenth of a buy's amount (the test seed's sales may exceed what was bought, and are
 * then left out, which would not measure storing).
 */
function benchAccount(key: string, trades: number): PeerAccount {
  const account = seedAccount({
    trades,
    apiKey: key.padEnd(64, 'x'),
    symbols: ['BTC/USDT', 'ETH/USDT'],
    deposits: 2,
    withdrawals: 1,
  });
  for (const [i, trade] of account.trades.entries()) {
    trade.side = i % 3 === 2 ? 'sell' : 'buy';
    if (trade.side === 'sell') trade.amount = (Number(trade.amount) / 10).toFixed(5);
  }
  return account;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Deletes this run's keys (its own prefix only; the shared Redis keeps everything else). */
async function deleteKeys(redis: string, keyPrefix: string): Promise<void> {
  const quiet = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Parameters<
    typeof connectRedis
  >[1];
  const client = await connectRedis(redis, quiet, 'bench-cleanup');
  for await (const keys of client.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 1000 })) {
    const batch = ([] as string[]).concat(keys);
    if (batch.length > 0) await client.del(batch);
  }
  await client.quit();
}
