import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { users } from './users.ts';

/** A balance as a chain reader last reported it (adapters' ChainBalance, flattened). */
export interface StoredWalletBalance {
  chain: string;
  /** The token's contract or mint; null for the chain's native coin. */
  token: string | null;
  symbol: string;
  decimals: number;
  amount: string;
  /** The coin list's id, or null for a token it does not know (listed with its contract, not priced). */
  coingeckoId: string | null;
}

/**
 * A public address (or Bitcoin extended public key) the user tracks. Only public data is kept: the
 * recognition in domain refuses private keys and seed phrases before a row is written.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    /** evm, bitcoin-address, bitcoin-xpub, solana or demo (domain WALLET_KINDS). */
    kind: text().notNull(),
    /** As domain recogniseAddress normalises it (EVM checksummed, bech32 lower case). */
    address: text().notNull(),
    /**
     * When the user proved the address is theirs by signing a Sign-In-with-Ethereum message (EIP-4361);
     * null while not proved.
     */
    verifiedAt: instant(),
    /** active: refreshed on schedule; stopped: a chain refused the address for good (see lastError). */
    status: text().notNull().default('active'),
    lastRefreshAt: instant(),
    /** When the running refresh took the wallet: one at a time, as exchange syncs (SYNC_LEASE_MS). */
    refreshingSince: instant(),
    lastError: text(),
    /**
     * When the syncs began failing (the first failure after one that worked, or since added); null while
     * they work. A sync_problem alert tells once per such episode.
     */
    failingSince: instant(),
    /** Where each chain's scan of transfers stopped (the port's ChainCursor per ChainId). */
    cursors: jsonb().$type<Record<string, Record<string, string | number>>>().notNull().default({}),
    /** The chains where the address has activity, as the last refresh found. */
    chains: jsonb().$type<string[]>().notNull().default([]),
    /** Every balance the last refresh read, per chain. */
    balances: jsonb().$type<StoredWalletBalance[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallets_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('wallets_user_address_key').on(t.userId, t.address),
  ],
);

/**
 * The nonces of Sign-In-with-Ethereum messages issued to prove a wallet is the user's: each names one
 * wallet, is used once (the row is deleted when a signature names it) and expires.
 */
export const walletSignInNonces = pgTable(
  'wallet_sign_in_nonces',
  {
    nonce: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid()
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_sign_in_nonces_wallet_idx').on(t.walletId)],
);
