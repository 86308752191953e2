/**
 * Trade-import batches: every import is one batch, its transactions carry the batch's id, and undoing it
 * removes exactly those transactions, puts back the hand-entered opening balances it replaced and derives
 * the touched holdings again, in one database transaction.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import {
  holdingTransactions,
  portfolioItems,
  tradeImportBatches,
  type ReplacedTransaction,
} from '../schema/index.ts';
import { ImpossibleHistory, changeInTransaction } from './holding-transactions.ts';

/** A hand-entered opening transaction, as the import's overlap check and the batch keep it. */
export interface OpeningTransaction extends ReplacedTransaction {
  id: string;
}

/**
 * The hand-entered opening transactions of a user's holdings (all, or those of `holdingIds`): recorded
 * with the holding (the same creation time, as adding a coin and the transactions migration record
 * them), not imported.
 */
export async function openingTransactions(
  db: AppDb | AppTx,
  userId: string,
  holdingIds?: readonly string[],
): Promise<OpeningTransaction[]> {
  if (holdingIds && holdingIds.length === 0) return [];
  const rows = await db
    .select({ t: holdingTransactions })
    .from(holdingTransactions)
    .innerJoin(portfolioItems, eq(portfolioItems.id, holdingTransactions.holdingId))
    .where(
      and(
        eq(holdingTransactions.userId, userId),
        isNull(holdingTransactions.externalRef),
        isNull(holdingTransactions.importBatchId),
        // The app writes the opening's time from the row it read back, to the millisecond; Postgres keeps
        // the holding's to the microsecond.
        sql`date_trunc('milliseconds', ${holdingTransactions.createdAt}) = date_trunc('milliseconds', ${portfolioItems.createdAt})`,
        holdingIds ? inArray(holdingTransactions.holdingId, [...holdingIds]) : undefined,
      ),
    );
  return rows.map(({ t }) => ({
    id: t.id,
    holdingId: t.holdingId,
    kind: t.kind,
    at: t.at.toISOString(),
    createdAt: t.createdAt.toISOString(),
    quantity: t.quantity,
    pricePerCoin: t.pricePerCoin,
    fee: t.fee,
    note: t.note,
    currency: t.currency,
  }));
}

/** Deletes opening transactions an import replaces, keeping them on its batch for undo. */
export async function deleteOpenings(
  tx: AppTx,
  batchId: string,
  openings: readonly OpeningTransaction[],
): Promise<void> {
  if (openings.length === 0) return;
  await tx.delete(holdingTransactions).where(
    inArray(
      holdingTransactions.id,
      openings.map((o) => o.id),
    ),
  );
  const kept: ReplacedTransaction[] = openings.map(({ id: _id, ...rest }) => rest);
  await tx
    .update(tradeImportBatches)
    .set({ replaced: sql`${tradeImportBatches.replaced} || ${JSON.stringify(kept)}::jsonb` })
    .where(eq(tradeImportBatches.id, batchId));
}

/** Starts an import's batch; its counts are written when the import is done. */
export async function createImportBatch(
  db: AppDb,
  batch: { userId: string; exchange: string; fileName: string | null },
): Promise<string> {
  const [row] = await db.insert(tradeImportBatches).values(batch).returning({ id: tradeImportBatches.id });
  return row!.id;
}

/**
 * Writes a finished import's counts. A batch that wrote nothing (every row a duplicate, say) is removed:
 * there is nothing to undo. Returns whether the batch is kept.
 */
export async function finishImportBatch(
  db: AppDb,
  batchId: string,
  counts: { read: number; added: number; createdHoldings: string[] },
): Promise<boolean> {
  if (counts.added === 0) {
    await db.delete(tradeImportBatches).where(eq(tradeImportBatches.id, batchId));
    return false;
  }
  await db.update(tradeImportBatches).set(counts).where(eq(tradeImportBatches.id, batchId));
  return true;
}

/** One import as GET /api/portfolio/import-batches lists it. */
export interface ImportBatchRecord {
  id: string;
  exchange: string;
  fileName: string | null;
  createdAt: Date;
  read: number;
  added: number;
  /** Transactions of the batch still recorded (the user may have deleted some). */
  transactions: number;
  /** Hand-entered opening transactions it replaced. */
  replaced: number;
  /** The holdings it wrote to (or replaced an opening of), by id and symbol. */
  holdings: { id: string; symbol: string }[];
}

/** A user's import batches, newest first; with `holdingId`, only those that touched that holding. */
export async function listImportBatches(
  db: AppDb,
  userId: string,
  holdingId?: string,
): Promise<ImportBatchRecord[]> {
  const batches = await db
    .select()
    .from(tradeImportBatches)
    .where(eq(tradeImportBatches.userId, userId))
    .orderBy(desc(tradeImportBatches.createdAt), desc(tradeImportBatches.id));
  if (batches.length === 0) return [];
  const touched = await db
    .select({
      batchId: holdingTransactions.importBatchId,
      holdingId: holdingTransactions.holdingId,
      symbol: portfolioItems.symbol,
      count: sql<number>`count(*)::int`,
    })
    .from(holdingTransactions)
    .innerJoin(portfolioItems, eq(portfolioItems.id, holdingTransactions.holdingId))
    .where(
      and(
        eq(holdingTransactions.userId, userId),
        inArray(
          holdingTransactions.importBatchId,
          batches.map((b) => b.id),
        ),
      ),
    )
    .groupBy(holdingTransactions.importBatchId, holdingTransactions.holdingId, portfolioItems.symbol);
  const symbols = new Map(
    (
      await db
        .select({ id: portfolioItems.id, symbol: portfolioItems.symbol })
        .from(portfolioItems)
        .where(eq(portfolioItems.userId, userId))
    ).map((h) => [h.id, h.symbol]),
  );
  const list = batches.map((b) => {
    const mine = touched.filter((t) => t.batchId === b.id);
    const holdings = new Map(mine.map((t) => [t.holdingId, t.symbol]));
    for (const r of b.replaced) {
      const symbol = symbols.get(r.holdingId);
      if (symbol) holdings.set(r.holdingId, symbol);
    }
    return {
      id: b.id,
      exchange: b.exchange,
      fileName: b.fileName,
      createdAt: b.createdAt,
      read: b.read,
      added: b.added,
      transactions: mine.reduce((sum, t) => sum + t.count, 0),
      replaced: b.replaced.length,
      holdings: [...holdings].map(([id, symbol]) => ({ id, symbol })),
    };
  });
  return holdingId ? list.filter((b) => b.holdings.some((h) => h.id === holdingId)) : list;
}

/** What undoing a batch did. */
export type UndoBatchOutcome =
  | { status: 'not_found' }
  | { status: 'impossible'; symbol: string; message: string }
  | {
      status: 'ok';
      removed: number;
      restored: number;
      /** Holdings the import created that are now empty and were deleted. */
      deletedHoldings: string[];
      /** Holdings derived again. */
      holdingIds: string[];
    };

/** Thrown inside the database transaction to roll an undo back, naming the holding. */
class UndoRefused extends Error {
  constructor(
    readonly symbol: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * Undoes a user's import batch: removes its transactions, restores the opening balances it replaced,
 * deletes the holdings it created that are left empty and derives the others again. not_found when the
 * batch is not the user's; impossible (nothing changed) when a holding's history would no longer hold
 * (a sale recorded later relies on the imported buys).
 */
export async function undoImportBatch(db: AppDb, userId: string, batchId: string): Promise<UndoBatchOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [batch] = await tx
        .select()
        .from(tradeImportBatches)
        .where(and(eq(tradeImportBatches.id, batchId), eq(tradeImportBatches.userId, userId)))
        .for('update');
      if (!batch) return { status: 'not_found' } as const;
      const written = await tx
        .selectDistinct({ holdingId: holdingTransactions.holdingId })
        .from(holdingTransactions)
        .where(eq(holdingTransactions.importBatchId, batchId));
      const ids = [
        ...new Set([...written.map((w) => w.holdingId), ...batch.replaced.map((r) => r.holdingId)]),
      ];
      // Locked in one order, so two undos (or an undo and an import) wait rather than deadlock.
      const holdings =
        ids.length === 0
          ? []
          : await tx
              .select({ id: portfolioItems.id, symbol: portfolioItems.symbol })
              .from(portfolioItems)
              .where(and(eq(portfolioItems.userId, userId), inArray(portfolioItems.id, ids)))
              .orderBy(portfolioItems.id)
              .for('update');
      const removed = await tx
        .delete(holdingTransactions)
        .where(eq(holdingTransactions.importBatchId, batchId))
        .returning({ id: holdingTransactions.id });
      const present = new Set(holdings.map((h) => h.id));
      const restore = batch.replaced.filter((r) => present.has(r.holdingId));
      if (restore.length > 0) {
        await tx.insert(holdingTransactions).values(
          restore.map((r) => ({
            holdingId: r.holdingId,
            userId,
            kind: r.kind,
            at: new Date(r.at),
            createdAt: new Date(r.createdAt),
            quantity: r.quantity,
            pricePerCoin: r.pricePerCoin,
            fee: r.fee,
            note: r.note,
            currency: r.currency ?? 'usd',
          })),
        );
      }
      const created = new Set(batch.createdHoldings);
      const deletedHoldings: string[] = [];
      const derived: string[] = [];
      for (const h of holdings) {
        if (created.has(h.id)) {
          const gone = await tx
            .delete(portfolioItems)
            .where(
              and(
                eq(portfolioItems.id, h.id),
                sql`not exists (select 1 from ${holdingTransactions} where ${holdingTransactions.holdingId} = ${portfolioItems.id})`,
              ),
            )
            .returning({ id: portfolioItems.id });
          if (gone.length > 0) {
            deletedHoldings.push(h.symbol);
            continue;
          }
        }
        try {
          await changeInTransaction(tx, userId, h.id, { op: 'rederive' });
        } catch (error) {
          if (error instanceof ImpossibleHistory) throw new UndoRefused(h.symbol, error.problem.message);
          throw error;
        }
        derived.push(h.id);
      }
      await tx.delete(tradeImportBatches).where(eq(tradeImportBatches.id, batchId));
      return {
        status: 'ok',
        removed: removed.length,
        restored: restore.length,
        deletedHoldings,
        holdingIds: derived,
      } as const;
    });
  } catch (error) {
    if (error instanceof UndoRefused)
      return { status: 'impossible', symbol: error.symbol, message: error.reason };
    throw error;
  }
}
