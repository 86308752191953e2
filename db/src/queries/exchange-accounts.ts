/**
 * Exchange accounts and what their syncs write. A page of movements is stored in one database transaction
 * with the account's cursor: rows go in with `on conflict do nothing` on the user's external reference,
 * and the cursor moves only from where this sync read, so overlapping or repeated syncs neither double a
 * movement nor skip one.
 */
import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { feasibleTrades, type TransactionKind } from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import {
  exchangeAccounts,
  holdingTransactions,
  portfolioItems,
  type StoredExchangeBalance,
} from '../schema/index.ts';
import { changeInTransaction, listTransactions, toHoldingTransactions } from './holding-transactions.ts';

export type ExchangeAccountRecord = typeof exchangeAccounts.$inferSelect;
/** An account without its sealed key: what lists and routes read. */
export type ExchangeAccountSummary = Omit<ExchangeAccountRecord, 'credentials' | 'keyId'>;

const summaryColumns = {
  id: exchangeAccounts.id,
  userId: exchangeAccounts.userId,
  exchange: exchangeAccounts.exchange,
  label: exchangeAccounts.label,
  status: exchangeAccounts.status,
  lastSyncAt: exchangeAccounts.lastSyncAt,
  syncingSince: exchangeAccounts.syncingSince,
  syncRequestedAt: exchangeAccounts.syncRequestedAt,
  unmappedAssets: exchangeAccounts.unmappedAssets,
  lastError: exchangeAccounts.lastError,
  failingSince: exchangeAccounts.failingSince,
  cursor: exchangeAccounts.cursor,
  balances: exchangeAccounts.balances,
  createdAt: exchangeAccounts.createdAt,
};

export async function insertExchangeAccount(
  db: AppDb,
  values: {
    id: string;
    userId: string;
    exchange: string;
    label: string;
    credentials: string;
    keyId: string;
    syncRequestedAt?: Date;
  },
): Promise<ExchangeAccountSummary> {
  const [row] = await db.insert(exchangeAccounts).values(values).returning(summaryColumns);
  return row!;
}

export async function listExchangeAccounts(db: AppDb, userId: string): Promise<ExchangeAccountSummary[]> {
  return db
    .select(summaryColumns)
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.userId, userId))
    .orderBy(asc(exchangeAccounts.createdAt), asc(exchangeAccounts.id));
}

export async function countExchangeAccounts(db: AppDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.userId, userId));
  return row?.n ?? 0;
}

/** The account with its sealed key, for a sync; null when it is gone. */
export async function findExchangeAccount(db: AppDb, id: string): Promise<ExchangeAccountRecord | null> {
  const [row] = await db.select().from(exchangeAccounts).where(eq(exchangeAccounts.id, id));
  return row ?? null;
}

/** The user's account, without its key; null when it is not theirs. */
export async function findUserExchangeAccount(
  db: AppDb,
  userId: string,
  id: string,
): Promise<ExchangeAccountSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(exchangeAccounts)
    .where(and(eq(exchangeAccounts.userId, userId), eq(exchangeAccounts.id, id)));
  return row ?? null;
}

/** Deletes the user's account and its sealed key; its synced transactions stay, as entered by hand. */
export async function deleteExchangeAccount(db: AppDb, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(exchangeAccounts)
    .where(and(eq(exchangeAccounts.userId, userId), eq(exchangeAccounts.id, id)))
    .returning({ id: exchangeAccounts.id });
  return gone.length > 0;
}

/** The accounts the schedule syncs (every user's active ones), with where each sync would start. */
export async function listActiveExchangeAccounts(
  db: AppDb,
): Promise<{ id: string; userId: string; cursor: Record<string, string | number> | null }[]> {
  return db
    .select({ id: exchangeAccounts.id, userId: exchangeAccounts.userId, cursor: exchangeAccounts.cursor })
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.status, 'active'));
}

/**
 * Takes the account for a sync unless another sync holds it (taken less than `leaseMs` ago); false when
 * it is taken or the account is gone or stopped.
 */
export async function takeSyncLease(db: AppDb, id: string, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(exchangeAccounts)
    .set({ syncingSince: now })
    .where(
      and(
        eq(exchangeAccounts.id, id),
        eq(exchangeAccounts.status, 'active'),
        or(
          isNull(exchangeAccounts.syncingSince),
          lt(exchangeAccounts.syncingSince, new Date(now.getTime() - leaseMs)),
        ),
      ),
    )
    .returning({ id: exchangeAccounts.id });
  return rows.length > 0;
}

/**
 * Renews the lease a sync holds since `heldSince` to `now`; false when the sync no longer holds it (it
 * ran past its lease and another sync took the account: the cursor check still keeps the pages apart).
 */
export async function renewSyncLease(db: AppDb, id: string, heldSince: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(exchangeAccounts)
    .set({ syncingSince: now })
    .where(and(eq(exchangeAccounts.id, id), eq(exchangeAccounts.syncingSince, heldSince)))
    .returning({ id: exchangeAccounts.id });
  return rows.length > 0;
}

/** A sync of the account was asked for at `at` (its job queued): shown as syncing until one ends. */
export async function markSyncRequested(db: AppDb, id: string, at: Date): Promise<void> {
  await db.update(exchangeAccounts).set({ syncRequestedAt: at }).where(eq(exchangeAccounts.id, id));
}

/** Gives the account back after a sync (done or failed). */
export async function releaseSyncLease(db: AppDb, id: string, takenAt: Date): Promise<void> {
  await db
    .update(exchangeAccounts)
    .set({ syncingSince: null })
    .where(and(eq(exchangeAccounts.id, id), eq(exchangeAccounts.syncingSince, takenAt)));
}

/** A sync that finished: the balances it read, and no error. */
export async function recordSyncDone(
  db: AppDb,
  id: string,
  balances: StoredExchangeBalance[],
  at: Date,
): Promise<void> {
  await db
    .update(exchangeAccounts)
    .set({ balances, lastSyncAt: at, lastError: null, syncRequestedAt: null, failingSince: null })
    .where(eq(exchangeAccounts.id, id));
}

/**
 * A sync that failed at `at`: why, and whether the schedule stops (the key refused for good). The first
 * failure after a sync that worked starts the failing episode (`failingSince`).
 */
export async function recordSyncFailed(
  db: AppDb,
  id: string,
  message: string,
  stop: boolean,
  at: Date = new Date(),
): Promise<void> {
  await db
    .update(exchangeAccounts)
    .set({
      lastError: message,
      syncRequestedAt: null,
      failingSince: sql`coalesce(${exchangeAccounts.failingSince}, ${at.toISOString()}::timestamptz)`,
      ...(stop ? { status: 'stopped' } : {}),
    })
    .where(eq(exchangeAccounts.id, id));
}

/** Every account's sealed key not sealed with `currentKeyId` (what a rotation re-seals). */
export async function listCredentialsToReseal(
  db: AppDb,
  currentKeyId: string,
): Promise<{ id: string; credentials: string; keyId: string }[]> {
  return db
    .select({
      id: exchangeAccounts.id,
      credentials: exchangeAccounts.credentials,
      keyId: exchangeAccounts.keyId,
    })
    .from(exchangeAccounts)
    .where(ne(exchangeAccounts.keyId, currentKeyId));
}

/** Replaces a sealed key, unless it changed since it was read; true when replaced. */
export async function resealCredentials(
  db: AppDb,
  id: string,
  from: { credentials: string; keyId: string },
  to: { credentials: string; keyId: string },
): Promise<boolean> {
  const rows = await db
    .update(exchangeAccounts)
    .set(to)
    .where(
      and(
        eq(exchangeAccounts.id, id),
        eq(exchangeAccounts.keyId, from.keyId),
        eq(exchangeAccounts.credentials, from.credentials),
      ),
    )
    .returning({ id: exchangeAccounts.id });
  return rows.length > 0;
}

/** One synced transaction for a holding. */
export interface SyncedRow {
  kind: TransactionKind;
  at: Date;
  quantity: string;
  pricePerCoin: string;
  fee: string;
  /** What price and fee are in ('usd' when absent): a display currency code or a coin's CoinGecko id. */
  currency?: string;
  note: string | null;
  externalRef: string;
}

export type SyncPageOutcome =
  /** Rows written (movements stored before are not counted), and those the history could not take. */
  | { status: 'stored'; added: number; refused: { externalRef: string; reason: string }[] }
  /** Another sync stored this page first (the cursor moved on): nothing written, read on from `cursor`. */
  | { status: 'moved-on'; cursor: Record<string, string | number> | null }
  | { status: 'gone' };

/**
 * Stores one page: the rows per holding, then the cursor, in one transaction holding the account's row
 * lock. `from` is the cursor the page was read after; when the stored cursor is no longer it, another
 * sync stored the page meanwhile and this one writes nothing.
 */
export async function storeSyncPage(
  db: AppDb,
  page: {
    accountId: string;
    userId: string;
    from: Record<string, string | number> | null;
    cursor: Record<string, string | number>;
    holdings: { holdingId: string; rows: SyncedRow[] }[];
    /** Asset codes of the page no coin is known for: their movements are not stored, the codes are kept. */
    unmapped?: string[];
  },
): Promise<SyncPageOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ cursor: exchangeAccounts.cursor, unmappedAssets: exchangeAccounts.unmappedAssets })
      .from(exchangeAccounts)
      .where(and(eq(exchangeAccounts.id, page.accountId), eq(exchangeAccounts.userId, page.userId)))
      .for('update');
    if (!account) return { status: 'gone' } as const;
    if (JSON.stringify(account.cursor ?? null) !== JSON.stringify(page.from ?? null)) {
      return { status: 'moved-on', cursor: account.cursor ?? null } as const;
    }
    let added = 0;
    const refused: { externalRef: string; reason: string }[] = [];
    for (const { holdingId, rows } of page.holdings) {
      const result = await storeHoldingRows(tx, page.userId, holdingId, { locationId: page.accountId }, rows);
      added += result.added;
      refused.push(...result.refused);
    }
    const unmapped = [...new Set([...(account.unmappedAssets ?? []), ...(page.unmapped ?? [])])].sort();
    await tx
      .update(exchangeAccounts)
      .set({ cursor: page.cursor, ...(page.unmapped?.length ? { unmappedAssets: unmapped } : {}) })
      .where(eq(exchangeAccounts.id, page.accountId));
    return { status: 'stored', added, refused } as const;
  });
}

/**
 * Writes synced rows of one holding at one location (an exchange account or a wallet), skipping those
 * stored before and those the history cannot take, inside the caller's transaction.
 */
export async function storeHoldingRows(
  tx: AppTx,
  userId: string,
  holdingId: string,
  place: { locationId: string } | { walletId: string },
  rows: SyncedRow[],
): Promise<{ added: number; refused: { externalRef: string; reason: string }[] }> {
  // Locked first, so concurrent changes to the history wait; read after the lock.
  const [locked] = await tx
    .select({ id: portfolioItems.id })
    .from(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), eq(portfolioItems.id, holdingId)))
    .for('update');
  if (!locked) {
    return {
      added: 0,
      refused: rows.map((r) => ({ externalRef: r.externalRef, reason: 'the holding is gone' })),
    };
  }
  const records = await listTransactions(tx, holdingId);
  const stored = new Set(records.map((r) => r.externalRef));
  const existing = toHoldingTransactions(records);
  // Rows stored before (by a sync whose cursor was then lost) are in the history already.
  const steps = rows
    .map((r, row) => ({ ...r, at: r.at.toISOString(), row, synced: r }))
    .filter((s) => !stored.has(s.externalRef));
  const checked = feasibleTrades(existing, steps);
  const accepted = checked.accepted.map((s) => s.synced);
  const refused = checked.refused.map((r) => ({ externalRef: rows[r.row]!.externalRef, reason: r.reason }));
  if (accepted.length === 0) return { added: 0, refused };
  const written = await tx
    .insert(holdingTransactions)
    .values(accepted.map((r) => ({ ...r, holdingId, userId, ...place })))
    .onConflictDoNothing()
    .returning({ id: holdingTransactions.id });
  await changeInTransaction(tx, userId, holdingId, { op: 'rederive' });
  return { added: written.length, refused };
}

/** The user's transactions with their location (exchange account or wallet), of one holding or of all. */
export async function listLocatedTransactions(
  db: AppDb,
  userId: string,
  holdingId?: string,
): Promise<
  { holdingId: string; kind: TransactionKind; at: string; quantity: string; locationId: string | null }[]
> {
  const rows = await db
    .select({
      holdingId: holdingTransactions.holdingId,
      kind: holdingTransactions.kind,
      at: holdingTransactions.at,
      quantity: holdingTransactions.quantity,
      locationId: holdingTransactions.locationId,
      walletId: holdingTransactions.walletId,
      createdAt: holdingTransactions.createdAt,
    })
    .from(holdingTransactions)
    .where(
      holdingId
        ? and(eq(holdingTransactions.userId, userId), eq(holdingTransactions.holdingId, holdingId))
        : eq(holdingTransactions.userId, userId),
    )
    .orderBy(asc(holdingTransactions.at), asc(holdingTransactions.createdAt));
  return rows.map((r) => ({
    holdingId: r.holdingId,
    kind: r.kind as TransactionKind,
    at: r.at.toISOString(),
    quantity: r.quantity,
    // A wallet is a location as an exchange account is; a row has at most one of the two.
    locationId: r.locationId ?? r.walletId,
  }));
}
