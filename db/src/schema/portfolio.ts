import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, decimal, instant, updatedAt } from './columns.ts';
import { exchangeAccounts } from './exchanges.ts';
import { users } from './users.ts';
import { wallets } from './wallets.ts';

/** One holding: one row per user and symbol, symbols compared case-insensitively. */
export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null when the import could not identify the coin; such a row has no price. */
    coingeckoId: text(),
    symbol: text().notNull(),
    name: text().notNull(),
    quantity: decimal().notNull(),
    /** Per coin, USD; 0 means not known yet. */
    purchasePrice: decimal().notNull().default('0'),
    /** Lower-case contract address, when the coin was added by address. */
    address: text(),
    image: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('portfolio_items_user_symbol_key').on(t.userId, sql`lower(${t.symbol})`),
    index('portfolio_items_coin_idx').on(t.coingeckoId),
  ],
);

/**
 * A hand-entered transaction an import replaced, kept on the import's batch so undoing the import puts it
 * back as it was.
 */
export interface ReplacedTransaction {
  holdingId: string;
  kind: string;
  /** ISO 8601 instants. */
  at: string;
  createdAt: string;
  quantity: string;
  pricePerCoin: string;
  fee: string;
  note: string | null;
  /** What price and fee are in; absent in batches from before transactions kept a currency ('usd'). */
  currency?: string;
}

/**
 * One trade-history import as the user can see and undo it: its transactions carry its id. A row stays
 * until the import is undone.
 */
export const tradeImportBatches = pgTable(
  'trade_import_batches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The export's format: binance, coinbase, kraken, bybit or coinpace. */
    exchange: text().notNull(),
    /** The file's name as the browser gave it, when it did. */
    fileName: text(),
    read: integer().notNull().default(0),
    added: integer().notNull().default(0),
    /** Ids of the holdings the import created: undoing removes those left without transactions. */
    createdHoldings: jsonb().$type<string[]>().notNull().default([]),
    /** Hand-entered opening transactions the import replaced, to restore on undo. */
    replaced: jsonb().$type<ReplacedTransaction[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('trade_import_batches_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One transaction of a holding: the source of its quantity and average cost, which the
 * holding's row keeps as a cache written in the same database transaction.
 */
export const holdingTransactions = pgTable(
  'holding_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    holdingId: uuid()
      .notNull()
      .references(() => portfolioItems.id, { onDelete: 'cascade' }),
    /** The holding's user, so ownership checks and per-user snapshots need no join. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * buy, sell, transfer_in, transfer_out, adjust (an inline edit of the holding), or income (a staking
     * reward, interest or an airdrop, priced at the day's value).
     */
    kind: text().notNull(),
    at: instant().notNull(),
    quantity: decimal().notNull(),
    /** Per coin in `currency`; for adjust, the new average cost. */
    pricePerCoin: decimal().notNull().default('0'),
    /** In `currency`. */
    fee: decimal().notNull().default('0'),
    /**
     * What price and fee are in: a display currency code ('usd', 'eur', 'btc'), or the CoinGecko id of
     * the coin a trade was priced in ('binancecoin' for ADA/BNB). Rows from before it are dollars.
     */
    currency: text().notNull().default('usd'),
    note: text(),
    /**
     * Where an imported trade came from: the exchange and its row id ('binance:3f2a...', 'kraken:TXID'),
     * so the same exchange row imported twice is skipped. Null for transactions entered by hand.
     */
    externalRef: text(),
    /** The import that wrote it; null for transactions entered by hand (and imports before batches). */
    importBatchId: uuid().references(() => tradeImportBatches.id, { onDelete: 'set null' }),
    /**
     * Where the coins are: the exchange account a sync wrote it from; null for transactions entered by hand
     * (and imported files). Deleting the account keeps its history, as entered by hand.
     */
    locationId: uuid().references(() => exchangeAccounts.id, { onDelete: 'set null' }),
    /**
     * Where the coins are when a wallet's refresh wrote it (a transfer on a chain); null otherwise. A
     * row has at most one of `locationId` and `walletId`: ids are UUIDs, so either names the location.
     * Deleting the wallet keeps its history, as entered by hand.
     */
    walletId: uuid().references(() => wallets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('holding_transactions_batch_idx').on(t.importBatchId),
    index('holding_transactions_location_idx').on(t.locationId),
    index('holding_transactions_wallet_idx').on(t.walletId),
    index('holding_transactions_holding_idx').on(t.holdingId, t.at, t.createdAt),
    uniqueIndex('holding_transactions_user_ref_key').on(t.userId, t.externalRef),
    // The domain's TRANSACTION_KINDS: a row of another kind would be read as none of them.
    check(
      'holding_transactions_kind',
      sql`${t.kind} in ('buy', 'sell', 'transfer_in', 'transfer_out', 'adjust', 'income')`,
    ),
  ],
);
