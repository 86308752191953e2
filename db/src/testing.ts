/**
 * Test support: a fresh database per suite on either engine, and factories that create their own
 * users and holdings (STYLE.md, Tests). Not used by production code.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { access, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { MIGRATIONS_FOLDER, connect, type AppDb, type Database } from './connect.ts';
import { holdingTransactions, latestPrices, portfolioItems, subscriptions, users } from './schema/index.ts';
import { openingTransaction } from './queries/portfolio.ts';

export type Engine = 'pglite' | 'postgres';

/**
 * The engines integration suites run on: PGlite always, Postgres too when a server URL is given
 * (CI sets DATABASE_URL).
 */
export function testEngines(databaseUrl: string | undefined): Engine[] {
  return databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** The URL of the fresh database (postgres engine only). */
  url?: string;
}

/**
 * A new, migrated, empty database: in-memory PGlite, or a database created for this suite on the
 * server behind `serverUrl` and dropped on close. Both start from a copy of a database the migrations
 * already ran on (see {@link migratedSnapshot} and {@link migratedTemplate}): running the 30-odd
 * migrations again for every suite cost seconds of CPU each time, hundreds of times per `npm test`.
 * `connect` still runs, and would apply, any migration the copy lacks.
 */
export async function createTestDatabase(engine: Engine, serverUrl?: string): Promise<TestDatabase> {
  if (engine === 'pglite') return connect({ dataDir: 'memory://', loadDataDir: await migratedSnapshot() });
  if (!serverUrl) throw new Error('createTestDatabase(postgres) needs a server URL');
  const template = await migratedTemplate(serverUrl);
  const name = `coinpace_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const database = await connect({ databaseUrl: url, maxConnections: 5 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A digest of the migrations (file names and contents): a copy made from other migrations is not used. */
let migrationsDigest: Promise<string> | undefined;
function digestOfMigrations(): Promise<string> {
  migrationsDigest ??= (async () => {
    const hash = createHash('sha256');
    const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true }))
      .map(String)
      .filter((file) => file.endsWith('.sql') || file.endsWith('_journal.json'))
      .sort();
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return migrationsDigest;
}

/** PGlite's version: files one version dumped are not given to another. */
async function pgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(await readFile(path.join(path.dirname(entry), '../package.json'), 'utf8'));
  return String((manifest as { version: string }).version);
}

/** Where the migrated PGlite files are kept between test files and runs (npm's cache folder convention). */
const SNAPSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/.cache/coinpace-test-db',
);

/**
 * The path of a tar of PGlite's files after every migration ran on an empty in-memory database, as
 * `dumpDataDir` writes them (a data directory's contents, for `tar -x` into one). Made once and kept in
 * node_modules/.cache under the migrations' digest; test files running at the same time may each make it,
 * and the last rename wins with the same content.
 */
let snapshotFile: Promise<string> | undefined;
export function migratedPgliteFiles(): Promise<string> {
  snapshotFile ??= (async () => {
    const file = path.join(SNAPSHOT_DIR, `pglite-${await pgliteVersion()}-${await digestOfMigrations()}.tar`);
    if (
      await access(file).then(
        () => true,
        () => false,
      )
    )
      return file;
    const fresh = await connect({ dataDir: 'memory://' });
    try {
      const dump = await (fresh.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      await mkdir(SNAPSHOT_DIR, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return file;
    } finally {
      await fresh.close();
    }
  })();
  snapshotFile.catch(() => (snapshotFile = undefined));
  return snapshotFile;
}

/** The files of {@link migratedPgliteFiles}, read once per process. */
let snapshot: Promise<Blob> | undefined;
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= migratedPgliteFiles().then(async (file) => new Blob([await readFile(file)]));
  snapshot.catch(() => (snapshot = undefined));
  return snapshot;
}

/** Key of the advisory lock under which one process at a time makes the template database. */
const TEMPLATE_LOCK_KEY = 7_220_502;

/**
 * The name of a database on `serverUrl`'s server that the migrations ran on, marked as a template that
 * takes no connections, for `create database ... template` to copy. Named by the migrations' digest and
 * kept on the server for later runs; made under an advisory lock, under another name first and renamed
 * when complete, so no process copies a half-migrated one.
 */
const templates = new Map<string, Promise<string>>();
function migratedTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makeTemplate(serverUrl);
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return template;
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const name = `coinpace_template_${await digestOfMigrations()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`;
    try {
      const [found] = await admin`select 1 from pg_database where datname = ${name}`;
      if (found) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.unsafe(`create database "${building}"`);
      try {
        const database = await connect({ databaseUrl: databaseUrl(serverUrl, building), maxConnections: 1 });
        await database.close();
        // The server ends a closed connection's backend a moment later; until then the rename is refused.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await admin.unsafe(`alter database "${building}" rename to "${name}"`);
            break;
          } catch (error) {
            if (attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } catch (error) {
        await admin.unsafe(`drop database if exists "${building}" with (force)`);
        throw error;
      }
      await admin.unsafe(`alter database "${name}" with is_template true allow_connections false`);
      return name;
    } finally {
      await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`;
    }
  } finally {
    await admin.end();
  }
}

/** Creates a user with a unique subject and e-mail. */
export async function createTestUser(db: AppDb, overrides: Partial<typeof users.$inferInsert> = {}) {
  const tag = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({
      identitySubject: `user_${tag}`,
      email: `user-${tag}@example.test`,
      firstName: 'Test',
      // Test users' contacts are confirmed unless a test says otherwise.
      emailVerifiedAt: new Date(),
      phoneVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return user!;
}

/** Creates a holding for a user. */
export async function createTestHolding(
  db: AppDb,
  userId: string,
  overrides: Partial<typeof portfolioItems.$inferInsert> = {},
) {
  const [row] = await db
    .insert(portfolioItems)
    .values({
      userId,
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      quantity: '1',
      purchasePrice: '30000',
      ...overrides,
    })
    .returning();
  // Its opening transaction, as insertHoldings writes.
  await db.insert(holdingTransactions).values(openingTransaction(row!));
  return row!;
}

/**
 * Puts a user on a paid plan directly (until the billing flow is merged, and for tests that are not
 * about billing): an active subscription whose period runs from `periodStart` for 30 days.
 */
export async function createTestSubscription(
  db: AppDb,
  userId: string,
  options: { planId?: 'basic' | 'pro' | 'enterprise'; periodStart?: Date; status?: string } = {},
) {
  const periodStart = options.periodStart ?? new Date(Date.now() - 24 * 60 * 60 * 1000);
  const values = {
    userId,
    provider: 'local',
    planId: options.planId ?? 'basic',
    status: options.status ?? 'active',
    currentPeriodStart: periodStart,
    currentPeriodEnd: new Date(periodStart.getTime() + 30 * 24 * 60 * 60 * 1000),
  };
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: values })
    .returning();
  return row!;
}

/** Stores a coin's latest accepted price as the poller would, received at `receivedAt` (default now). */
export async function setTestPrice(
  db: AppDb,
  coingeckoId: string,
  usd: number | string,
  options: { receivedAt?: Date; source?: string } = {},
) {
  const values = {
    coingeckoId,
    usd: String(usd),
    change24h: 0,
    lastUpdated: options.receivedAt ?? new Date(),
    source: options.source ?? 'coingecko',
    receivedAt: options.receivedAt ?? new Date(),
  };
  await db
    .insert(latestPrices)
    .values(values)
    .onConflictDoUpdate({ target: latestPrices.coingeckoId, set: values });
}
