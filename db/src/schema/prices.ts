import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, decimal, instant } from './columns.ts';

/** Coins the poller keeps prices for: the ticker set, every held coin, every watch-list alert coin. */
export const trackedCoins = pgTable('tracked_coins', {
  coingeckoId: text().primaryKey(),
  name: text().notNull(),
  symbol: text().notNull(),
  address: text(),
  /** Why it is tracked first: ticker, portfolio, alert or manual. */
  reason: text().notNull().default('manual'),
  createdAt: createdAt(),
  lastRequestedAt: instant().notNull().defaultNow(),
});

/** The latest accepted price of each coin. */
export const latestPrices = pgTable('latest_prices', {
  coingeckoId: text().primaryKey(),
  usd: decimal().notNull(),
  change24h: doublePrecision(),
  /** The source's own timestamp of the price. */
  lastUpdated: instant().notNull(),
  /** coingecko, simulated or fallback. */
  source: text().notNull(),
  /** When we stored it; alerts never fire on a price older than two poll intervals. */
  receivedAt: instant().notNull().defaultNow(),
});

/** Downsampled history: one price per coin and time bucket, for portfolio value charts. */
export const priceHistory = pgTable(
  'price_history',
  {
    coingeckoId: text().notNull(),
    bucketAt: instant().notNull(),
    usd: decimal().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.coingeckoId, t.bucketAt] }),
    index('price_history_bucket_idx').on(t.bucketAt),
  ],
);

/**
 * Display-currency rates: units of `currency` per US dollar, one row per currency and UTC day.
 * Today's row is moved by every poll; a past day's row is that day's last rate, which history is
 * converted with.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    rate: doublePrecision().notNull(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);

/**
 * CoinGecko's coin list as the poller role last read it (a few times a day): every API process checks
 * ids against it and answers coin search from it, so neither costs an upstream call. The rank and image
 * are set for the top coins by market cap only.
 */
export const listedCoins = pgTable('listed_coins', {
  coingeckoId: text().primaryKey(),
  symbol: text().notNull(),
  name: text().notNull(),
  marketCapRank: integer(),
  image: text(),
});

/** When the coin list was last refreshed and how many coins it had: one row, id 1. */
export const coinListState = pgTable(
  'coin_list_state',
  {
    id: smallint().primaryKey().default(1),
    refreshedAt: instant().notNull(),
    coins: integer().notNull(),
  },
  (t) => [check('coin_list_state_one_row', sql`${t.id} = 1`)],
);

/**
 * Past market prices read from a history source (CoinGecko's market_chart, or the simulated feed's
 * generated past), one per coin, currency, granularity and time: `daily` at UTC midnights, `hourly` at
 * the start of each hour. `at` is the start of the point's period and `price` the first price the source
 * gave within it. `source` says where each point came from.
 */
export const marketHistory = pgTable(
  'market_history',
  {
    coingeckoId: text().notNull(),
    currency: text().notNull(),
    /** daily or hourly. */
    granularity: text().notNull(),
    at: instant().notNull(),
    price: decimal().notNull(),
    /** coingecko, binance or simulated. */
    source: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.coingeckoId, t.currency, t.granularity, t.at] })],
);

/**
 * The spans of market history already asked of a source, whether or not it had points in them: a span
 * recorded here is never asked again, so history a user already has costs no upstream call.
 */
export const marketHistoryCoverage = pgTable(
  'market_history_coverage',
  {
    coingeckoId: text().notNull(),
    currency: text().notNull(),
    granularity: text().notNull(),
    fromAt: instant().notNull(),
    toAt: instant().notNull(),
    source: text().notNull(),
    fetchedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.coingeckoId, t.currency, t.granularity, t.fromAt] }),
    check('market_history_coverage_span', sql`${t.toAt} > ${t.fromAt}`),
  ],
);
