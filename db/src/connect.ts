import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { acquireDirLock } from './dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one drizzle API both engines give. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; same query API as AppDb. */
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

/** Key of the advisory lock that serialises migrations between processes starting together. */
const MIGRATION_LOCK_KEY = 7_220_501;

export interface Database {
  db: AppDb;
  engine: 'postgres' | 'pglite';
  /** Closes the pool (postgres) or the embedded database (pglite). */
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; ignored with a URL. 'memory://' keeps nothing. */
  dataDir?: string;
  /**
   * With 'memory://': the files to start from, as PGlite's `dumpDataDir` wrote them (test databases start
   * from one already migrated). Pending migrations still run.
   */
  loadDataDir?: Blob;
  /** Run pending migrations before returning (default true). */
  migrate?: boolean;
  /** Pool size for postgres (default 10). */
  maxConnections?: number;
  /**
   * The SQL migrations (default `db/drizzle` beside this file). The built server passes its own
   * path, because in a bundle this module's location is the bundle's.
   */
  migrationsFolder?: string;
  /**
   * Postgres: the server cancels a statement running longer than this, ms; 0 for none. Default
   * {@link DEFAULT_STATEMENT_TIMEOUT_MS}.
   */
  statementTimeoutMs?: number;
}

/**
 * How long opening a Postgres connection may take, in seconds (postgres.js waits 30 by default). With
 * the short reconnect pause below, a request made while the database is down fails within about two
 * seconds, and the API answers 503 instead of hanging.
 */
export const CONNECT_TIMEOUT_S = 1.5;
/** The longest pause between connection attempts after failures, seconds (postgres.js: up to 20). */
export const MAX_RECONNECT_PAUSE_S = 0.5;
/** Default `statementTimeoutMs`: no request or job statement of ours needs longer. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/** Idle pool connections are closed after this many seconds, so none outlives a server restart long. */
const IDLE_TIMEOUT_S = 60;

/**
 * Opens the database: postgres.js when a URL is given, PGlite under `dataDir` otherwise, with the
 * same drizzle API and the same migrations. Migrations are serialised by an advisory lock on
 * Postgres, and PGlite's directory is locked to one process.
 */
export async function connect(options: ConnectOptions): Promise<Database> {
  const runMigrations = options.migrate ?? true;
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.databaseUrl) {
    if (runMigrations) await migratePostgresLocked(options.databaseUrl, migrationsFolder);
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_S,
      idle_timeout: IDLE_TIMEOUT_S,
      // postgres.js pauses up to 20 s between attempts after failures, and a query waits out the pause:
      // requests hung 11-15 s during an outage and recovered that late after it.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, MAX_RECONNECT_PAUSE_S),
      // JIT compiling pays off for long analytic queries, not for ours: the alert consumer's range query
      // (1,000 index probes) is costed high enough to trigger it and spent 15 ms compiling to run 5 ms.
      connection: {
        application_name: 'coinpace',
        jit: 'off',
        statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      },
    });
    const db = drizzlePostgres({ client, schema, casing: 'snake_case' });
    return { db, engine: 'postgres', close: () => client.end({ timeout: 5 }) };
  }

  const dataDir = options.dataDir ?? 'memory://';
  let releaseLock = async () => {};
  let pglite: PGlite;
  if (dataDir.startsWith('memory://')) {
    pglite = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    releaseLock = await acquireDirLock(path.resolve(dataDir, 'pglite.lock'));
    pglite = new PGlite(dir);
  }
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' });
  if (runMigrations) await migratePglite(db, { migrationsFolder });
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await pglite.close();
      await releaseLock();
    },
  };
}

/** Applies migrations on one dedicated connection that holds the migration advisory lock. */
async function migratePostgresLocked(url: string, migrationsFolder: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgres(drizzlePostgres({ client, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
