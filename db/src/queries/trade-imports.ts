/**
 * Writes imported exchange trades into holdings' histories. Each trade carries its
 * exchange row's reference (holding_transactions.external_ref, unique per user), so a row imported twice is
 * skipped. A holding's trades go in in one database transaction that locks the holding, refuses the trades
 * that would take out more than was held at their time (each fails alone, with why), inserts the rest and
 * derives the holding again.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { fromDecimal, inHistoryOrder, toDecimal, type TransactionKind } from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { holdingTransactions, portfolioItems, trackedCoins } from '../schema/index.ts';
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
}

/** What happened to one holding's trades. */
export interface HoldingImportOutcome {
  /** Rows written. */
  added: number[];
  /** Rows another import wrote first (the reference was taken meanwhile). */
  duplicates: number[];
  failed: { row: number; reason: string }[];
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
): Promise<HoldingImportOutcome> {
  const outcome: HoldingImportOutcome = { added: [], duplicates: [], failed: [] };
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
      const existing = toHoldingTransactions(await listTransactions(tx, holdingId));
      const { accepted, refused } = feasible(existing, trades);
      outcome.failed.push(...refused);
      const written = await insertTrades(tx, userId, holdingId, accepted);
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
  }
  outcome.failed.sort((a, b) => a.row - b.row);
  return outcome;
}

async function insertTrades(
  tx: AppTx,
  userId: string,
  holdingId: string,
  trades: readonly ImportedTrade[],
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
          externalRef: t.externalRef,
        })),
      )
      .onConflictDoNothing()
      .returning({ ref: holdingTransactions.externalRef });
    for (const r of rows) written.add(r.ref!);
  }
  return written;
}

interface Step {
  at: number;
  kind: TransactionKind;
  quantity: bigint;
  trade?: ImportedTrade;
}

/**
 * Walks the existing history with the imported trades in time order (existing first at the same time, as
 * the database orders them), keeping only what leaves the holding never below zero: an imported trade
 * taking out more than is held fails; an existing one that would is made possible by refusing the latest
 * imported outgoing trades before it. One pass, however many trades fail.
 */
function feasible(
  existing: ReturnType<typeof toHoldingTransactions>,
  trades: readonly ImportedTrade[],
): { accepted: ImportedTrade[]; refused: { row: number; reason: string }[] } {
  const steps: Step[] = inHistoryOrder([
    ...existing.map((t) => ({ at: t.at, step: { kind: t.kind, quantity: fromDecimal(t.quantity) } })),
    ...trades.map((t) => ({
      at: t.at.toISOString(),
      step: { kind: t.kind, quantity: fromDecimal(t.quantity), trade: t },
    })),
  ]).map(({ at, step }) => ({ at: Date.parse(at), ...step }));
  const refused = new Map<ImportedTrade, string>();
  let held = 0n;
  let outs: Step[] = [];
  for (const step of steps) {
    if (step.kind === 'adjust') {
      held = step.quantity;
      outs = [];
    } else if (step.kind === 'buy' || step.kind === 'transfer_in') {
      held += step.quantity;
    } else if (step.trade) {
      if (step.quantity > held) {
        refused.set(step.trade, tooMuch(step, held));
      } else {
        held -= step.quantity;
        outs.push(step);
      }
    } else {
      while (step.quantity > held && outs.length > 0) {
        const undone = outs.pop()!;
        held += undone.quantity;
        refused.set(
          undone.trade!,
          'it would leave too few coins for a later sale or transfer already recorded in Coinpace',
        );
      }
      held -= step.quantity;
    }
  }
  return {
    accepted: trades.filter((t) => !refused.has(t)),
    refused: trades.filter((t) => refused.has(t)).map((t) => ({ row: t.row, reason: refused.get(t)! })),
  };
}

function tooMuch(step: Step, held: bigint): string {
  const what = step.kind === 'sell' ? 'sell' : 'transfer out';
  const when = new Date(step.at).toISOString().slice(0, 16).replace('T', ' ');
  return `You held ${toDecimal(held)} on ${when} UTC, so you cannot ${what} ${toDecimal(step.quantity)}.`;
}
