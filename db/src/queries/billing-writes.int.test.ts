import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyProviderWord, type LocalSubscriptionRecord } from '@coinpace/domain';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from '../testing.ts';
import {
  checkoutSessions,
  contactMessages,
  localCredentials,
  localCredits,
  outboxMessages,
  portfolioItems,
  alertDestinations,
  exchangeAccounts,
  subscriptions,
  usagePeriods,
  users,
} from '../schema/index.ts';
import {
  ensureUsagePeriod,
  findSubscription,
  findSubscriptionByRef,
  loadBillingInfo,
  lockSubscription,
  recordWebhookEvent,
  saveSubscriptionState,
  toSubscriptionMirror,
  toSubscriptionState,
} from './billing.ts';
import { createDbLocalPaymentStore } from './local-payments.ts';
import { deleteAccountData } from './account.ts';
import { ensureUser } from './users.ts';
import { enqueueOutbox } from './outbox.ts';

const serverUrl = process.env.DATABASE_URL;
const t = (iso: string) => new Date(iso);

describe.each(testEngines(serverUrl))('billing writes on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('locks a fresh row, saves state and links, and finds the row by its provider references', async () => {
    const { db } = database;
    const user = await createTestUser(db);
    await db.transaction(async (tx) => {
      const row = await lockSubscription(tx, user.id, 'stripe');
      expect(toSubscriptionState(row)).toMatchObject({ planId: null, status: 'none' });
      const { state: next } = applyProviderWord(toSubscriptionMirror(row), {
        subscriptionId: `sub_${user.id}`,
        ticket: 1,
        snapshot: {
          subscriptionId: `sub_${user.id}`,
          customerId: `cus_${user.id}`,
          planId: 'pro',
          status: 'active',
          cancelAtPeriodEnd: false,
          currentPeriodStart: t('2026-05-01T00:00:00Z'),
          currentPeriodEnd: t('2026-06-01T00:00:00Z'),
          itemId: 'si_1',
        },
      });
      await saveSubscriptionState(tx, user.id, next, {
        subscriptionId: `sub_${user.id}`,
        customerId: `cus_${user.id}`,
      });
    });
    const byCustomer = await findSubscriptionByRef(db, { customerId: `cus_${user.id}` });
    const bySub = await findSubscriptionByRef(db, {
      subscriptionId: `sub_${user.id}`,
      customerId: 'cus_other',
    });
    expect(byCustomer?.userId).toBe(user.id);
    expect(bySub?.userId).toBe(user.id);
    expect(await findSubscriptionByRef(db, { subscriptionId: 'sub_none', customerId: null })).toBeUndefined();
    expect((await loadBillingInfo(db, user.id, t('2026-05-11T00:00:00Z'))).plan).toBe('Token Run');
  });

  it('keeps the ids of ended subscriptions with the row, for the next reconciliation to read', async () => {
    const { db } = database;
    const user = await createTestUser(db);
    await db.transaction((tx) => lockSubscription(tx, user.id, 'stripe'));
    expect(toSubscriptionMirror(await findSubscription(db, user.id)).endedIds).toEqual([]);
    const canceled = { planId: null, status: 'canceled', cancelAtPeriodEnd: false } as const;
    await saveSubscriptionState(db, user.id, canceled, { endedSubscriptionIds: ['sub_a', 'sub_b'] });
    expect(toSubscriptionMirror(await findSubscription(db, user.id)).endedIds).toEqual(['sub_a', 'sub_b']);
  });

  it('starts a usage period once, keyed by its start', async () => {
    const user = await createTestUser(database.db);
    const period = { start: t('2026-05-01T00:00:00Z'), end: t('2026-06-01T00:00:00Z') };
    expect(await ensureUsagePeriod(database.db, user.id, period)).toBe(true);
    expect(await ensureUsagePeriod(database.db, user.id, period)).toBe(false);
    const rows = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(rows).toMatchObject([{ notificationsSent: 0, periodEnd: period.end }]);
  });

  it('records a webhook event id once', async () => {
    const id = `evt_${Date.now()}`;
    expect(
      await recordWebhookEvent(database.db, { eventId: id, provider: 'stripe', type: 'invoice.paid' }),
    ).toBe(true);
    expect(
      await recordWebhookEvent(database.db, { eventId: id, provider: 'stripe', type: 'invoice.paid' }),
    ).toBe(false);
  });

  it('keeps local checkouts and subscriptions, completing a session once', async () => {
    const { db } = database;
    const store = createDbLocalPaymentStore(db);
    const user = await createTestUser(db);
    const id = `local_${user.id}`;
    await store.insertSession({
      id,
      userId: user.id,
      planId: 'basic',
      successUrl: 'http://app.test/account?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app.test/dashboard',
      status: 'open',
      createdAt: t('2026-05-01T00:00:00Z'),
      expiresAt: t('2026-05-02T00:00:00Z'),
      completedAt: null,
    });
    const sub: LocalSubscriptionRecord = {
      id,
      userId: user.id,
      customerId: `local_customer_${user.id}`,
      planId: 'basic',
      status: 'active',
      cancelAtPeriodEnd: false,
      startedAt: t('2026-05-01T00:05:00Z'),
      currentPeriodStart: t('2026-05-01T00:05:00Z'),
      currentPeriodEnd: t('2026-06-01T00:05:00Z'),
    };
    expect(await store.completeSession(id, sub.startedAt, sub)).toBe(true);
    expect(await store.completeSession(id, t('2026-05-01T00:06:00Z'), { ...sub, planId: 'pro' })).toBe(false);
    expect(await store.closeSession(id, 'canceled')).toBe(false);
    expect(await store.findSession(id)).toMatchObject({ status: 'complete', completedAt: sub.startedAt });
    expect(await store.findSubscription(id)).toEqual(sub);

    await store.updateSubscription({ ...sub, planId: 'enterprise', cancelAtPeriodEnd: true });
    expect(await store.findSubscription(id)).toMatchObject({ planId: 'enterprise', cancelAtPeriodEnd: true });
    expect(await findSubscription(db, user.id)).toMatchObject({ provider: 'local', subscriptionId: id });

    // A new checkout after the end marks the row pending: the old subscription reads as ended, and a stale
    // write for it changes nothing.
    await db
      .update(subscriptions)
      .set({ status: 'pending', planId: null })
      .where(eq(subscriptions.userId, user.id));
    expect((await store.findSubscription(id))?.status).toBe('canceled');
    await store.updateSubscription({ ...sub, status: 'active' });
    expect((await findSubscription(db, user.id))?.status).toBe('pending');
    expect(await store.findSubscription('local_unknown')).toBeUndefined();
  });

  it("keeps a user's local credit, adding and using it, never below zero", async () => {
    const store = createDbLocalPaymentStore(database.db);
    const user = await createTestUser(database.db);
    expect(await store.creditOf(user.id)).toBe(0);
    await Promise.all([store.addCredit(user.id, 2980), store.addCredit(user.id, 20)]);
    expect(await store.creditOf(user.id)).toBe(3000);
    await store.addCredit(user.id, -599);
    expect(await store.creditOf(user.id)).toBe(2401);
    await store.addCredit(user.id, -5000);
    expect(await store.creditOf(user.id)).toBe(0);
  });

  it("deletes a user's data, keeping a scrubbed tombstone that no token can bring back", async () => {
    const { db } = database;
    const user = await createTestUser(db, { phone: '+15550001111' });
    const other = await createTestUser(db);
    await createTestHolding(db, user.id);
    await createTestHolding(db, other.id);
    await db.insert(localCredentials).values({ userId: user.id, email: user.email!, passwordHash: 'x' });
    await ensureUsagePeriod(db, user.id, {
      start: t('2026-05-01T00:00:00Z'),
      end: t('2026-06-01T00:00:00Z'),
    });
    await db.transaction((tx) => lockSubscription(tx, user.id, 'local'));
    // A downgrade's local credit goes with the account.
    await createDbLocalPaymentStore(db).addCredit(user.id, 2980);
    await enqueueOutbox(db, {
      channel: 'email',
      kind: 'alert',
      recipient: user.email!,
      bodyText: 'x',
      dedupeKey: `del:${user.id}`,
      userId: user.id,
    });
    // A webhook of the alert channels: its URL and sealed secret go with the account.
    await db.insert(alertDestinations).values({
      userId: user.id,
      kind: 'webhook',
      label: 'hook',
      target: 'https://hooks.example.test/x',
      secret: 'sealed',
      keyId: 'k1',
    });
    // An exchange account: its sealed API key goes with the account.
    await db.insert(exchangeAccounts).values({
      userId: user.id,
      exchange: 'binance',
      label: 'Main',
      credentials: 'sealed',
      keyId: 'k1',
    });
    const [contact] = await db
      .insert(contactMessages)
      .values({ name: 'A', email: 'a@example.test', message: 'hi', userId: user.id })
      .returning();

    const at = t('2026-05-20T00:00:00Z');
    await db.transaction((tx) => deleteAccountData(tx, user.id, at, { releaseSubject: false }));

    const [tomb] = await db.select().from(users).where(eq(users.id, user.id));
    expect(tomb).toMatchObject({
      email: null,
      firstName: null,
      phone: null,
      deletedAt: t('2026-05-20T00:00:00Z'),
    });
    for (const table of [
      portfolioItems,
      usagePeriods,
      subscriptions,
      checkoutSessions,
      localCredentials,
      localCredits,
      outboxMessages,
      alertDestinations,
      exchangeAccounts,
    ]) {
      expect(await db.select().from(table).where(eq(table.userId, user.id))).toHaveLength(0);
    }
    const [kept] = await db.select().from(contactMessages).where(eq(contactMessages.id, contact!.id));
    expect(kept?.userId).toBeNull();
    expect(await db.select().from(portfolioItems).where(eq(portfolioItems.userId, other.id))).toHaveLength(1);
    await expect(ensureUser(db, user.identitySubject)).rejects.toMatchObject({
      code: 'BAD_TOKEN',
      status: 401,
    });
  });
});
