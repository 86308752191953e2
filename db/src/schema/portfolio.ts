import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, decimal, updatedAt } from './columns.ts';
import { users } from './users.ts';

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
