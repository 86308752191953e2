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
  /** Run pending migrations before returning (default true). */
  migrate?: boolean;
  /** Pool size for postgres (default 10). */
  maxConnections?: number;
}

/**
 * Opens the database: postgres.js when a URL is given, PGlite under `dataDir` otherwise, with the
 * same drizzle API and the same migrations. Migrations are serialised by an advisory lock on
 * Postgres, and PGlite's directory is locked to one process.
 */
export async function connect(options: ConnectOptions): Promise<Database> {
  const runMigrations = options.migrate ?? true;
  if (options.databaseUrl) {
    if (runMigrations) await migratePostgresLocked(options.databaseUrl);
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      // JIT compiling pays off for long analytic queries, not for ours: the alert consumer's range query
      // (1,000 index probes) is costed high enough to trigger it and spent 15 ms compiling to run 5 ms.
      connection: { application_name: 'coinpace', jit: 'off' },
    });
    const db = drizzlePostgres({ client, schema, casing: 'snake_case' });
    return { db, engine: 'postgres', close: () => client.end({ timeout: 5 }) };
  }

  const dataDir = options.dataDir ?? 'memory://';
  let releaseLock = async () => {};
  let pglite: PGlite;
  if (dataDir.startsWith('memory://')) {
    pglite = new PGlite();
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    releaseLock = await acquireDirLock(path.resolve(dataDir, 'pglite.lock'));
    pglite = new PGlite(dir);
  }
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' });
  if (runMigrations) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
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
async function migratePostgresLocked(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgres(drizzlePostgres({ client, casing: 'snake_case' }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
