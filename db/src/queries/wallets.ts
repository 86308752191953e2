/**
 * Wallets (public addresses tracked on chains) and what their refreshes write. A chain's page of transfers
 * is stored in one database transaction with that chain's cursor, as an exchange sync's page is: rows go
 * in with `on conflict do nothing` on the user's external reference, and the cursor moves only from where
 * this refresh read, so overlapping or repeated refreshes neither double a transfer nor skip one.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { wallets, type StoredWalletBalance } from '../schema/index.ts';
import { storeHoldingRows, type SyncedRow } from './exchange-accounts.ts';

export type WalletRecord = typeof wallets.$inferSelect;
type Cursor = Record<string, string | number>;

export async function insertWallet(
  db: AppDb,
  values: { userId: string; label: string; kind: string; address: string },
): Promise<WalletRecord | null> {
  const rows = await db.insert(wallets).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function listWallets(db: AppDb, userId: string): Promise<WalletRecord[]> {
  return db
    .select()
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(asc(wallets.createdAt), asc(wallets.id));
}

export async function countWallets(db: AppDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row?.n ?? 0;
}

export async function findWallet(db: AppDb, id: string): Promise<WalletRecord | null> {
  const [row] = await db.select().from(wallets).where(eq(wallets.id, id));
  return row ?? null;
}

/** The user's wallet; null when it is not theirs. */
export async function findUserWallet(db: AppDb, userId: string, id: string): Promise<WalletRecord | null> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.id, id)));
  return row ?? null;
}

/** Deletes the user's wallet; its transfers stay, as entered by hand. */
export async function deleteWallet(db: AppDb, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.id, id)))
    .returning({ id: wallets.id });
  return gone.length > 0;
}

/** The wallets the schedule refreshes (every user's active ones). */
export async function listActiveWallets(
  db: AppDb,
): Promise<{ id: string; userId: string; cursors: Record<string, Cursor> }[]> {
  return db
    .select({ id: wallets.id, userId: wallets.userId, cursors: wallets.cursors })
    .from(wallets)
    .where(eq(wallets.status, 'active'));
}

/** Takes the wallet for a refresh unless another holds it (taken less than `leaseMs` ago). */
export async function takeRefreshLease(db: AppDb, id: string, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(wallets)
    .set({ refreshingSince: now })
    .where(
      and(
        eq(wallets.id, id),
        eq(wallets.status, 'active'),
        or(isNull(wallets.refreshingSince), lt(wallets.refreshingSince, new Date(now.getTime() - leaseMs))),
      ),
    )
    .returning({ id: wallets.id });
  return rows.length > 0;
}

export async function releaseRefreshLease(db: AppDb, id: string, takenAt: Date): Promise<void> {
  await db
    .update(wallets)
    .set({ refreshingSince: null })
    .where(and(eq(wallets.id, id), eq(wallets.refreshingSince, takenAt)));
}

/** A refresh that finished: the chains with activity, their balances, and no error. */
export async function recordRefreshDone(
  db: AppDb,
  id: string,
  result: { chains: string[]; balances: StoredWalletBalance[] },
  at: Date,
  /** A chain failed this refresh (recordRefreshFailed follows): the failing episode goes on. */
  failing = false,
): Promise<void> {
  await db
    .update(wallets)
    .set({
      chains: result.chains,
      balances: result.balances,
      lastRefreshAt: at,
      lastError: null,
      ...(failing ? {} : { failingSince: null }),
    })
    .where(eq(wallets.id, id));
}

export async function recordRefreshFailed(
  db: AppDb,
  id: string,
  message: string,
  stop: boolean,
  at: Date = new Date(),
): Promise<void> {
  await db
    .update(wallets)
    .set({
      lastError: message,
      // The first failure after a refresh that worked starts the failing episode.
      failingSince: sql`coalesce(${wallets.failingSince}, ${at.toISOString()}::timestamptz)`,
      ...(stop ? { status: 'stopped' } : {}),
    })
    .where(eq(wallets.id, id));
}

export type WalletPageOutcome =
  | { status: 'stored'; added: number; refused: { externalRef: string; reason: string }[] }
  /** Another refresh stored this chain's page first: nothing written, read on from `cursor`. */
  | { status: 'moved-on'; cursor: Cursor | null }
  | { status: 'gone' };

/**
 * Stores one chain's page: the rows per holding, then the chain's cursor, in one transaction holding the
 * wallet's row lock. `from` is the cursor the page was read after; when the stored one differs, another
 * refresh stored the page meanwhile and this one writes nothing.
 */
export async function storeWalletPage(
  db: AppDb,
  page: {
    walletId: string;
    userId: string;
    chain: string;
    from: Cursor | null;
    cursor: Cursor;
    holdings: { holdingId: string; rows: SyncedRow[] }[];
  },
): Promise<WalletPageOutcome> {
  return db.transaction(async (tx) => {
    const [wallet] = await tx
      .select({ cursors: wallets.cursors })
      .from(wallets)
      .where(and(eq(wallets.id, page.walletId), eq(wallets.userId, page.userId)))
      .for('update');
    if (!wallet) return { status: 'gone' } as const;
    const stored = wallet.cursors[page.chain] ?? null;
    if (JSON.stringify(stored) !== JSON.stringify(page.from ?? null)) {
      return { status: 'moved-on', cursor: stored } as const;
    }
    let added = 0;
    const refused: { externalRef: string; reason: string }[] = [];
    for (const { holdingId, rows } of page.holdings) {
      const result = await storeHoldingRows(tx, page.userId, holdingId, { walletId: page.walletId }, rows);
      added += result.added;
      refused.push(...result.refused);
    }
    await tx
      .update(wallets)
      .set({ cursors: { ...wallet.cursors, [page.chain]: page.cursor } })
      .where(eq(wallets.id, page.walletId));
    return { status: 'stored', added, refused } as const;
  });
}

/**
 * Stores rows at the wallet outside any chain's scan (what reconciles the transfers with the balances),
 * in one transaction holding the wallet's row lock.
 */
export async function storeWalletRows(
  db: AppDb,
  walletId: string,
  userId: string,
  holdings: { holdingId: string; rows: SyncedRow[] }[],
): Promise<{ added: number; refused: number } | null> {
  return db.transaction(async (tx) => {
    const [wallet] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId)))
      .for('update');
    if (!wallet) return null;
    let added = 0;
    let refused = 0;
    for (const { holdingId, rows } of holdings) {
      const result = await storeHoldingRows(tx, userId, holdingId, { walletId }, rows);
      added += result.added;
      refused += result.refused.length;
    }
    return { added, refused };
  });
}
