import { and, eq, sql } from 'drizzle-orm';
import {
  billingView,
  hasActivePlan,
  isPlanId,
  usagePeriodAt,
  type BillingInfo,
  type SubscriptionMirror,
  type SubscriptionState,
  type SubscriptionStatus,
} from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { rowsOf } from './locks.ts';
import { processedWebhookEvents, subscriptions, usagePeriods } from '../schema/index.ts';

export type SubscriptionRecord = typeof subscriptions.$inferSelect;

/** The state-machine view of a subscription row; a user without a row has no plan. */
export function toSubscriptionState(row: SubscriptionRecord | undefined): SubscriptionState {
  if (!row) return { planId: null, status: 'none', cancelAtPeriodEnd: false };
  return {
    planId: isPlanId(row.planId) ? row.planId : null,
    status: row.status as SubscriptionStatus,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodStart: row.currentPeriodStart ?? undefined,
    currentPeriodEnd: row.currentPeriodEnd ?? undefined,
    syncedAt: row.lastEventAt ?? undefined,
  };
}

/** The row as reconciliation sees it: the state, the subscription it is about, the last ticket applied. */
export function toSubscriptionMirror(row: SubscriptionRecord | undefined): SubscriptionMirror {
  return {
    state: toSubscriptionState(row),
    subscriptionId: row?.subscriptionId ?? null,
    ticket: row?.truthTicket ?? null,
    endedIds: row?.endedSubscriptionIds ?? [],
  };
}

/**
 * Draws the ticket of a read of the provider, before the read starts (domain ProviderWord): one database
 * sequence, so reads made by different processes are ordered too, with no clock involved.
 */
export async function nextTruthTicket(db: AppDb | AppTx): Promise<number> {
  const result = await db.execute(sql`select nextval('subscription_truth_seq')::text as ticket`);
  const [first] = rowsOf<{ ticket: string }>(result);
  if (!first) throw new Error('subscription_truth_seq gave no ticket');
  return Number(first.ticket);
}

export async function findSubscription(
  db: AppDb | AppTx,
  userId: string,
): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/**
 * The usage row of the period notifications are counted in at `now` (`usagePeriodAt`, the same key the
 * alert consumer counts under), or undefined when nothing was counted in it yet, or the user has no plan.
 */
export async function findCurrentUsage(
  db: AppDb | AppTx,
  userId: string,
  state: SubscriptionState,
  now: Date,
): Promise<typeof usagePeriods.$inferSelect | undefined> {
  if (!hasActivePlan(state)) return undefined;
  const { start } = usagePeriodAt(state, now);
  const [row] = await db
    .select()
    .from(usagePeriods)
    .where(and(eq(usagePeriods.userId, userId), eq(usagePeriods.periodStart, start)))
    .limit(1);
  return row;
}

/** The billing info of SPEC.md section 3 for one user at `now` (GET /api/billing/user). */
export async function loadBillingInfo(db: AppDb | AppTx, userId: string, now: Date): Promise<BillingInfo> {
  const state = toSubscriptionState(await findSubscription(db, userId));
  const usage = await findCurrentUsage(db, userId, state, now);
  return billingView(state, { alertsSent: usage?.notificationsSent ?? 0 }, now);
}

/** Provider references of a subscription row, kept so webhooks find their user. */
export interface SubscriptionLink {
  provider?: string;
  customerId?: string | null;
  subscriptionId?: string | null;
}

/**
 * The user's subscription row, created empty on first use and locked (`FOR UPDATE`) until the transaction
 * ends, so a webhook and a read-back applying at once for one user take turns.
 */
export async function lockSubscription(
  tx: AppTx,
  userId: string,
  provider: string,
): Promise<SubscriptionRecord> {
  await tx.insert(subscriptions).values({ userId, provider }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update')
    .limit(1);
  if (!row) throw new Error(`subscription row of user ${userId} vanished`);
  return row;
}

/** The references and reconciliation marks saved beside a state; absent fields are left as they are. */
export interface SubscriptionRowLink extends SubscriptionLink {
  canceledAt?: Date | null;
  truthTicket?: number | null;
  endedSubscriptionIds?: readonly string[];
}

/** Writes a state-machine state (and provider references, when given) to the user's row. */
export async function saveSubscriptionState(
  db: AppDb | AppTx,
  userId: string,
  state: SubscriptionState,
  link: SubscriptionRowLink = {},
): Promise<void> {
  const refs = Object.fromEntries(Object.entries(link).filter(([, value]) => value !== undefined));
  await db
    .update(subscriptions)
    .set({
      planId: state.planId,
      status: state.status,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      currentPeriodStart: state.currentPeriodStart ?? null,
      currentPeriodEnd: state.currentPeriodEnd ?? null,
      lastEventAt: state.syncedAt ?? null,
      ...refs,
    })
    .where(eq(subscriptions.userId, userId));
}

/** The row a provider subscription (preferred) or customer belongs to; how webhooks find their user. */
export async function findSubscriptionByRef(
  db: AppDb | AppTx,
  ref: { subscriptionId?: string | null; customerId?: string | null },
): Promise<SubscriptionRecord | undefined> {
  if (ref.subscriptionId) {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.subscriptionId, ref.subscriptionId))
      .limit(1);
    if (row) return row;
  }
  if (ref.customerId) {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, ref.customerId))
      .limit(1);
    return row;
  }
  return undefined;
}

/**
 * Starts the usage period beginning at `start` (DESIGN.md section 5, Allowance): a row keyed by the period's
 * start, with nothing counted yet. Starting it again changes nothing. Returns whether it was new.
 */
export async function ensureUsagePeriod(
  db: AppDb | AppTx,
  userId: string,
  period: { start: Date; end: Date },
): Promise<boolean> {
  const rows = await db
    .insert(usagePeriods)
    .values({ userId, periodStart: period.start, periodEnd: period.end })
    .onConflictDoNothing()
    .returning({ userId: usagePeriods.userId });
  return rows.length > 0;
}

/**
 * Records a provider webhook event as applied; false when it was recorded before (a redelivery). Call it in
 * the transaction that applies the event, so an event is recorded exactly when its effects commit.
 */
export async function recordWebhookEvent(
  db: AppDb | AppTx,
  event: { eventId: string; provider: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(processedWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return rows.length > 0;
}

/** Whether a webhook event id was applied already. */
export async function isWebhookEventRecorded(db: AppDb | AppTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.eventId, eventId))
    .limit(1);
  return row !== undefined;
}
