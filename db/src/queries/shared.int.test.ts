import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestUser, testEngines, type TestDatabase } from '../testing.ts';
import { outboxMessages } from '../schema/index.ts';
import { enqueueOutbox } from './outbox.ts';
import { withTryAdvisoryLock } from './locks.ts';
import { loadBillingInfo } from './billing.ts';
import { subscriptions, usagePeriods } from '../schema/index.ts';

const serverUrl = process.env.DATABASE_URL;

describe.each(testEngines(serverUrl))('outbox and advisory locks on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('enqueues a message once per dedupe key', async () => {
    const user = await createTestUser(database.db);
    const message = {
      channel: 'email' as const,
      kind: 'report',
      recipient: 'support@example.test',
      subject: 'Report',
      bodyText: 'hello',
      dedupeKey: `report:${user.id}:1`,
      userId: user.id,
    };
    const first = await enqueueOutbox(database.db, message);
    const second = await enqueueOutbox(database.db, { ...message, bodyText: 'again' });
    expect(first?.status).toBe('pending');
    expect(second).toBeNull();
    const rows = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, message.dedupeKey));
    expect(rows.map((r) => r.bodyText)).toEqual(['hello']);
  });

  it('rolls the message back with the transaction that wrote it', async () => {
    const key = `rollback:${Date.now()}`;
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueOutbox(tx, {
          channel: 'sms',
          kind: 'alert',
          recipient: '+15550001111',
          bodyText: 'x',
          dedupeKey: key,
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await database.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, key));
    expect(rows).toHaveLength(0);
  });

  it('runs a job under a free advisory lock and returns its value', async () => {
    await expect(withTryAdvisoryLock(database.db, 42_001, async () => 'done')).resolves.toEqual({
      ran: true,
      value: 'done',
    });
  });

  // PGlite is one session, so only a server can show a second session being turned away.
  if (engine === 'postgres')
    it('skips the job while another session holds the lock', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const holder = withTryAdvisoryLock(database.db, 42_002, async () => {
        entered();
        await held;
        return 'holder';
      });
      await inside;
      await expect(withTryAdvisoryLock(database.db, 42_002, async () => 'second')).resolves.toEqual({
        ran: false,
      });
      release();
      await expect(holder).resolves.toEqual({ ran: true, value: 'holder' });
      await expect(withTryAdvisoryLock(database.db, 42_002, async () => 'after')).resolves.toEqual({
        ran: true,
        value: 'after',
      });
    });

  it('reads billing info: no plan without a subscription, limits and usage of the period in force', async () => {
    const now = new Date('2026-11-10T00:00:00Z');
    const user = await createTestUser(database.db);
    const none = await loadBillingInfo(database.db, user.id, now);
    expect(none).toMatchObject({ plan: 'None', accountStatus: 'Pending', alertUsage: { remaining: 0 } });

    const periodStart = new Date('2026-11-01T00:00:00Z');
    await database.db.insert(subscriptions).values({
      userId: user.id,
      provider: 'local',
      planId: 'pro',
      status: 'active',
      currentPeriodStart: periodStart,
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
    });
    await database.db.insert(usagePeriods).values({
      userId: user.id,
      periodStart,
      periodEnd: new Date('2026-12-01T00:00:00Z'),
      notificationsSent: 7,
    });
    const info = await loadBillingInfo(database.db, user.id, now);
    expect(info).toMatchObject({
      plan: 'Token Run',
      accountStatus: 'Active',
      daysRemaining: 21,
      planLimits: { totalAlerts: 200 },
      alertUsage: { alertsSent: 7, remaining: 193 },
    });

    // The period ended and no renewal reached us yet: the new month's allowance is whole, as the alert
    // consumer counts it (usagePeriodAt), not the last month's leftovers.
    const later = await loadBillingInfo(database.db, user.id, new Date('2026-12-02T00:00:00Z'));
    expect(later.alertUsage).toEqual({ alertsSent: 0, remaining: 200 });
    await database.db.insert(usagePeriods).values({
      userId: user.id,
      periodStart: new Date('2026-12-01T00:00:00Z'),
      periodEnd: new Date('2027-01-01T00:00:00Z'),
      notificationsSent: 3,
    });
    expect(
      (await loadBillingInfo(database.db, user.id, new Date('2026-12-02T00:00:00Z'))).alertUsage,
    ).toEqual({
      alertsSent: 3,
      remaining: 197,
    });
  });
});
