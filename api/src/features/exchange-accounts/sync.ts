/**
 * Exchange syncs as jobs on the jobs port: a sync reads the account's movements after its cursor, page by
 * page, and stores each page with the cursor in one database transaction (db storeSyncPage), then reads
 * the balances. Run at once on connect and "Sync now", and every 15 minutes by the worker role's
 * schedule. One sync per account at a time (a lease on the account's row); the job id is derived from the
 * account and its cursor, so a "Sync now" and the schedule asking at once add one job.
 *
 * Transient exchange errors (rate limits, the exchange down) are retried with back-off within the job;
 * a key refused for good (revoked, wrong) stops the account's schedule and tells the user why.
 */
import { createHash } from 'node:crypto';
import {
  ExchangeError,
  createMemoryQueue,
  publishUserEvent,
  type Bus,
  type ExchangeClient,
  type ExchangeConnector,
  type JobQueue,
  type RunningJob,
  type SecretBox,
  type SyncCursor,
  type ChainReaders,
  withDemoChain,
} from '@coinpace/adapters';
import {
  deleteEmptyHoldings,
  exchangeAssetOverrideMap,
  findExchangeAccount,
  insertEmptyHoldings,
  knownCoinNames,
  listActiveExchangeAccounts,
  listHoldings,
  listedCoinsBySymbol,
  recordSyncDone,
  recordSyncFailed,
  releaseSyncLease,
  renewSyncLease,
  storeSyncPage,
  takeSyncLease,
  type AppDb,
  type SyncedRow,
} from '@coinpace/db';
import {
  EXCHANGE_KEY_MESSAGES,
  coinForAsset,
  coingeckoIdForSymbol,
  movementTransactions,
  type ExchangeSyncPayload,
  type SyncedTransaction,
} from '@coinpace/domain';
import type { Logger } from '../../logger.ts';
import { refreshWallet, type WalletRefreshData, type WalletRefreshOutcome } from '../wallets/refresh.ts';
import { announcePortfolioChange } from '../portfolio/announce-change.ts';
import { openCredentials } from './credentials.ts';
import { startClockSchedule } from '../../clock-schedule.ts';

export const EXCHANGE_SYNC_QUEUE = 'exchange-syncs';
/** Syncs running at once across every worker: each is mostly waiting on an exchange. */
export const EXCHANGE_SYNC_CONCURRENCY = 4;
/** How often the worker role syncs every active account. */
export const SYNC_EVERY_MS = 15 * 60_000;
/**
 * How long a sync holds its account without renewing it; a running sync renews it every
 * SYNC_LEASE_RENEW_MS, so the account of a worker that died is free again this long after.
 */
export const SYNC_LEASE_MS = 30_000;
export const SYNC_LEASE_RENEW_MS = 10_000;

export interface ExchangeSyncData {
  accountId: string;
  userId: string;
  reason: 'connect' | 'manual' | 'schedule';
}
export interface ExchangeSyncProgress {
  progress: number | null;
  added: number;
}
export type ExchangeSyncOutcome =
  | { added: number; refused: number }
  /** Another sync of the account was running, or the account is gone or stopped. */
  | { skipped: 'busy' }
  | { failed: string };
/**
 * The queue of exchange syncs and wallet refreshes: one queue, one concurrency bound and one worker for
 * both (a job's data has `accountId` or `walletId`).
 */
export type ExchangeSyncQueue = JobQueue<
  ExchangeSyncData | WalletRefreshData,
  ExchangeSyncOutcome | WalletRefreshOutcome,
  ExchangeSyncProgress
>;

/** The job id of a sync of `accountId` from `cursor`, asked within the minute of `now`. */
export function syncJobId(accountId: string, cursor: SyncCursor | null, now: number): string {
  const from = createHash('sha256')
    .update(JSON.stringify(cursor ?? null))
    .digest('hex')
    .slice(0, 16);
  return `sync-${accountId}-${from}-${Math.floor(now / 60_000)}`;
}

/**
 * Adds the sync of an account; a sync of the same account and cursor asked this minute is that one,
 * unless `tag` sets it apart (a sync asked for a new reason: an asset just mapped).
 */
export async function requestSync(
  queue: ExchangeSyncQueue,
  account: { id: string; userId: string; cursor: SyncCursor | null },
  reason: ExchangeSyncData['reason'],
  now = Date.now(),
  tag?: string,
): Promise<string> {
  const id = syncJobId(account.id, account.cursor, now) + (tag ? `-${tag}` : '');
  await queue.add(id, { accountId: account.id, userId: account.userId, reason });
  return id;
}

export interface ExchangeSyncDeps {
  db: AppDb;
  bus: Bus;
  logger: Logger;
  exchanges: ExchangeConnector;
  secrets: SecretBox;
  /** The chain readers wallet refreshes use; default the demo chain alone. */
  chains?: ChainReaders;
  /** Tries of one exchange call on transient errors, and the first back-off; default 4 and 2 s. */
  retry?: { attempts: number; firstDelayMs: number };
  /** How often a running sync renews its hold on the account, ms; default SYNC_LEASE_RENEW_MS. */
  leaseRenewMs?: number;
  /** Called after each stored page (tests stop a sync midway here). */
  afterPage?: (page: { accountId: string; added: number }) => Promise<void>;
  now?: () => number;
}

/** A sync's refusal as the user reads it. */
function messageOf(error: ExchangeError): string {
  if (error.kind === 'not-read-only') return EXCHANGE_KEY_MESSAGES['not-read-only'];
  return EXCHANGE_KEY_MESSAGES[error.kind] ?? error.message;
}

/** Kinds that need the user: the schedule stops until the account is connected again. */
const STOPS_SCHEDULE = new Set(['revoked', 'bad-key', 'bad-secret', 'not-read-only']);

/** Longest back-off between two tries of one exchange call. */
const MAX_BACKOFF_MS = 60_000;

async function withRetry<T>(
  call: () => Promise<T>,
  retry: { attempts: number; firstDelayMs: number },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ExchangeError) || !error.transient || attempt >= retry.attempts) throw error;
      const backoff = Math.min(MAX_BACKOFF_MS, retry.firstDelayMs * 2 ** (attempt - 1));
      const wait = Math.min(MAX_BACKOFF_MS, Math.max(backoff, error.retryAfterMs ?? 0));
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * The holding id per asset code, creating holdings for coins not held yet; codes neither held nor known
 * as a coin are `unmapped` (their movements wait until the user maps the code to a coin).
 */
async function holdingsFor(
  db: AppDb,
  userId: string,
  assets: string[],
): Promise<{ ids: Map<string, string>; coins: Map<string, string>; created: string[]; unmapped: string[] }> {
  const held = await listHoldings(db, userId);
  const bySymbol = new Map(held.map((h) => [h.symbol.toUpperCase(), h.id]));
  const coinIds = new Map<string, string>();
  const noteCoins = (rows: { symbol: string; coingeckoId: string | null }[]) => {
    for (const h of rows) if (h.coingeckoId) coinIds.set(h.symbol.toUpperCase(), h.coingeckoId);
  };
  noteCoins(held);
  const missing = assets.filter((a) => !bySymbol.has(a));
  let created: string[] = [];
  const unmapped: string[] = [];
  if (missing.length > 0) {
    const [overrides, listed] = await Promise.all([
      exchangeAssetOverrideMap(db, userId),
      listedCoinsBySymbol(db, missing),
    ]);
    const coins: { symbol: string; coingeckoId: string }[] = [];
    for (const asset of missing) {
      const coingeckoId = coinForAsset(asset, { overrides, builtIn: coingeckoIdForSymbol, listed });
      if (coingeckoId) coins.push({ symbol: asset, coingeckoId });
      else unmapped.push(asset);
    }
    const names = await knownCoinNames(
      db,
      coins.map((c) => c.coingeckoId),
    );
    const rows = await insertEmptyHoldings(
      db,
      userId,
      coins.map((c) => ({ ...c, name: names.get(c.coingeckoId) || c.symbol })),
    );
    created = rows.map((r) => r.id);
    // A coin another request added meanwhile is found on a second read.
    const again = rows.length === coins.length ? held : await listHoldings(db, userId);
    for (const h of [...again, ...rows]) bySymbol.set(h.symbol.toUpperCase(), h.id);
    noteCoins([...again, ...rows]);
  }
  return { ids: bySymbol, coins: coinIds, created, unmapped };
}

/** The job handler: one account's sync or one wallet's refresh, with its progress told to the user's pages. */
export function exchangeSyncWorker(deps: ExchangeSyncDeps) {
  const chains = deps.chains ?? withDemoChain();
  return async (
    job: RunningJob<ExchangeSyncData | WalletRefreshData, ExchangeSyncProgress>,
  ): Promise<ExchangeSyncOutcome | WalletRefreshOutcome> => {
    const data = job.data;
    if ('walletId' in data) {
      return refreshWallet({ ...deps, chains }, data, (p) => job.progress(p));
    }
    return syncExchangeAccount(deps, data, (p) => job.progress(p));
  };
}

/** Syncs one account: its movements since the cursor, then its balances. */
export async function syncExchangeAccount(
  deps: ExchangeSyncDeps,
  data: ExchangeSyncData,
  report: (progress: ExchangeSyncProgress) => Promise<void> = () => Promise.resolve(),
): Promise<ExchangeSyncOutcome> {
  const { db, bus } = deps;
  const now = deps.now ?? Date.now;
  const retry = deps.retry ?? { attempts: 4, firstDelayMs: 2_000 };
  const { accountId, userId } = data;
  const log = deps.logger.child({ part: 'exchange-sync', accountId, userId });
  const tell = (payload: Omit<ExchangeSyncPayload, 'accountId'>) =>
    publishUserEvent(bus, { userId, type: 'exchange:sync', payload: { accountId, ...payload } }).catch(
      (error: unknown) => log.warn({ err: error }, 'could not publish exchange:sync'),
    );

  let heldSince = new Date(now());
  if (!(await takeSyncLease(db, accountId, heldSince, SYNC_LEASE_MS))) return { skipped: 'busy' };
  log.info({ reason: data.reason }, 'exchange sync started');
  // The hold is renewed while the sync runs (waits on the exchange included); a lost hold is only logged.
  let renewing: Promise<void> = Promise.resolve();
  const renewal = setInterval(() => {
    const renewed = new Date(now());
    renewing = renewSyncLease(db, accountId, heldSince, renewed).then(
      (held) => {
        if (held) heldSince = renewed;
        else log.warn('exchange sync: another sync took the account');
      },
      (error: unknown) => log.warn({ err: error }, 'exchange sync: could not renew the lease'),
    );
  }, deps.leaseRenewMs ?? SYNC_LEASE_RENEW_MS);
  renewal.unref();
  let client: ExchangeClient | null = null;
  let added = 0;
  let refused = 0;
  const createdHoldings: string[] = [];
  try {
    const account = await findExchangeAccount(db, accountId);
    if (!account || account.userId !== userId) return { skipped: 'busy' };
    client = deps.exchanges.connect(account.exchange, openCredentials(deps.secrets, account));
    await tell({ status: 'running', progress: null, added: 0, error: null });
    let cursor: SyncCursor | null = account.cursor ?? null;
    for (;;) {
      const from = cursor;
      const page = await withRetry(() => client!.fetchMovements(from), retry);
      // A trade's side in a dollar stablecoin moves it only where it is held (the ids below hold every
      // holding by symbol): no holding is created for it.
      const assets = [
        ...new Set(
          page.movements
            .flatMap((m) => movementTransactions(accountId, m))
            .filter((t) => !t.onlyIfHeld)
            .map((t) => t.asset),
        ),
      ];
      const { ids, coins, created, unmapped } = await holdingsFor(db, userId, assets);
      createdHoldings.push(...created);
      // A trade quoted in a coin is recorded in that coin's id, found as its holding was.
      const transactions: SyncedTransaction[] = page.movements.flatMap((m) =>
        movementTransactions(accountId, m, (code) => coins.get(code)),
      );
      const groups = new Map<string, SyncedRow[]>();
      for (const t of transactions) {
        const holdingId = ids.get(t.asset);
        if (!holdingId) continue;
        const rows = groups.get(holdingId) ?? [];
        rows.push({
          kind: t.kind,
          at: new Date(t.at),
          quantity: t.quantity,
          pricePerCoin: t.pricePerCoin,
          fee: t.fee,
          currency: t.currency,
          note: t.note,
          externalRef: t.externalRef,
        });
        groups.set(holdingId, rows);
      }
      const stored = await storeSyncPage(db, {
        accountId,
        userId,
        from,
        cursor: page.cursor,
        holdings: [...groups].map(([holdingId, rows]) => ({ holdingId, rows })),
        unmapped,
      });
      if (stored.status === 'gone') return { skipped: 'busy' };
      if (stored.status === 'moved-on') {
        // Another sync stored this page first: read on from where it got to.
        cursor = stored.cursor;
        continue;
      }
      added += stored.added;
      refused += stored.refused.length;
      if (stored.refused.length > 0) {
        log.warn({ refused: stored.refused.length }, 'movements the holding history could not take');
      }
      cursor = page.cursor;
      await deps.afterPage?.({ accountId, added });
      await report({ progress: page.progress, added });
      await tell({ status: 'running', progress: page.progress, added, error: null });
      if (page.done) break;
    }
    const balances = await withRetry(() => client!.fetchBalances(), retry);
    await recordSyncDone(db, accountId, balances, new Date(now()));
    if (added > 0) await announcePortfolioChange(bus, log, userId, 'imported');
    await tell({ status: 'done', progress: 1, added, error: null });
    log.info({ added, refused }, 'exchange sync done');
    return { added, refused };
  } catch (error) {
    if (error instanceof ExchangeError) {
      const message = messageOf(error);
      await recordSyncFailed(db, accountId, message, STOPS_SCHEDULE.has(error.kind), new Date(now()));
      await tell({ status: 'failed', progress: null, added, error: message });
      log.warn({ kind: error.kind }, 'exchange sync refused');
      if (added > 0) await announcePortfolioChange(bus, log, userId, 'imported');
      return { failed: message };
    }
    const message = 'The sync stopped on our side. It will be tried again; nothing is counted twice.';
    await recordSyncFailed(db, accountId, message, false, new Date(now())).catch(() => undefined);
    await tell({ status: 'failed', progress: null, added, error: message });
    log.error({ err: error }, 'exchange sync failed');
    throw error;
  } finally {
    await client?.close().catch(() => undefined);
    // Holdings made for coins whose movements were all refused hold nothing: not kept.
    await deleteEmptyHoldings(db, userId, createdHoldings).catch(() => undefined);
    clearInterval(renewal);
    await renewing;
    await releaseSyncLease(db, accountId, heldSince);
  }
}

/** The in-process queue with its worker started: what a process without Redis syncs on. */
export function localExchangeSyncQueue(deps: ExchangeSyncDeps): ExchangeSyncQueue {
  const queue: ExchangeSyncQueue = createMemoryQueue(EXCHANGE_SYNC_QUEUE);
  void queue.work(exchangeSyncWorker(deps), { concurrency: EXCHANGE_SYNC_CONCURRENCY });
  return queue;
}

/**
 * The worker role's schedule: every `everyMs`, on the clock's multiples of it (so the workers of a
 * deployment ask in the same minute and add one job per account), a sync of every active account.
 */
export function startSyncSchedule(options: {
  db: AppDb;
  queue: ExchangeSyncQueue;
  logger: Logger;
  everyMs?: number;
}): { stop(): void } {
  return startClockSchedule(options.everyMs ?? SYNC_EVERY_MS, async () => {
    try {
      const now = Date.now();
      for (const account of await listActiveExchangeAccounts(options.db)) {
        await requestSync(options.queue, account, 'schedule', now);
      }
    } catch (error) {
      options.logger.warn({ err: error }, 'exchange sync schedule: could not queue the syncs');
    }
  });
}
