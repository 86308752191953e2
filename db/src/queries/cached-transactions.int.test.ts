import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../connect.ts';
import { holdingTransactions } from '../schema/index.ts';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from '../testing.ts';
import { cachedUserTransactions } from './cached-transactions.ts';
import { findUserTransactionSpan, listUserTransactions } from './performance.ts';

const serverUrl = process.env.DATABASE_URL;
const at = (day: number) => new Date(Date.UTC(2024, 0, day));

/** What the cache answers must be what the database holds now, and the same for the span. */
async function expectCurrent(db: Database['db'], userId: string) {
  const cached = await cachedUserTransactions(db, userId);
  expect(cached.transactions.map(({ ...t }) => ({ ...t, currency: undefined }))).toEqual(
    (await listUserTransactions(db, userId)).map((t) => ({ ...t, currency: undefined })),
  );
  const span = await findUserTransactionSpan(db, userId);
  expect(cached.span).toEqual({ ...span, coinIds: [...span.coinIds].sort() });
  return cached;
}

describe.each(testEngines(serverUrl))('cached user transactions on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('shows every write of the transactions or holdings, however it was made', async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const btc = await createTestHolding(db, user.id, { quantity: '1', purchasePrice: '100' });
    const first = await expectCurrent(db, user.id);
    expect(first.transactions).toHaveLength(1);
    expect(await cachedUserTransactions(db, user.id)).toEqual(first);

    // Written as another process would: plain SQL, nothing in this process is told.
    await db.insert(holdingTransactions).values({
      holdingId: btc.id,
      userId: user.id,
      kind: 'buy',
      at: at(5),
      quantity: '2',
      pricePerCoin: '150',
      fee: '0',
    });
    expect((await expectCurrent(db, user.id)).transactions).toHaveLength(2);

    await db.execute(sql`update holding_transactions set quantity = '3' where user_id = ${user.id}
      and quantity = '2'`);
    expect((await expectCurrent(db, user.id)).transactions.map((t) => Number(t.quantity))).toContain(3);

    // A delete and an insert in one go keep the count: the stamp still changes.
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from holding_transactions where user_id = ${user.id} and quantity = '3'`);
      await tx.insert(holdingTransactions).values({
        holdingId: btc.id,
        userId: user.id,
        kind: 'sell',
        at: at(7),
        quantity: '0.5',
        pricePerCoin: '120',
        fee: '1',
      });
    });
    expect((await expectCurrent(db, user.id)).transactions.map((t) => t.kind).sort()).toEqual([
      'buy',
      'sell',
    ]);

    // The holding's coin decides the coin of its transactions.
    await db.execute(sql`update portfolio_items set coingecko_id = 'ethereum' where id = ${btc.id}`);
    expect((await expectCurrent(db, user.id)).span.coinIds).toEqual(['ethereum']);

    await db.execute(sql`delete from portfolio_items where id = ${btc.id}`);
    expect(await expectCurrent(db, user.id)).toEqual({
      span: { firstAt: null, coinIds: [] },
      transactions: [],
      stamp: '0:0',
    });
  });

  it('keeps users apart', async () => {
    const { db } = database;
    const [a, b] = [await createTestUser(db), await createTestUser(db)];
    await createTestHolding(db, a.id, { coingeckoId: 'bitcoin' });
    await createTestHolding(db, b.id, { coingeckoId: 'solana', symbol: 'SOL', name: 'Solana' });
    expect((await expectCurrent(db, a.id)).span.coinIds).toEqual(['bitcoin']);
    expect((await expectCurrent(db, b.id)).span.coinIds).toEqual(['solana']);
  });
});

// A second instance needs a database server both can reach (CI sets DATABASE_URL).
if (serverUrl) {
  describe('cached user transactions across instances', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase('postgres', serverUrl);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('shows a write made through a second connection to the same database, as another instance', async () => {
      const { db } = database;
      const other = await connect({ databaseUrl: database.url!, maxConnections: 1, migrate: false });
      try {
        const user = await createTestUser(db);
        const holding = await createTestHolding(db, user.id);
        expect((await expectCurrent(db, user.id)).transactions).toHaveLength(1);
        expect((await expectCurrent(other.db, user.id)).transactions).toHaveLength(1);
        await other.db.insert(holdingTransactions).values({
          holdingId: holding.id,
          userId: user.id,
          kind: 'buy',
          at: at(9),
          quantity: '4',
          pricePerCoin: '10',
          fee: '0',
        });
        expect((await expectCurrent(db, user.id)).transactions).toHaveLength(2);
        await db.execute(sql`delete from holding_transactions where holding_id = ${holding.id}
          and quantity = '4'`);
        expect((await expectCurrent(other.db, user.id)).transactions).toHaveLength(1);
      } finally {
        await other.close();
      }
    });
  });
}
