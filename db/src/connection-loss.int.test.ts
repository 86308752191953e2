import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const serverUrl = process.env.DATABASE_URL;

/**
 * A transaction whose connection dies mid-query: postgres.js writes its own ROLLBACK on the dead
 * connection. Unpatched, that write runs later on a socket already gone and throws from a timer, where
 * no caller can catch it, and the whole process exits (every role stopped on a Postgres outage).
 */
describe.runIf(serverUrl)('a connection lost inside a transaction', () => {
  let database: TestDatabase;
  let killer: postgres.Sql;
  const uncaught: unknown[] = [];
  const keep = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await createTestDatabase('postgres', serverUrl);
    killer = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    process.on('uncaughtException', keep);
  });
  afterEach(() => {
    uncaught.length = 0;
  });
  afterAll(async () => {
    process.off('uncaughtException', keep);
    await killer?.end({ timeout: 5 });
    await database?.close();
  });

  const pid = async (tx: { execute: typeof database.db.execute }) => {
    const rows = await tx.execute(sql`select pg_backend_pid() as pid`);
    return Number(Array.from(rows as unknown as { pid: number }[])[0]!.pid);
  };

  it('rejects the transaction, throws nothing from a timer, and the pool serves the next query', async () => {
    let backend: number | undefined;
    const transaction = database.db.transaction(async (tx) => {
      backend = await pid(tx);
      await tx.execute(sql`select pg_sleep(5)`);
    });
    const outcome = transaction.then(
      () => 'committed',
      (error: Error) => error.message,
    );
    while (backend === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    await killer`select pg_terminate_backend(${backend})`;

    expect(await outcome).not.toBe('committed');
    // The driver's ROLLBACK write waits for the next turn of the event loop; give it several.
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(uncaught).toEqual([]);

    const after = await database.db.execute(sql`select 1 as one`);
    expect(Array.from(after as unknown as { one: number }[])[0]!.one).toBe(1);
  }, 60_000); // a hang guard only

  it('leaves no connection unable to send: every pooled connection answers after a loss in each', async () => {
    // Lose a connection inside a transaction on every slot of the pool, then use all of them at once:
    // a connection left with a stale write timer would never send its next query (this would hang), and
    // one left holding its backend's last error would fail its next query with that old error.
    for (let round = 0; round < 5; round += 1) {
      let backend: number | undefined;
      const transaction = database.db
        .transaction(async (tx) => {
          backend = await pid(tx);
          await tx.execute(sql`select pg_sleep(5)`);
        })
        .catch(() => undefined);
      while (backend === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      await killer`select pg_terminate_backend(${backend})`;
      await transaction;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => database.db.execute(sql`select ${i}::int as i, pg_sleep(0.05)`)),
    );
    expect(answers.map((rows) => Array.from(rows as unknown as { i: number }[])[0]!.i)).toEqual(
      Array.from({ length: 10 }, (_, i) => i),
    );
    expect(uncaught).toEqual([]);
  }, 60_000); // a hang guard only
});
