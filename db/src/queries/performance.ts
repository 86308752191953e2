/** What the performance figures read of a user's portfolio: every transaction with its coin. */
import { asc, eq } from 'drizzle-orm';
import type { TransactionKind } from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import { holdingTransactions, portfolioItems } from '../schema/index.ts';

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

/** Every transaction of the user's holdings in history order: by time, then as recorded. */
export async function listUserTransactions(db: AppDb, userId: string): Promise<UserTransaction[]> {
  const rows = await db
    .select({
      holdingId: holdingTransactions.holdingId,
      coingeckoId: portfolioItems.coingeckoId,
      kind: holdingTransactions.kind,
      at: holdingTransactions.at,
      quantity: holdingTransactions.quantity,
      pricePerCoin: holdingTransactions.pricePerCoin,
      fee: holdingTransactions.fee,
    })
    .from(holdingTransactions)
    .innerJoin(portfolioItems, eq(portfolioItems.id, holdingTransactions.holdingId))
    .where(eq(portfolioItems.userId, userId))
    .orderBy(asc(holdingTransactions.at), asc(holdingTransactions.createdAt), asc(holdingTransactions.id));
  return rows.map((r) => ({ ...r, kind: r.kind as TransactionKind, at: r.at.getTime() }));
}
