/**
 * Migration 0005 gives every existing holding one opening transaction, and no value a user
 * sees changes - neither as read nor once the holding's row is written again from its history.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { summarizePortfolio, toHoldingView, type HoldingRow } from '@coinpace/domain';
import { MIGRATIONS_FOLDER, connect, type AppDb, type Database } from './connect.ts';
import { changeHoldingHistory, readHoldingHistory } from './queries/holding-transactions.ts';
import { listHoldings } from './queries/portfolio.ts';
import { holdingTransactions, latestPrices, portfolioItems } from './schema/index.ts';
import { rowsOf } from './queries/locks.ts';
import { testEngines } from './testing.ts';

const serverUrl = process.env.DATABASE_URL;
/** The last migration before transactions existed. */
const PREVIOUS = '0004_contact_verification';

/** A migrations folder holding only the migrations up to PREVIOUS: the schema users have today. */
async function previousMigrations(dir: string): Promise<string> {
  const folder = path.join(dir, 'migrations');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === PREVIOUS);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const e of journal.entries) {
    await cp(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  }
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

/** Opens the same database twice on either engine: first with the given migrations, then with all. */
function opener(engine: 'pglite' | 'postgres', dir: string) {
  const name = `coinpace_t_mig_${randomBytes(4).toString('hex')}`;
  const url = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : '';
  return {
    async open(migrationsFolder?: string): Promise<Database> {
      if (engine === 'pglite') return connect({ dataDir: path.join(dir, 'data'), migrationsFolder });
      return connect({ databaseUrl: url, maxConnections: 2, migrationsFolder });
    },
    async create() {
      if (engine !== 'postgres') return;
      const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}"`);
      await admin.end();
    },
    async drop() {
      if (engine !== 'postgres') return;
      const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * A user as the schema of PREVIOUS has them: by SQL, since the ORM's table now names columns later
 * migrations added (users.cost_method, 0007).
 */
async function userOnPreviousSchema(db: AppDb): Promise<{ id: string }> {
  const tag = randomBytes(4).toString('hex');
  const result = await db.execute(
    sql`insert into users (identity_subject, email, first_name) values (${`user_${tag}`}, ${`user-${tag}@example.test`}, 'Test') returning id`,
  );
  return rowsOf<{ id: string }>(result)[0]!;
}

/** Holdings as users have them, odd ones included. */
const HOLDINGS = [
  { symbol: 'BTC', coingeckoId: 'bitcoin', quantity: '0.123456789012345678', purchasePrice: '12345678.5' },
  { symbol: 'ETH', coingeckoId: 'ethereum', quantity: '3', purchasePrice: '0' },
  { symbol: 'DOGE', coingeckoId: 'dogecoin', quantity: '1000000', purchasePrice: '0.000000000000000001' },
  { symbol: 'ODD', coingeckoId: null, quantity: '0', purchasePrice: '7.25' },
  {
    symbol: 'SOL',
    coingeckoId: 'solana',
    quantity: '999999999999999.999999999999999999',
    purchasePrice: '0.1',
  },
];

/** Everything the portfolio screen shows of a user's holdings: rows, views and the summary. */
function seen(rows: HoldingRow[]) {
  const stable = rows.map(({ updatedAt: _updated, ...rest }) => rest);
  const views = rows.map((r) => toHoldingView(r));
  return { rows: stable, views, summary: summarizePortfolio(views) };
}

describe.each(testEngines(serverUrl))('migration 0005 on %s', (engine) => {
  let dir = '';
  let database: Database | undefined;
  let db: ReturnType<typeof opener> | undefined;
  afterAll(async () => {
    await database?.close();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gives each holding one opening transaction and changes nothing a user sees', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'coinpace-mig-'));
    db = opener(engine, dir);
    await db.create();
    database = await db.open(await previousMigrations(dir));
    const users = [await userOnPreviousSchema(database.db), await userOnPreviousSchema(database.db)];
    for (const [i, user] of users.entries()) {
      await database.db.insert(portfolioItems).values(
        HOLDINGS.slice(i).map((h) => ({
          ...h,
          userId: user.id,
          name: h.symbol,
          createdAt: new Date(Date.UTC(2025, i, 1 + HOLDINGS.indexOf(h))),
        })),
      );
    }
    await database.db
      .insert(latestPrices)
      .values([
        {
          coingeckoId: 'bitcoin',
          usd: '95000.5',
          change24h: -1.5,
          lastUpdated: new Date(),
          source: 'coingecko',
        },
        { coingeckoId: 'ethereum', usd: '3200', change24h: 2, lastUpdated: new Date(), source: 'coingecko' },
        {
          coingeckoId: 'solana',
          usd: '150.25',
          change24h: null,
          lastUpdated: new Date(),
          source: 'coingecko',
        },
      ])
      .onConflictDoNothing();
    const before = await Promise.all(users.map(async (u) => seen(await listHoldings(database!.db, u.id))));
    await database.close();

    database = await db.open();
    const after = await Promise.all(users.map(async (u) => seen(await listHoldings(database!.db, u.id))));
    expect(after).toEqual(before);

    const opening = await database.db.select().from(holdingTransactions);
    expect(opening).toHaveLength(HOLDINGS.length + HOLDINGS.length - 1);
    for (const [i, user] of users.entries()) {
      for (const row of await listHoldings(database.db, user.id)) {
        const history = await readHoldingHistory(database.db, user.id, row.id, 'average');
        expect(history.status).toBe('ok');
        if (history.status !== 'ok') continue;
        expect(history.transactions).toHaveLength(1);
        expect(history.transactions[0]!.at.toISOString()).toBe(row.createdAt);
        expect(history.derived.quantity).toBe(row.quantity);
        expect(history.derived.averageCost).toBe(row.purchasePrice);
        // Written again from the history: the row still says the same.
        const rewritten = await changeHoldingHistory(database.db, user.id, row.id, { op: 'rederive' });
        expect(rewritten.status === 'impossible' ? rewritten.problem.message : 'ok').toBe('ok');
      }
      const again = seen(await listHoldings(database.db, user.id));
      expect(again).toEqual(before[i]);
    }
  }, 180_000); // every migration on a fresh database, on a machine CI may share: a hang guard only
});
