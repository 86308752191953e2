/**
 * Writes imported exchange trades into holdings' histories. Each trade carries its
 * exchange row's reference (holding_transactions.external_ref, unique per user), so a row imported twice is
 * skipped. A holding's trades go in in one database transaction that locks the holding, refuses the trades
 * that would take out more than was held at their time (each fails alone, with why), inserts the rest and
 * derives the holding again.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { feasibleTrades, overlappingOpenings, type TransactionKind } from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { holdingTransactions, portfolioItems, trackedCoins } from '../schema/index.ts';
import { deleteOpenings, openingTransactions } from './import-batches.ts';
import { changeInTransaction, listTransactions, toHoldingTransactions } from './holding-transactions.ts';
import type { HoldingRecord } from './holding-record.ts';

/** One imported trade, as the holding's history will hold it, with its row in the file. */
export interface ImportedTrade {
  row: number;
  /** `adjust` comes only from Coinpace's own transactions export. */
  kind: TransactionKind;
  at: Date;
  quantity: string;
  pricePerCoin: string;
  fee: string;
  note: string | null;
  externalRef: string;
  /** What price and fee are in ('usd', 'eur', or the id of the coin it was priced in); 'usd' when left out. */
  currency?: string;
}

/** What happened to one holding's trades. */
export interface HoldingImportOutcome {
  /** Rows written. */
  added: number[];
  /** Rows another import wrote first (the reference was taken meanwhile). */
  duplicates: number[];
  failed: { row: number; reason: string }[];
  /** Hand-entered opening transactions deleted in favour of the imported history. */
  replaced: number;
}

export interface HoldingImportOptions {
  /** The import's batch: its transactions carry it, and replaced openings are kept on it. */
  batchId?: string;
  /** Delete the holding's hand-entered opening balance where it is dated within the imported trades. */
  replaceOpening?: boolean;
}

/** Every external reference the user's transactions carry. */
export async function userExternalRefs(db: AppDb, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ ref: holdingTransactions.externalRef })
    .from(holdingTransactions)
    .where(and(eq(holdingTransactions.userId, userId), isNotNull(holdingTransactions.externalRef)));
  return new Set(rows.map((r) => r.ref!));
}

/**
 * Creates holdings with no transactions yet (their quantity 0), for the coins an import brings that the
 * user does not hold; a symbol held meanwhile is left out. The coins are tracked, as for any new holding.
 */
/**
 * The names the tracked-coin table knows for CoinGecko ids (from searches, added coins and the ticker),
 * leaving out names that are only the symbol again.
 */
export async function knownCoinNames(db: AppDb, coingeckoIds: string[]): Promise<Map<string, string>> {
  if (coingeckoIds.length === 0) return new Map();
  const rows = await db
    .select({ id: trackedCoins.coingeckoId, name: trackedCoins.name, symbol: trackedCoins.symbol })
    .from(trackedCoins)
    .where(inArray(trackedCoins.coingeckoId, coingeckoIds));
  return new Map(rows.filter((r) => r.name !== r.symbol).map((r) => [r.id, r.name]));
}

export async function insertEmptyHoldings(
  db: AppDb,
  userId: string,
  items: { symbol: string; name: string; coingeckoId: string | null }[],
): Promise<HoldingRecord[]> {
  if (items.length === 0) return [];
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(portfolioItems)
      .values(items.map((item) => ({ ...item, userId, quantity: '0', purchasePrice: '0' })))
      .onConflictDoNothing()
      .returning();
    const coins = created.filter((c) => c.coingeckoId);
    if (coins.length > 0) {
      await tx
        .insert(trackedCoins)
        .values(
          coins.map((c) => ({
            coingeckoId: c.coingeckoId!,
            name: c.name,
            symbol: c.symbol,
            address: null,
            reason: 'portfolio',
          })),
        )
        .onConflictDoUpdate({ target: trackedCoins.coingeckoId, set: { lastRequestedAt: sql`now()` } });
    }
    return created;
  });
}

/** Deletes holdings of the user that have no transactions (created for an import that added none). */
export async function deleteEmptyHoldings(db: AppDb, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await db
    .delete(portfolioItems)
    .where(
      and(
        eq(portfolioItems.userId, userId),
        inArray(portfolioItems.id, ids),
        sql`not exists (select 1 from ${holdingTransactions} where ${holdingTransactions.holdingId} = ${portfolioItems.id})`,
      ),
    )
    .returning({ id: portfolioItems.id });
  return gone.map((g) => g.id);
}

/** Thrown inside the database transaction to roll a holding's import back. */
class RolledBack extends Error {}

/**
 * Rows per INSERT. Building and sending a statement runs on the event loop, where no other request can
 * interleave; smaller statements leave other users' requests a turn between them.
 */
const INSERT_CHUNK = 250;

/**
 * Adds `trades` (already free of references the user had) to a holding's history. A trade taking out more
 * than was held at its time fails with the reason the transactions screen gives; so does an imported sale
 * that would leave a later recorded one short. The rest are inserted and the holding derived again.
 */
export async function importTradesIntoHolding(
  db: AppDb,
  userId: string,
  holdingId: string,
  trades: readonly ImportedTrade[],
  options: HoldingImportOptions = {},
): Promise<HoldingImportOutcome> {
  const outcome: HoldingImportOutcome = { added: [], duplicates: [], failed: [], replaced: 0 };
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: portfolioItems.id })
        .from(portfolioItems)
        .where(and(eq(portfolioItems.userId, userId), eq(portfolioItems.id, holdingId)))
        .for('update');
      if (!locked) {
        for (const t of trades)
          outcome.failed.push({ row: t.row, reason: 'the holding was deleted meanwhile' });
        return;
      }
      let existing = toHoldingTransactions(await listTransactions(tx, holdingId));
      const steps = trades.map((t) => ({ ...t, at: t.at.toISOString(), trade: t }));
      if (options.replaceOpening && options.batchId && trades.length > 0) {
        // The hand-entered opening balance dated within the imported history: the history holds those
        // coins already. Replaced only when some trade is written, and kept on the batch for undo.
        const first = steps.reduce((min, t) => (t.at < min ? t.at : min), steps[0]!.at);
        const overlap = overlappingOpenings(await openingTransactions(tx, userId, [holdingId]), first);
        const gone = new Set(overlap.map((o) => o.id));
        const rest = existing.filter((t) => !gone.has(t.id));
        if (overlap.length > 0 && feasibleTrades(rest, steps).accepted.length > 0) {
          await deleteOpenings(tx, options.batchId, overlap);
          outcome.replaced = overlap.length;
          existing = rest;
        }
      }
      const checked = feasibleTrades(existing, steps);
      const accepted = checked.accepted.map((s) => s.trade);
      outcome.failed.push(...checked.refused);
      const written = await insertTrades(tx, userId, holdingId, accepted, options.batchId ?? null);
      for (const t of accepted) (written.has(t.externalRef) ? outcome.added : outcome.duplicates).push(t.row);
      const derived = await changeInTransaction(tx, userId, holdingId, { op: 'rederive' });
      if (derived.status !== 'ok') {
        const reason = derived.status === 'impossible' ? derived.problem.message : 'the holding was deleted';
        outcome.failed.push(...accepted.map((t) => ({ row: t.row, reason })));
        throw new RolledBack();
      }
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    outcome.added = [];
    outcome.duplicates = [];
    outcome.replaced = 0;
  }
  outcome.failed.sort((a, b) => a.row - b.row);
  return outcome;
}

async function insertTrades(
  tx: AppTx,
  userId: string,
  holdingId: string,
  trades: readonly ImportedTrade[],
  importBatchId: string | null,
): Promise<Set<string>> {
  const written = new Set<string>();
  for (let i = 0; i < trades.length; i += INSERT_CHUNK) {
    const rows = await tx
      .insert(holdingTransactions)
      .values(
        trades.slice(i, i + INSERT_CHUNK).map((t) => ({
          holdingId,
          userId,
          kind: t.kind,
          at: t.at,
          quantity: t.quantity,
          pricePerCoin: t.pricePerCoin,
          fee: t.fee,
          note: t.note,
          currency: t.currency ?? 'usd',
          externalRef: t.externalRef,
          importBatchId,
        })),
      )
      .onConflictDoNothing()
      .returning({ ref: holdingTransactions.externalRef });
    for (const r of rows) written.add(r.ref!);
  }
  return written;
}
