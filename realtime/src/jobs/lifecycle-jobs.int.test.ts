import {
  betaSignups,
  contactMessages,
  outboxMessages,
  portfolioItems,
  subscriptions,
  users,
  type AppDb,
} from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClerkAdmin } from '@coinpace/adapters';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLifecycleJobs, startLifecycleJobs } from './lifecycle-jobs.ts';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-03-01T09:00:00Z');
const day = (n: number) => new Date(T0.getTime() + n * DAY);
const PUBLIC_URL = 'https://coinpace.test';

/** Runs one pass with the clock moved to day `n` after T0. */
const runOn = (db: AppDb, n: number) => runLifecycleJobs({ db, publicUrl: PUBLIC_URL, now: () => day(n) });

async function userRow(db: AppDb, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function messagesFor(db: AppDb, userId: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.userId, userId));
}

/**
 * A local server answering Clerk's Backend API route for deleting users (DELETE /v1/users/{id}), as Clerk
 * does: the deleted object, 404 for an unknown user, and 500 while `failing` is set.
 */
interface FakeClerk {
  url: string;
  known: Set<string>;
  deleted: string[];
  failing: boolean;
  server: Server;
}

async function startFakeClerk(): Promise<FakeClerk> {
  const clerk: FakeClerk = { url: '', known: new Set(), deleted: [], failing: false, server: createServer() };
  clerk.server.on('request', (req, res) => {
    res.setHeader('content-type', 'application/json');
    const id = /^\/v1\/users\/([^/]+)$/.exec(req.url ?? '')?.[1];
    if (clerk.failing) {
      res.statusCode = 500;
      res.end(JSON.stringify({ errors: [{ code: 'internal_error', message: 'boom' }] }));
    } else if (req.method === 'DELETE' && id && clerk.known.delete(id)) {
      clerk.deleted.push(id);
      res.end(JSON.stringify({ object: 'user', id, deleted: true }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ errors: [{ code: 'resource_not_found', message: 'not found' }] }));
    }
  });
  await new Promise<void>((resolve) => clerk.server.listen(0, '127.0.0.1', resolve));
  clerk.url = `http://127.0.0.1:${(clerk.server.address() as AddressInfo).port}`;
  return clerk;
}

describe.each(testEngines(process.env.DATABASE_URL))('lifecycle jobs on %s', (engine) => {
  let database: TestDatabase;
  let db: AppDb;
  beforeAll(async () => {
    database = await createTestDatabase(engine, process.env.DATABASE_URL);
    db = database.db;
  });
  afterAll(() => database?.close());

  it('warns a never-upgraded account once on day 11 and deletes it once on day 14; paid accounts stay', async () => {
    const free = await createTestUser(db, { createdAt: T0, firstName: 'Ada', email: 'ada@example.test' });
    await createTestHolding(db, free.id);
    const paid = await createTestUser(db, { createdAt: T0 });
    await db.insert(subscriptions).values({
      userId: paid.id,
      provider: 'local',
      planId: 'basic',
      status: 'active',
      currentPeriodStart: day(1),
      currentPeriodEnd: day(31),
    });
    const endingPaid = await createTestUser(db, { createdAt: T0 });
    await db.insert(subscriptions).values({
      userId: endingPaid.id,
      provider: 'local',
      planId: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodStart: day(1),
      currentPeriodEnd: day(31),
    });

    expect(await runOn(db, 10.9)).toEqual({ warned: 0, deleted: 0, betaPurged: 0, contactPurged: 0 });
    expect(await messagesFor(db, free.id)).toHaveLength(0);

    expect(await runOn(db, 11)).toMatchObject({ warned: 1, deleted: 0 });
    const [warning] = await messagesFor(db, free.id);
    expect(warning).toMatchObject({
      channel: 'email',
      kind: 'lifecycle',
      recipient: 'ada@example.test',
      status: 'pending',
      subject: 'Your Coinpace account will be deleted on March 15, 2026',
    });
    expect(warning!.bodyText).toContain('Hi Ada,');
    expect(warning!.bodyText).toContain('deleted 14 days after registration');
    expect(warning!.bodyText).toContain(`${PUBLIC_URL}/account`);
    expect((await userRow(db, free.id)).deletionWarnedAt).toEqual(day(11));

    // Later passes before day 14 send nothing more.
    expect(await runOn(db, 11)).toMatchObject({ warned: 0, deleted: 0 });
    expect(await runOn(db, 13.9)).toMatchObject({ warned: 0, deleted: 0 });
    expect(await messagesFor(db, free.id)).toHaveLength(1);

    expect(await runOn(db, 14)).toMatchObject({ warned: 0, deleted: 1 });
    const gone = await userRow(db, free.id);
    expect(gone).toMatchObject({ email: null, firstName: null, phone: null, deletedAt: day(14) });
    expect(gone.identitySubject).toBe(`deleted_${free.id}`);
    expect(await db.select().from(portfolioItems).where(eq(portfolioItems.userId, free.id))).toHaveLength(0);
    expect(await messagesFor(db, free.id)).toHaveLength(0);

    expect(await runOn(db, 15)).toMatchObject({ warned: 0, deleted: 0 });
    expect(await runOn(db, 400)).toMatchObject({ warned: 0, deleted: 0 });
    for (const kept of [paid, endingPaid]) {
      const row = await userRow(db, kept.id);
      expect(row.deletedAt).toBeNull();
      expect(row.deletionWarnedAt).toBeNull();
      expect(await messagesFor(db, kept.id)).toHaveLength(0);
    }
  });

  it('after a cancellation counts the 14 days from the end of the billing cycle', async () => {
    const base = 500; // days after T0, clear of the other tests' clocks
    const user = await createTestUser(db, { createdAt: day(base) });
    await db.insert(subscriptions).values({
      userId: user.id,
      provider: 'local',
      planId: null,
      status: 'canceled',
      currentPeriodStart: day(base + 2),
      currentPeriodEnd: day(base + 32),
    });

    expect(await runOn(db, base + 14)).toMatchObject({ warned: 0, deleted: 0 });
    expect(await runOn(db, base + 42.9)).toMatchObject({ warned: 0, deleted: 0 });
    expect(await runOn(db, base + 43)).toMatchObject({ warned: 1, deleted: 0 });
    const [warning] = await messagesFor(db, user.id);
    expect(warning!.bodyText).toContain('after their last billing period ends');
    expect(await runOn(db, base + 45.9)).toMatchObject({ warned: 0, deleted: 0 });
    expect(await runOn(db, base + 46)).toMatchObject({ warned: 0, deleted: 1 });
    expect((await userRow(db, user.id)).deletedAt).toEqual(day(base + 46));
  });

  it('deletes an account with no e-mail on day 14 without a warning', async () => {
    const base = 1000;
    const user = await createTestUser(db, { createdAt: day(base), email: null });
    expect(await runOn(db, base + 11)).toMatchObject({ warned: 0, deleted: 0 });
    expect(await runOn(db, base + 14)).toMatchObject({ warned: 0, deleted: 1 });
    expect((await userRow(db, user.id)).deletedAt).not.toBeNull();
  });

  it('purges beta waitlist entries older than two years', async () => {
    const now = day(2000);
    const old = new Date(now.getTime());
    old.setUTCFullYear(old.getUTCFullYear() - 2);
    await db.insert(betaSignups).values([
      {
        email: 'old@example.test',
        tradingKnowledge: 'expert',
        wallet: 'ledger',
        createdAt: new Date(old.getTime() - 1000),
      },
      {
        email: 'recent@example.test',
        tradingKnowledge: 'beginner',
        wallet: 'other',
        createdAt: new Date(old.getTime() + 1000),
      },
    ]);
    expect(await runOn(db, 2000)).toMatchObject({ betaPurged: 1 });
    expect((await db.select().from(betaSignups)).map((r) => r.email)).toEqual(['recent@example.test']);
    expect(await runOn(db, 2000)).toMatchObject({ betaPurged: 0 });
  });

  it('purges contact messages a year after they were sent, as the privacy page says', async () => {
    const base = 2500;
    const yearAgo = new Date(day(base).getTime());
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    await db.insert(contactMessages).values([
      {
        name: 'Old',
        email: 'old@example.test',
        message: 'hello',
        createdAt: new Date(yearAgo.getTime() - 1000),
      },
      {
        name: 'New',
        email: 'new@example.test',
        message: 'hello',
        createdAt: new Date(yearAgo.getTime() + 1000),
      },
    ]);
    expect(await runOn(db, base)).toMatchObject({ contactPurged: 1 });
    expect((await db.select().from(contactMessages)).map((r) => r.email)).toContain('new@example.test');
    expect((await db.select().from(contactMessages)).map((r) => r.email)).not.toContain('old@example.test');
    expect(await runOn(db, base)).toMatchObject({ contactPurged: 0 });
  });

  it('is safe with several workers running the same pass at once', async () => {
    const base = 3000;
    const accounts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createTestUser(db, { createdAt: day(base), email: `w${i}@example.test` }),
      ),
    );
    const runs = await Promise.all(Array.from({ length: 4 }, () => runOn(db, base + 11)));
    const ran = runs.filter((r) => r !== null);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(ran.reduce((sum, r) => sum + r!.warned, 0)).toBe(5);
    for (const account of accounts) expect(await messagesFor(db, account.id)).toHaveLength(1);

    const deletions = await Promise.all(Array.from({ length: 4 }, () => runOn(db, base + 14)));
    expect(deletions.reduce((sum, r) => sum + (r?.deleted ?? 0), 0)).toBe(5);
  });

  it('the day-14 purge deletes the Clerk user too when CLERK_SECRET_KEY is set; a Clerk failure keeps the account', async () => {
    const base = 5000;
    const clerk = await startFakeClerk();
    try {
      const identityAdmin = createClerkAdmin({ secretKey: 'sk_test_purge', apiUrl: clerk.url });
      const run = (n: number) =>
        runLifecycleJobs({ db, publicUrl: PUBLIC_URL, now: () => day(n), identityAdmin });
      const user = await createTestUser(db, {
        createdAt: day(base),
        email: null,
        identitySubject: 'user_2purge',
      });
      const local = await createTestUser(db, {
        createdAt: day(base),
        email: null,
        identitySubject: 'local_purge',
      });
      clerk.known.add('user_2purge');

      clerk.failing = true;
      expect(await run(base + 14)).toMatchObject({ deleted: 1 });
      expect((await userRow(db, user.id)).deletedAt).toBeNull();
      expect((await userRow(db, local.id)).deletedAt).toEqual(day(base + 14));

      clerk.failing = false;
      expect(await run(base + 14.1)).toMatchObject({ deleted: 1 });
      expect(clerk.deleted).toEqual(['user_2purge']);
      expect((await userRow(db, user.id)).deletedAt).toEqual(day(base + 14.1));
    } finally {
      await new Promise<void>((resolve) => clerk.server.close(() => resolve()));
    }
  });

  it('runs a pass as soon as the worker starts, and stop() waits for it', async () => {
    const base = 4000;
    const user = await createTestUser(db, { createdAt: day(base) });
    const scheduler = startLifecycleJobs({
      db,
      publicUrl: PUBLIC_URL,
      now: () => day(base + 11),
      intervalMs: 3_600_000,
    });
    await scheduler.stop();
    expect((await userRow(db, user.id)).deletionWarnedAt).toEqual(day(base + 11));
  });
});
