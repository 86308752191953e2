import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { users } from './users.ts';

/** A balance as the exchange last reported it (adapters' ExchangeBalance). */
export interface StoredExchangeBalance {
  asset: string;
  total: string;
  wallet: string;
}

/**
 * An exchange account the user connected with a read-only API key. The key is sealed (secrets at rest,
 * adapters/src/secrets): `credentials` opens only with the key `keyId` names, and no route returns it.
 */
export const exchangeAccounts = pgTable(
  'exchange_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The connector's exchange id ('binance', 'kraken', 'demo'). */
    exchange: text().notNull(),
    label: text().notNull(),
    /** The sealed JSON of the API key, secret and passphrase. */
    credentials: text().notNull(),
    /** Id of the secrets key that sealed `credentials`. */
    keyId: text().notNull(),
    /** active: synced on schedule; stopped: the key was refused for good (revoked, wrong), until reconnected. */
    status: text().notNull().default('active'),
    lastSyncAt: instant(),
    /**
     * When the running sync took the account or last renewed its hold: one sync per account at a time. A
     * running sync renews it every few seconds; one whose worker died holds it until it is older than the
     * lease (SYNC_LEASE_MS).
     */
    syncingSince: instant(),
    /**
     * When a sync was last asked for (connect, "Sync now") and not yet finished: the account shows as
     * syncing while its job waits for a worker. Cleared by the end of the next sync, done or failed.
     */
    syncRequestedAt: instant(),
    /** Why the last sync failed, in words for the user; null after a sync that worked. */
    /**
     * When the syncs began failing (the first failure after one that worked, or since added); null while
     * they work. A sync_problem alert tells once per such episode.
     */
    failingSince: instant(),
    lastError: text(),
    /** Where the last stored page of movements ended (the port's SyncCursor); null before the first sync. */
    cursor: jsonb().$type<Record<string, string | number>>(),
    /** Asset codes the syncs could not map to a coin (upper case, sorted); their movements wait. */
    unmappedAssets: jsonb().$type<string[]>(),
    /** The balances the last sync read, for the holding screen's reconciliation. */
    balances: jsonb().$type<StoredExchangeBalance[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('exchange_accounts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The user's choice of coin for an exchange's asset code where the symbol is ambiguous (two coins share
 * 'UNI'): it wins over the coin list.
 */
export const exchangeAssetOverrides = pgTable(
  'exchange_asset_overrides',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Upper-case asset code. */
    asset: text().notNull(),
    coingeckoId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.asset] })],
);
