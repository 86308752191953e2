import { and, asc, eq, sql } from 'drizzle-orm';
import { isZeroDecimal, type HoldingRow } from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import { holdingTransactions, latestPrices, portfolioItems, trackedCoins } from '../schema/index.ts';
import { changeHoldingHistory, type HistoryOutcome } from './holding-transactions.ts';
import type { HoldingRecord } from './holding-record.ts';
import { preparedPerDb } from './prepared.ts';

export type { HoldingRecord } from './holding-record.ts';
export type NewHolding = Omit<
  typeof portfolioItems.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

const holdingColumns = {
  item: portfolioItems,
  usd: latestPrices.usd,
  change24h: latestPrices.change24h,
};

/**
 * The portfolio query, built once per database handle: GET /api/portfolio runs it on every load, and
 * building drizzle's SQL each time cost as much as reading the rows.
 */
const holdingsQuery = preparedPerDb((db) =>
  db
    .select(holdingColumns)
    .from(portfolioItems)
    .leftJoin(latestPrices, eq(latestPrices.coingeckoId, portfolioItems.coingeckoId))
    .where(eq(portfolioItems.userId, sql.placeholder('userId')))
    .orderBy(asc(portfolioItems.createdAt), asc(portfolioItems.symbol))
    .prepare('list_holdings'),
);

/** A user's holdings with the latest known price of each, oldest first. */
export async function listHoldings(db: AppDb, userId: string): Promise<HoldingRow[]> {
  const rows = await holdingsQuery(db).execute({ userId });
  return rows.map(toHoldingRow);
}

/** One holding of a user, or undefined when it is not theirs or does not exist. */
export async function findHolding(db: AppDb, userId: string, id: string): Promise<HoldingRow | undefined> {
  const [row] = await db
    .select(holdingColumns)
    .from(portfolioItems)
    .leftJoin(latestPrices, eq(latestPrices.coingeckoId, portfolioItems.coingeckoId))
    .where(and(eq(portfolioItems.userId, userId), eq(portfolioItems.id, id)))
    .limit(1);
  return row && toHoldingRow(row);
}

/** True when the user already holds this symbol (case-insensitive). */
export async function holdsSymbol(db: AppDb, userId: string, symbol: string): Promise<boolean> {
  return (await heldHoldingId(db, userId, symbol)) !== undefined;
}

/** The id of the user's holding of this symbol (case-insensitive), if they hold it. */
export async function heldHoldingId(db: AppDb, userId: string, symbol: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: portfolioItems.id })
    .from(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), sql`lower(${portfolioItems.symbol}) = lower(${symbol})`))
    .limit(1);
  return row?.id;
}

/**
 * Inserts holdings, skipping symbols the user already holds (case-insensitive, enforced by the
 * unique index). Returns the created records; a skipped symbol is simply absent.
 */
export async function insertHoldings(
  db: AppDb,
  userId: string,
  items: NewHolding[],
): Promise<HoldingRecord[]> {
  if (items.length === 0) return [];
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(portfolioItems)
      .values(items.map((item) => ({ ...item, userId })))
      .onConflictDoNothing()
      .returning();
    if (created.length > 0) await tx.insert(holdingTransactions).values(created.map(openingTransaction));
    const coins = new Map<string, typeof trackedCoins.$inferInsert>();
    for (const item of created) {
      if (item.coingeckoId) {
        coins.set(item.coingeckoId, {
          coingeckoId: item.coingeckoId,
          name: item.name,
          symbol: item.symbol,
          address: item.address,
          reason: 'portfolio',
        });
      }
    }
    if (coins.size > 0) {
      await tx
        .insert(trackedCoins)
        .values([...coins.values()])
        .onConflictDoUpdate({ target: trackedCoins.coingeckoId, set: { lastRequestedAt: sql`now()` } });
    }
    return created;
  });
}

/**
 * Sets a holding's purchase price (and quantity when given) by recording an adjusting transaction, so
 * the history stays true; the history's derivation writes the row and the trigger prices of
 * its Gain/Loss alerts (DESIGN.md section 5) in the same transaction. not_found when not the user's.
 */
export async function updateHolding(
  db: AppDb,
  userId: string,
  id: string,
  changes: { purchasePrice: string; quantity?: string },
): Promise<HistoryOutcome> {
  return changeHoldingHistory(db, userId, id, {
    op: 'adjust',
    averageCost: changes.purchasePrice,
    at: new Date(),
    ...(changes.quantity !== undefined ? { quantity: changes.quantity } : {}),
  });
}

/**
 * The first transaction of a new holding: a buy of its quantity at its purchase price when it was
 * created, which derives exactly the row. A quantity of 0 opens with an adjustment, which keeps the price.
 */
export function openingTransaction(item: HoldingRecord): typeof holdingTransactions.$inferInsert {
  return {
    holdingId: item.id,
    userId: item.userId,
    kind: isZeroDecimal(item.quantity) ? 'adjust' : 'buy',
    at: item.createdAt,
    quantity: item.quantity,
    pricePerCoin: item.purchasePrice,
    fee: '0',
    note: null,
    createdAt: item.createdAt,
  };
}

/** Deletes a holding; false when it was not the user's. */
export async function deleteHolding(db: AppDb, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(portfolioItems)
    .where(and(eq(portfolioItems.userId, userId), eq(portfolioItems.id, id)))
    .returning({ id: portfolioItems.id });
  return rows.length > 0;
}

function toHoldingRow(row: {
  item: HoldingRecord;
  usd: string | null;
  change24h: number | null;
}): HoldingRow {
  const { item } = row;
  const currentPrice = row.usd === null ? 0 : Number(row.usd);
  const purchasePrice = Number(item.purchasePrice);
  const quantity = Number(item.quantity);
  return {
    id: item.id,
    coinId: item.coingeckoId,
    coingeckoId: item.coingeckoId,
    symbol: item.symbol,
    name: item.name,
    quantity: trimDecimal(item.quantity),
    purchasePrice: trimDecimal(item.purchasePrice),
    currentPrice,
    change24h: row.change24h,
    gainLoss: currentPrice > 0 && purchasePrice > 0 ? (currentPrice - purchasePrice) * quantity : 0,
    address: item.address,
    image: item.image,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** '1.500000000000000000' -> '1.5' (numeric comes back padded to its scale). */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
