/**
 * Wallet refreshes as jobs on the exchange-sync queue (the same queue, concurrency and worker; the job's
 * data says which it is). A refresh reads, for each chain of the wallet's kind that has a reader and
 * where the address has activity: the transfers after that chain's cursor, page by page, each page stored
 * with the cursor in one database transaction (db storeWalletPage), then the balances. Run on add, on
 * "Refresh now" and every 10 minutes by the worker role's schedule; one refresh per wallet at a time (a
 * lease on its row).
 *
 * Transfers become `transfer_in`/`transfer_out` transactions of the coin's holding, located at the wallet,
 * each once (external reference `wallet:<chain>:<txHash>:<index>:<direction>`). What the transfers do not
 * explain (a chain's native value moved by plain transactions, which no log shows; history before the
 * reader's first block) is reconciled without an `adjust`: the difference between the balance and what
 * the wallet's transactions add up to becomes one more transfer in or out, so the wallet's quantity is its
 * balance and the other places of the holding are unchanged. Tokens the coin list does not know are kept
 * with the balances only (listed on the wallet's page, not priced).
 */
import { createHash } from 'node:crypto';
import {
  ChainError,
  publishUserEvent,
  type Bus,
  type ChainBalance,
  type ChainCursor,
  type ChainReaders,
  type ChainTransfer,
} from '@coinpace/adapters';
import {
  deleteEmptyHoldings,
  findWallet,
  insertEmptyHoldings,
  knownCoinNames,
  listHoldings,
  listLocatedTransactions,
  recordRefreshDone,
  recordRefreshFailed,
  releaseRefreshLease,
  storeWalletPage,
  storeWalletRows,
  takeRefreshLease,
  type AppDb,
  type StoredWalletBalance,
  type SyncedRow,
} from '@coinpace/db';
import {
  chainForAddress,
  chainsOfKind,
  fromDecimal,
  knownTokensOn,
  quantityByLocation,
  toDecimal,
  type WalletChain,
  type WalletKind,
  type WalletRefreshPayload,
} from '@coinpace/domain';
import type { Logger } from '../../logger.ts';
import { announcePortfolioChange } from '../portfolio/announce-change.ts';

/** How often the worker role refreshes every active wallet. */
export const WALLET_REFRESH_EVERY_MS = 10 * 60_000;
/** How long a refresh holds its wallet; one whose worker died gives it up after this. */
export const WALLET_LEASE_MS = 10 * 60_000;
/** Pages of one chain read in one refresh at most: the rest waits for the next one. */
const MAX_PAGES_PER_CHAIN = 50;

export interface WalletRefreshData {
  walletId: string;
  userId: string;
  reason: 'add' | 'manual' | 'schedule';
}
export type WalletRefreshOutcome =
  { added: number; refused: number } | { skipped: 'busy' } | { failed: string };

export interface WalletRefreshDeps {
  db: AppDb;
  bus: Bus;
  logger: Logger;
  chains: ChainReaders;
  retry?: { attempts: number; firstDelayMs: number };
  now?: () => number;
}

/** Where refreshes are added: the exchange-sync queue (any queue whose jobs may be wallet refreshes). */
export interface RefreshQueue {
  add(id: string, data: WalletRefreshData): Promise<void>;
}

/** The job id of a refresh of `walletId` from `cursors`, asked within the minute of `now`. */
export function refreshJobId(walletId: string, cursors: unknown, now: number): string {
  const from = createHash('sha256')
    .update(JSON.stringify(cursors ?? null))
    .digest('hex')
    .slice(0, 16);
  return `wallet-${walletId}-${from}-${Math.floor(now / 60_000)}`;
}

/** Adds the refresh of a wallet to `queue`; one of the same wallet and cursors asked this minute is that one. */
export async function requestRefresh(
  queue: RefreshQueue,
  wallet: { id: string; userId: string; cursors: unknown },
  reason: WalletRefreshData['reason'],
  now = Date.now(),
): Promise<string> {
  const id = refreshJobId(wallet.id, wallet.cursors, now);
  await queue.add(id, { walletId: wallet.id, userId: wallet.userId, reason });
  return id;
}

const MAX_BACKOFF_MS = 60_000;

async function withRetry<T>(
  call: () => Promise<T>,
  retry: { attempts: number; firstDelayMs: number },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ChainError) || !error.transient || attempt >= retry.attempts) throw error;
      const backoff = Math.min(MAX_BACKOFF_MS, retry.firstDelayMs * 2 ** (attempt - 1));
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(MAX_BACKOFF_MS, Math.max(backoff, error.retryAfterMs ?? 0))),
      );
    }
  }
}

/** The holding id per coin, creating holdings for coins not held yet. */
async function holdingsFor(
  db: AppDb,
  userId: string,
  coins: { coingeckoId: string; symbol: string }[],
  created: string[],
): Promise<Map<string, string>> {
  const held = await listHoldings(db, userId);
  const byCoin = new Map<string, string>();
  const bySymbol = new Map(held.map((h) => [h.symbol.toUpperCase(), h.id]));
  for (const h of held) if (h.coingeckoId) byCoin.set(h.coingeckoId, h.id);
  const missing = coins.filter((c) => !byCoin.has(c.coingeckoId) && !bySymbol.has(c.symbol.toUpperCase()));
  if (missing.length > 0) {
    const names = await knownCoinNames(
      db,
      missing.map((c) => c.coingeckoId),
    );
    const rows = await insertEmptyHoldings(
      db,
      userId,
      missing.map((c) => ({ ...c, name: names.get(c.coingeckoId) ?? c.symbol })),
    );
    created.push(...rows.map((r) => r.id));
    for (const h of rows.length === missing.length ? rows : await listHoldings(db, userId)) {
      if (h.coingeckoId) byCoin.set(h.coingeckoId, h.id);
      bySymbol.set(h.symbol.toUpperCase(), h.id);
    }
  }
  const ids = new Map<string, string>();
  for (const c of coins) {
    const id = byCoin.get(c.coingeckoId) ?? bySymbol.get(c.symbol.toUpperCase());
    if (id) ids.set(c.coingeckoId, id);
  }
  return ids;
}

function rowOf(t: ChainTransfer): SyncedRow {
  return {
    kind: t.direction === 'in' ? 'transfer_in' : 'transfer_out',
    at: new Date(t.at),
    quantity: t.amount,
    pricePerCoin: '0',
    fee: '0',
    note: null,
    externalRef: `wallet:${t.chain}:${t.txHash}:${t.index}:${t.direction}`,
  };
}

function storedBalance(b: ChainBalance): StoredWalletBalance {
  return {
    chain: b.chain,
    token: b.asset.kind === 'token' ? b.asset.address : null,
    symbol: b.symbol,
    decimals: b.decimals,
    amount: b.amount,
    coingeckoId: b.coingeckoId,
  };
}

/** Why a chain read failed, as the user reads it. */
function messageOf(chain: string, error: unknown): string {
  if (error instanceof ChainError) return `${chain}: ${error.message}`;
  return `${chain}: the refresh stopped on our side. It will be tried again; nothing is counted twice.`;
}

/** The job handler's body: one wallet's refresh, with its progress told to the user's pages. */
export async function refreshWallet(
  deps: WalletRefreshDeps,
  data: WalletRefreshData,
  report: (progress: { progress: number | null; added: number }) => Promise<void> = () => Promise.resolve(),
): Promise<WalletRefreshOutcome> {
  const { db, bus } = deps;
  const now = deps.now ?? Date.now;
  const retry = deps.retry ?? { attempts: 4, firstDelayMs: 2_000 };
  const { walletId, userId } = data;
  const log = deps.logger.child({ part: 'wallet-refresh', walletId, userId });
  const tell = (payload: Omit<WalletRefreshPayload, 'walletId'>) =>
    publishUserEvent(bus, { userId, type: 'wallet:refresh', payload: { walletId, ...payload } }).catch(
      (error: unknown) => log.warn({ err: error }, 'could not publish wallet:refresh'),
    );

  const takenAt = new Date(now());
  if (!(await takeRefreshLease(db, walletId, takenAt, WALLET_LEASE_MS))) return { skipped: 'busy' };
  let added = 0;
  let refused = 0;
  const created: string[] = [];
  try {
    const wallet = await findWallet(db, walletId);
    if (!wallet || wallet.userId !== userId) return { skipped: 'busy' };
    await tell({ status: 'running', progress: 0, added: 0, error: null });
    const chains = chainsOfKind(wallet.kind as WalletKind);
    const extra = (await listHoldings(db, userId)).flatMap((h) =>
      h.address && h.coingeckoId
        ? [
            {
              address: h.address,
              coingeckoId: h.coingeckoId,
              symbol: h.symbol,
              platform: chainForAddress(h.address),
            },
          ]
        : [],
    );
    const active: WalletChain[] = [];
    const balances: StoredWalletBalance[] = [];
    const errors: string[] = [];
    let stop = false;
    for (const [i, chain] of chains.entries()) {
      const reader = deps.chains[chain];
      if (!reader) continue;
      const tokens = knownTokensOn(chain, extra);
      try {
        // An address that only ever received tokens has sent nothing and holds no native coin: its token
        // balances tell.
        const seen =
          wallet.chains.includes(chain) ||
          (await withRetry(() => reader.hasActivity(wallet.address), retry)) ||
          (await withRetry(() => reader.balances(wallet.address, tokens), retry)).length > 0;
        if (!seen) continue;
        active.push(chain);
        let cursor: ChainCursor | null = wallet.cursors[chain] ?? null;
        for (let pages = 0; pages < MAX_PAGES_PER_CHAIN; pages++) {
          const from = cursor;
          const page = await withRetry(() => reader.transfers(wallet.address, tokens, from), retry);
          const known = page.transfers.filter(
            (t): t is ChainTransfer & { coingeckoId: string } => t.coingeckoId !== null,
          );
          const ids = await holdingsFor(db, userId, known, created);
          const groups = new Map<string, SyncedRow[]>();
          for (const t of known) {
            const holdingId = ids.get(t.coingeckoId);
            if (!holdingId) continue;
            groups.set(holdingId, [...(groups.get(holdingId) ?? []), rowOf(t)]);
          }
          const stored = await storeWalletPage(db, {
            walletId,
            userId,
            chain,
            from,
            cursor: page.cursor,
            holdings: [...groups].map(([holdingId, rows]) => ({ holdingId, rows })),
          });
          if (stored.status === 'gone') return { skipped: 'busy' };
          if (stored.status === 'moved-on') {
            cursor = stored.cursor;
            continue;
          }
          added += stored.added;
          refused += stored.refused.length;
          cursor = page.cursor;
          if (page.done) break;
        }
        const read = await withRetry(() => reader.balances(wallet.address, tokens), retry);
        balances.push(...read.map(storedBalance));
      } catch (error) {
        // The other chains go on; this chain keeps the balances of its last good refresh.
        errors.push(messageOf(chain, error));
        balances.push(...(wallet.balances ?? []).filter((b) => b.chain === chain));
        if (!active.includes(chain) && wallet.chains.includes(chain)) active.push(chain);
        if (error instanceof ChainError && !error.transient) stop = true;
        else if (!(error instanceof ChainError))
          log.error({ err: error, chain }, 'wallet refresh: chain failed');
      }
      const progress = (i + 1) / chains.length;
      await report({ progress, added });
      await tell({ status: 'running', progress, added, error: null });
    }
    added += await reconcile(
      deps,
      wallet.id,
      userId,
      balances,
      created,
      now(),
      wallet.lastRefreshAt === null,
    );
    if (errors.length > 0) {
      const message = errors.join(' ');
      await recordRefreshDone(db, walletId, { chains: active, balances }, new Date(now()), true);
      await recordRefreshFailed(db, walletId, message, stop, new Date(now()));
      await tell({ status: 'failed', progress: null, added, error: message });
      if (added > 0) await announcePortfolioChange(bus, log, userId, 'imported');
      return { failed: message };
    }
    await recordRefreshDone(db, walletId, { chains: active, balances }, new Date(now()));
    if (added > 0) await announcePortfolioChange(bus, log, userId, 'imported');
    await tell({ status: 'done', progress: 1, added, error: null });
    log.info({ added, refused, chains: active.length }, 'wallet refresh done');
    return { added, refused };
  } catch (error) {
    const message = 'The refresh stopped on our side. It will be tried again; nothing is counted twice.';
    await recordRefreshFailed(db, walletId, message, false, new Date(now())).catch(() => undefined);
    await tell({ status: 'failed', progress: null, added, error: message });
    log.error({ err: error }, 'wallet refresh failed');
    throw error;
  } finally {
    await deleteEmptyHoldings(db, userId, created).catch(() => undefined);
    await releaseRefreshLease(db, walletId, takenAt);
  }
}

/**
 * Brings the wallet's quantity of each known coin to the balances read (every chain together): the
 * difference becomes one transfer in or out at the wallet. Returns the rows written.
 */
async function reconcile(
  deps: WalletRefreshDeps,
  walletId: string,
  userId: string,
  balances: StoredWalletBalance[],
  created: string[],
  now: number,
  /** The wallet's first refresh: what it finds is the opening balance, not a movement to alert on. */
  opening: boolean,
): Promise<number> {
  const totals = new Map<string, { symbol: string; units: bigint }>();
  for (const b of balances) {
    if (!b.coingeckoId) continue;
    const t = totals.get(b.coingeckoId) ?? { symbol: b.symbol, units: 0n };
    t.units += fromDecimal(b.amount);
    totals.set(b.coingeckoId, t);
  }
  const located = await listLocatedTransactions(deps.db, userId);
  const heldHere = new Map<string, bigint>();
  const byHolding = new Map<string, typeof located>();
  for (const r of located) byHolding.set(r.holdingId, [...(byHolding.get(r.holdingId) ?? []), r]);
  for (const [holdingId, rows] of byHolding) {
    const q = quantityByLocation(rows).get(walletId);
    if (q !== undefined) heldHere.set(holdingId, fromDecimal(q));
  }
  const coins = [...totals].map(([coingeckoId, t]) => ({ coingeckoId, symbol: t.symbol }));
  // A holding whose wallet rows add up to a balance no longer held is brought to zero as well.
  const ids = await holdingsFor(deps.db, userId, coins, created);
  const at = new Date(now);
  const holdings: { holdingId: string; rows: SyncedRow[] }[] = [];
  const seen = new Set<string>();
  for (const [coingeckoId, t] of totals) {
    const holdingId = ids.get(coingeckoId);
    if (!holdingId) continue;
    seen.add(holdingId);
    const diff = t.units - (heldHere.get(holdingId) ?? 0n);
    if (diff !== 0n)
      holdings.push({ holdingId, rows: [balanceRow(walletId, coingeckoId, diff, at, opening)] });
  }
  for (const [holdingId, units] of heldHere) {
    if (seen.has(holdingId) || units === 0n) continue;
    holdings.push({ holdingId, rows: [balanceRow(walletId, holdingId, -units, at, opening)] });
  }
  if (holdings.length === 0) return 0;
  const stored = await storeWalletRows(deps.db, walletId, userId, holdings);
  return stored?.added ?? 0;
}

/**
 * The transfer that brings the wallet to its balance. On the first refresh it is the opening balance
 * (reference `wallet:<id>:opening:…`, which movement alerts leave out: nothing moved, the wallet was added).
 */
function balanceRow(walletId: string, key: string, diff: bigint, at: Date, opening: boolean): SyncedRow {
  const quantity = toDecimal(diff < 0n ? -diff : diff);
  return {
    kind: diff > 0n ? 'transfer_in' : 'transfer_out',
    at,
    quantity,
    pricePerCoin: '0',
    fee: '0',
    note: opening
      ? 'Opening balance on the chain'
      : 'Balance on the chain not explained by the transfers read',
    externalRef: `wallet:${walletId}:${opening ? 'opening' : 'balance'}:${key}:${at.toISOString()}`,
  };
}
