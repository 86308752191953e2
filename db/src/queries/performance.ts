/** What the performance figures read of a user's portfolio: every transaction with its coin. */
import { and, asc, eq, isNotNull, min } from 'drizzle-orm';
import type { TransactionKind } from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import { holdingTransactions, portfolioItems } from '../schema/index.ts';
import { inDollars } from './holding-transactions.ts';

/** One transaction of the user's, with its holding's CoinGecko id (null: a coin with no price source). */
export interface UserTransaction {
  holdingId: string;
  coingeckoId: string | null;
  kind: TransactionKind;
  /** Epoch ms. */
  at: number;
  /** Decimal strings as stored; price and fee in US dollars. */
  quantity: string;
  pricePerCoin: string;
  fee: string;
}

/** One transaction as stored: price and fee in `currency`. */
export interface StoredUserTransaction extends UserTransaction {
  currency: string;
}

/** Every transaction of the user's holdings in history order (by time, then as recorded), as stored. */
export async function readUserTransactions(db: AppDb, userId: string): Promise<StoredUserTransaction[]> {
  const rows = await db
    .select({
      holdingId: holdingTransactions.holdingId,
      coingeckoId: portfolioItems.coingeckoId,
      kind: holdingTransactions.kind,
      at: holdingTransactions.at,
      quantity: holdingTransactions.quantity,
      pricePerCoin: holdingTransactions.pricePerCoin,
      fee: holdingTransactions.fee,
      currency: holdingTransactions.currency,
    })
    .from(holdingTransactions)
    .innerJoin(portfolioItems, eq(portfolioItems.id, holdingTransactions.holdingId))
    .where(eq(portfolioItems.userId, userId))
    .orderBy(asc(holdingTransactions.at), asc(holdingTransactions.createdAt), asc(holdingTransactions.id));
  return rows.map((r) => ({ ...r, kind: r.kind as TransactionKind, at: r.at.getTime() }));
}

/**
 * The transactions with price and fee in dollars: a trade made in euros or priced in bitcoin is converted
 * at the stored rate of its own day, as the holding's cost basis is. The given rows are not changed.
 */
export async function inDollarsOfTheirDay(
  db: AppDb,
  rows: readonly StoredUserTransaction[],
): Promise<UserTransaction[]> {
  const inUsd = rows.map(({ currency: _currency, ...r }) => r);
  const foreign = rows.flatMap((r, i) => (r.currency === 'usd' ? [] : [i]));
  if (foreign.length === 0) return inUsd;
  const converted = await inDollars(
    db,
    foreign.map((i) => {
      const r = rows[i]!;
      return {
        id: String(i),
        kind: r.kind,
        at: new Date(r.at).toISOString(),
        quantity: r.quantity,
        pricePerCoin: r.pricePerCoin,
        fee: r.fee,
        currency: r.currency,
        note: null,
      };
    }),
  );
  converted.forEach((t, k) => {
    const row = inUsd[foreign[k]!]!;
    row.pricePerCoin = t.pricePerCoin;
    row.fee = t.fee;
  });
  return inUsd;
}

/** Every transaction of the user's holdings in history order, price and fee in dollars. */
export async function listUserTransactions(db: AppDb, userId: string): Promise<UserTransaction[]> {
  return inDollarsOfTheirDay(db, await readUserTransactions(db, userId));
}

/** What the performance window needs before the transactions themselves are read. */
export interface UserTransactionSpan {
  /** Epoch ms of the user's first transaction of a coin with a price source; null when there is none. */
  firstAt: number | null;
  /** The CoinGecko ids of the user's transactions, sorted. */
  coinIds: string[];
}

/**
 * The first time and the coins of the user's priced transactions: one small aggregate, so that the
 * price reads can start alongside the read of every transaction instead of after it.
 */
export async function findUserTransactionSpan(db: AppDb, userId: string): Promise<UserTransactionSpan> {
  const rows = await db
    .select({ coingeckoId: portfolioItems.coingeckoId, first: min(holdingTransactions.at) })
    .from(holdingTransactions)
    .innerJoin(portfolioItems, eq(portfolioItems.id, holdingTransactions.holdingId))
    .where(and(eq(portfolioItems.userId, userId), isNotNull(portfolioItems.coingeckoId)))
    .groupBy(portfolioItems.coingeckoId)
    .orderBy(portfolioItems.coingeckoId);
  let firstAt: number | null = null;
  for (const row of rows) {
    const at = row.first === null ? null : new Date(row.first).getTime();
    if (at !== null && (firstAt === null || at < firstAt)) firstAt = at;
  }
  return { firstAt, coinIds: rows.map((r) => r.coingeckoId!) };
}
