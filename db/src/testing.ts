/**
 * Test support: a fresh database per suite on either engine, and factories that create their own
 * users and holdings (STYLE.md, Tests). Not used by production code.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { connect, type AppDb, type Database } from './connect.ts';
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
