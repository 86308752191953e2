import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  isPlanId,
  type LocalCheckoutRecord,
  type LocalCheckoutStatus,
  type LocalInvoiceRecord,
  type LocalPaymentStore,
  type LocalSubscriptionRecord,
  type PlanId,
} from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import { checkoutSessions, localCards, localCredits, localInvoices, subscriptions } from '../schema/index.ts';

const LOCAL = 'local';
/** Our statuses in which a local subscription is still running; anything else reads as ended. */
const RUNNING = ['active', 'trialing', 'past_due'];

/**
 * The local payment provider's store on the database (DESIGN.md section 3, embedded default), so local
 * checkouts and subscriptions outlive a restart.
 *
 * Sessions live in `checkout_sessions`. A local subscription has no processor behind it, so its provider-side
 * record is the user's `subscriptions` row itself (provider 'local', subscription_id = the session id): the
 * billing service reads it back through the port like any provider's. The row's own statuses 'none' and
 * 'pending' (set when the user starts a new checkout after the old subscription ended) read as 'canceled'.
 */
export function createDbLocalPaymentStore(db: AppDb): LocalPaymentStore {
  return {
    async insertSession(session) {
      await db.insert(checkoutSessions).values(session);
    },

    async findSession(id) {
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
      return row ? toSession(row) : undefined;
    },

    async completeSession(id, completedAt, sub) {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(checkoutSessions)
          .set({ status: 'complete', completedAt })
          .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
          .returning({ id: checkoutSessions.id });
        if (done.length === 0) return false;
        const values = {
          provider: LOCAL,
          customerId: sub.customerId,
          subscriptionId: sub.id,
          planId: sub.planId,
          status: sub.status,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          currentPeriodStart: sub.currentPeriodStart,
          currentPeriodEnd: sub.currentPeriodEnd,
          canceledAt: null,
        };
        await tx
          .insert(subscriptions)
          .values({ userId: sub.userId, ...values })
          .onConflictDoUpdate({ target: subscriptions.userId, set: values });
        return true;
      });
    },

    async closeSession(id, status) {
      const rows = await db
        .update(checkoutSessions)
        .set({ status })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
        .returning({ id: checkoutSessions.id });
      return rows.length > 0;
    },

    async expireOpenSessions(userId) {
      await db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'open')));
    },

    async findSubscription(id) {
      const [row] = await db
        .select({ sub: subscriptions, startedAt: checkoutSessions.completedAt })
        .from(subscriptions)
        .leftJoin(checkoutSessions, eq(checkoutSessions.id, subscriptions.subscriptionId))
        .where(and(eq(subscriptions.subscriptionId, id), eq(subscriptions.provider, LOCAL)))
        .limit(1);
      if (!row) return undefined;
      const { sub } = row;
      const start = sub.currentPeriodStart ?? row.startedAt ?? sub.createdAt;
      return {
        id,
        userId: sub.userId,
        customerId: sub.customerId ?? `local_customer_${sub.userId}`,
        planId: isPlanId(sub.planId) ? sub.planId : null,
        status: RUNNING.includes(sub.status) ? 'active' : 'canceled',
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        startedAt: row.startedAt ?? start,
        currentPeriodStart: start,
        currentPeriodEnd: sub.currentPeriodEnd ?? start,
      } satisfies LocalSubscriptionRecord;
    },

    async recordInvoice(invoice) {
      await db.insert(localInvoices).values(invoice).onConflictDoNothing();
    },

    async listInvoices(userId, limit) {
      const rows = await db
        .select()
        .from(localInvoices)
        .where(eq(localInvoices.userId, userId))
        .orderBy(desc(localInvoices.periodStart))
        .limit(limit);
      return rows.map((row) => ({ ...row, planId: row.planId as LocalInvoiceRecord['planId'] }));
    },

    async findCard(userId) {
      const [row] = await db.select().from(localCards).where(eq(localCards.userId, userId)).limit(1);
      return row;
    },

    async saveCard(card) {
      const { brand, last4, expMonth, expYear, updatedAt } = card;
      await db.insert(localCards).values(card).onConflictDoUpdate({
        target: localCards.userId,
        set: { brand, last4, expMonth, expYear, updatedAt },
      });
    },

    async creditOf(userId) {
      const [row] = await db.select().from(localCredits).where(eq(localCredits.userId, userId)).limit(1);
      return row?.creditCents ?? 0;
    },

    async addCredit(userId, deltaCents) {
      // One statement, so two changes at once both count.
      await db
        .insert(localCredits)
        .values({ userId, creditCents: Math.max(0, deltaCents) })
        .onConflictDoUpdate({
          target: localCredits.userId,
          set: { creditCents: sql`greatest(0, ${localCredits.creditCents} + ${deltaCents})` },
        });
    },

    async updateSubscription(sub) {
      await db
        .update(subscriptions)
        .set({
          planId: sub.planId,
          status: sub.status,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          currentPeriodStart: sub.currentPeriodStart,
          currentPeriodEnd: sub.currentPeriodEnd,
        })
        .where(
          and(
            eq(subscriptions.subscriptionId, sub.id),
            eq(subscriptions.provider, LOCAL),
            inArray(subscriptions.status, [...RUNNING, 'canceled']),
          ),
        );
    },
  };
}

function toSession(row: typeof checkoutSessions.$inferSelect): LocalCheckoutRecord {
  if (!isPlanId(row.planId)) throw new Error(`checkout session ${row.id} has unknown plan ${row.planId}`);
  return {
    id: row.id,
    userId: row.userId,
    planId: row.planId as PlanId,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    status: row.status as LocalCheckoutStatus,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    completedAt: row.completedAt,
  };
}
