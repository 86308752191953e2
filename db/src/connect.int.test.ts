import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from './connect.ts';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from './testing.ts';
import { ensureUser, findUserById, insertHoldings, listHoldings } from './index.ts';
import { latestPrices } from './schema/index.ts';

const serverUrl = process.env.DATABASE_URL;

describe.each(testEngines(serverUrl))('database on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps quantities and prices exact as numeric', async () => {
    const user = await createTestUser(database.db);
    await createTestHolding(database.db, user.id, {
      quantity: '0.123456789012345678',
      purchasePrice: '12345678.5',
    });
    const [row] = await listHoldings(database.db, user.id);
    expect(row!.quantity).toBe('0.123456789012345678');
    expect(row!.purchasePrice).toBe('12345678.5');
    expect(row!.currentPrice).toBe(0);
  });

  it('allows one holding per user and symbol, whatever the case', async () => {
    const user = await createTestUser(database.db);
    await createTestHolding(database.db, user.id, {
      symbol: 'ETH',
      coingeckoId: 'ethereum',
      name: 'Ethereum',
    });
    const created = await insertHoldings(database.db, user.id, [
      { symbol: 'eth', coingeckoId: 'ethereum', name: 'Ethereum', quantity: '2', purchasePrice: '0' },
      { symbol: 'SOL', coingeckoId: 'solana', name: 'Solana', quantity: '3', purchasePrice: '0' },
    ]);
    expect(created.map((c) => c.symbol)).toEqual(['SOL']);
    const other = await createTestUser(database.db);
    await expect(createTestHolding(database.db, other.id, { symbol: 'eth' })).resolves.toBeTruthy();
  });

  it('joins the latest price and computes gain/loss', async () => {
    const user = await createTestUser(database.db);
    await createTestHolding(database.db, user.id, {
      coingeckoId: 'dogecoin',
      symbol: 'DOGE',
      quantity: '100',
      purchasePrice: '0.1',
    });
    await database.db
      .insert(latestPrices)
      .values({
        coingeckoId: 'dogecoin',
        usd: '0.15',
        change24h: 2.5,
        lastUpdated: new Date(),
        source: 'coingecko',
      })
      .onConflictDoNothing();
    const [row] = await listHoldings(database.db, user.id);
    expect(row!.currentPrice).toBeCloseTo(0.15, 10);
    expect(row!.gainLoss).toBeCloseTo(5, 6);
    expect(row!.change24h).toBeCloseTo(2.5, 10);
  });

  it('creates a user once when two first requests race', async () => {
    const subject = `user_race_${randomBytes(4).toString('hex')}`;
    const [a, b] = await Promise.all([ensureUser(database.db, subject), ensureUser(database.db, subject)]);
    expect(a.id).toBe(b.id);
  });
});

describe.runIf(serverUrl)('migrations on Postgres', () => {
  it('run safely when two processes start at once', async () => {
    const name = `coinpace_t_mig_${randomBytes(4).toString('hex')}`;
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([
        connect({ databaseUrl: url.toString() }),
        connect({ databaseUrl: url.toString() }),
      ]);
      const result = await a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(Array.from(result as unknown as { n: number }[])[0]!.n).toBeGreaterThanOrEqual(1);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 180_000); // two migration runs at once: a hang guard only
});

describe('embedded database files', () => {
  it('persist across restarts and refuse a second open while in use', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'coinpace-db-'));
    try {
      const first = await connect({ dataDir: dir });
      const user = await createTestUser(first.db);
      await expect(connect({ dataDir: dir })).rejects.toThrow(/in use by process/);
      await first.close();
      const second = await connect({ dataDir: dir });
      const found = await findUserById(second.db, user.id);
      expect(found?.email).toBe(user.email);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000); // opens the embedded database three times: a hang guard only
});
