/**
 * Test support: a fresh database per suite on either engine, and factories that create their own
 * users and holdings (STYLE.md, Tests). Not used by production code.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { connect, type AppDb, type Database } from './connect.ts';
import { portfolioItems, users } from './schema/index.ts';

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
 * server behind `serverUrl` and dropped on close.
 */
export async function createTestDatabase(engine: Engine, serverUrl?: string): Promise<TestDatabase> {
  if (engine === 'pglite') return connect({ dataDir: 'memory://' });
  if (!serverUrl) throw new Error('createTestDatabase(postgres) needs a server URL');
  const name = `coinpace_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await connect({ databaseUrl: url.toString(), maxConnections: 5 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
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
  return row!;
}
