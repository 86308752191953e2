/**
 * A holding's transactions. Every change to them runs in one database transaction that locks
 * the holding, changes the history, derives the holding again and writes its quantity and average cost
 * back to the row (the cache every screen reads), or leaves everything as it was when the history
 * would be impossible.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  MAX_QUANTITY,
  compareDecimal,
  convertHistory,
  deriveHolding,
  ratesInto,
  ratesWanted,
  type CostMethod,
  type HistoryProblem,
  type HoldingDerivation,
  type HoldingTransaction,
  type TransactionKind,
  type TransactionRow,
} from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { holdingTransactions, portfolioItems } from '../schema/index.ts';
import { refreshHoldingTriggers } from './alert-triggers.ts';
import { loadDailyRateTables } from './conversion-rates.ts';
import type { HoldingRecord } from './holding-record.ts';

export type TransactionRecord = typeof holdingTransactions.$inferSelect;

/** The fields of a transaction a change may set. */
export interface TransactionValues {
  kind: TransactionKind;
  at: Date;
  quantity: string;
  pricePerCoin: string;
  fee: string;
  note: string | null;
  /** The exchange account the coins are on; null or absent for by hand. */
  locationId?: string | null;
  /** What price and fee are in; 'usd' when left out. */
  currency?: string;
}

/** One change to a history. */
export type HistoryChange =
  | { op: 'insert'; values: TransactionValues }
  | { op: 'update'; id: string; values: Partial<TransactionValues> }
  | { op: 'delete'; id: string }
  /** An inline edit: the holding is now `quantity` (unchanged when left out) at `averageCost`. */
  | { op: 'adjust'; quantity?: string; averageCost: string; at: Date }
  /** Nothing changes; the row is written again from the history. */
  | { op: 'rederive' };

/** What a change did: not found (holding or transaction not the user's), refused, or done. */
export type HistoryOutcome =
  | { status: 'not_found' }
  | { status: 'impossible'; problem: HistoryProblem }
  | {
      status: 'ok';
      holding: HoldingRecord;
      transactions: TransactionRecord[];
      derived: HoldingDerivation;
      /** The transaction inserted or updated, when the change did one. */
      changed?: TransactionRecord;
    };

/** Thrown inside the database transaction to roll an impossible change back. */
export class ImpossibleHistory extends Error {
  constructor(readonly problem: HistoryProblem) {
    super(problem.message);
  }
}

/** A holding's transactions in history order (time, then when recorded). */
export async function listTransactions(db: AppDb | AppTx, holdingId: string): Promise<TransactionRecord[]> {
  return db
    .select()
    .from(holdingTransactions)
    .where(eq(holdingTransactions.holdingId, holdingId))
    .orderBy(asc(holdingTransactions.at), asc(holdingTransactions.createdAt), asc(holdingTransactions.id));
}

/** One of the user's transactions of a holding, or undefined when it is not theirs or not that holding's. */
export async function findTransaction(
  db: AppDb,
  userId: string,
  holdingId: string,
  id: string,
): Promise<TransactionRecord | undefined> {
  const [row] = await db
    .select()
    .from(holdingTransactions)
    .where(
      and(
        eq(holdingTransactions.userId, userId),
        eq(holdingTransactions.holdingId, holdingId),
        eq(holdingTransactions.id, id),
      ),
    );
  return row;
}

/** The domain's view of stored transactions. */
export function toHoldingTransactions(records: readonly TransactionRecord[]): HoldingTransaction[] {
  return records.map((r) => ({
    id: r.id,
    kind: r.kind as TransactionKind,
    at: r.at.toISOString(),
    // numeric comes back padded to its scale; messages quote these as the user wrote them.
    quantity: trim(r.quantity),
    pricePerCoin: trim(r.pricePerCoin),
    fee: trim(r.fee),
    note: r.note,
    currency: r.currency,
  }));
}

/** A stored transaction as the API returns it. */
export function toTransactionRow(r: TransactionRecord): TransactionRow {
  return {
    id: r.id,
    holdingId: r.holdingId,
    type: r.kind as TransactionKind,
    at: r.at.toISOString(),
    quantity: trim(r.quantity),
    pricePerCoin: trim(r.pricePerCoin),
    fee: trim(r.fee),
    currency: r.currency,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Reads a user's holding with its history and what it derives by `method`; not_found when the holding
 * is not the user's. A history that derives nothing (impossible) is reported as such.
 */
export async function readHoldingHistory(
  db: AppDb,
  userId: string,
  holdingId: string,
  method: CostMethod,
): Promise<HistoryOutcome> {
  const [holding] = await db
    .select()
    .from(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), eq(portfolioItems.id, holdingId)));
  if (!holding) return { status: 'not_found' };
  const transactions = await listTransactions(db, holdingId);
  const result = deriveHolding(await inDollars(db, toHoldingTransactions(transactions)), method);
  if (!result.ok) return { status: 'impossible', problem: result.problem };
  return { status: 'ok', holding, transactions, derived: result.holding };
}

/**
 * Applies one change to a user's holding's history, derives the holding again (average cost, which
 * the row caches) and writes it back, all in one database transaction.
 */
export async function changeHoldingHistory(
  db: AppDb,
  userId: string,
  holdingId: string,
  change: HistoryChange,
  method: CostMethod = 'average',
): Promise<HistoryOutcome> {
  try {
    return await db.transaction((tx) => changeInTransaction(tx, userId, holdingId, change, method));
  } catch (error) {
    if (error instanceof ImpossibleHistory) return { status: 'impossible', problem: error.problem };
    throw error;
  }
}

/** changeHoldingHistory inside a transaction the caller holds (the add-coin and inline-edit writes). */
export async function changeInTransaction(
  tx: AppTx,
  userId: string,
  holdingId: string,
  change: HistoryChange,
  method: CostMethod = 'average',
): Promise<HistoryOutcome> {
  // Locks the holding, so concurrent changes to one history are applied one after the other.
  const [locked] = await tx
    .select({ id: portfolioItems.id, quantity: portfolioItems.quantity })
    .from(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), eq(portfolioItems.id, holdingId)))
    .for('update');
  if (!locked) return { status: 'not_found' };
  let changed: TransactionRecord | undefined;
  if (change.op === 'insert' || change.op === 'adjust') {
    const values: TransactionValues =
      change.op === 'insert'
        ? change.values
        : {
            kind: 'adjust',
            at: change.at,
            quantity: change.quantity ?? locked.quantity,
            pricePerCoin: change.averageCost,
            fee: '0',
            note: 'Edited in the portfolio table',
          };
    [changed] = await tx
      .insert(holdingTransactions)
      .values({ ...values, holdingId, userId })
      .returning();
  } else if (change.op === 'update') {
    [changed] = await tx
      .update(holdingTransactions)
      .set(change.values)
      .where(and(eq(holdingTransactions.holdingId, holdingId), eq(holdingTransactions.id, change.id)))
      .returning();
    if (!changed) return { status: 'not_found' };
  } else if (change.op === 'delete') {
    const gone = await tx
      .delete(holdingTransactions)
      .where(and(eq(holdingTransactions.holdingId, holdingId), eq(holdingTransactions.id, change.id)))
      .returning({ id: holdingTransactions.id });
    if (gone.length === 0) return { status: 'not_found' };
  }
  const transactions = await listTransactions(tx, holdingId);
  const history = await inDollars(tx, toHoldingTransactions(transactions));
  const cached = deriveHolding(history, 'average');
  if (!cached.ok) throw new ImpossibleHistory(cached.problem);
  const tooLarge = beyondCache(cached.holding);
  if (tooLarge) throw new ImpossibleHistory({ transactionId: changed?.id ?? '', message: tooLarge });
  const holding = await writeCache(tx, holdingId, cached.holding);
  let derived = cached.holding;
  if (method !== 'average') {
    const other = deriveHolding(history, method);
    if (!other.ok) throw new ImpossibleHistory(other.problem);
    derived = other.holding;
  }
  return { status: 'ok', holding, transactions, derived, ...(changed ? { changed } : {}) };
}

/**
 * A history with every price and fee in dollars, each converted with the stored rate of its own day (the
 * holding's row caches its average cost in dollars). A history already in dollars reads no rates.
 */
export async function inDollars(
  db: AppDb | AppTx,
  history: HoldingTransaction[],
): Promise<HoldingTransaction[]> {
  const wanted = ratesWanted([history], 'usd');
  if (!wanted) return history;
  return convertHistory(history, 'usd', ratesInto('usd', await loadDailyRateTables(db, wanted))).transactions;
}

/**
 * Writes the derived quantity and average cost to the holding's row and, since Gain/Loss alerts
 * measure against the purchase price, their trigger prices (DESIGN.md section 5).
 */
async function writeCache(tx: AppTx, holdingId: string, derived: HoldingDerivation): Promise<HoldingRecord> {
  const [row] = await tx
    .update(portfolioItems)
    .set({ quantity: derived.quantity, purchasePrice: derived.averageCost })
    .where(eq(portfolioItems.id, holdingId))
    .returning();
  await refreshHoldingTriggers(tx, row!);
  return row!;
}

/**
 * Why the derived holding cannot be kept on its row, or null: the quantity beyond what a holding may
 * hold, or an average cost beyond what the column keeps (a large fee on a tiny quantity).
 */
function beyondCache(derived: HoldingDerivation): string | null {
  if (compareDecimal(derived.quantity, String(MAX_QUANTITY)) > 0)
    return `A holding may hold at most ${MAX_QUANTITY.toLocaleString('en-US')} coins.`;
  if (compareDecimal(derived.averageCost, MAX_AVERAGE_COST) > 0)
    return 'The average cost per coin would be too large; check the fee and the quantity.';
  return null;
}

/** Largest average cost the holding's row keeps (numeric(38, 18) holds below 10^20). */
const MAX_AVERAGE_COST = '10000000000000000000';

function trim(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/**
 * Every holding's history of a user, in one query (not one per holding): holding id -> its
 * transactions in history order. A holding without transactions is there with an empty list.
 */
export async function listUserHistories(
  db: AppDb,
  userId: string,
): Promise<Map<string, HoldingTransaction[]>> {
  const rows = await db
    .select({ holdingId: portfolioItems.id, tx: holdingTransactions })
    .from(portfolioItems)
    .leftJoin(holdingTransactions, eq(holdingTransactions.holdingId, portfolioItems.id))
    .where(eq(portfolioItems.userId, userId))
    .orderBy(
      asc(portfolioItems.createdAt),
      asc(portfolioItems.id),
      asc(holdingTransactions.at),
      asc(holdingTransactions.createdAt),
      asc(holdingTransactions.id),
    );
  const histories = new Map<string, HoldingTransaction[]>();
  for (const row of rows) {
    let list = histories.get(row.holdingId);
    if (!list) {
      list = [];
      histories.set(row.holdingId, list);
    }
    if (row.tx) list.push(...toHoldingTransactions([row.tx]));
  }
  return histories;
}
