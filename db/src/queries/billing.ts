import { and, eq } from 'drizzle-orm';
import {
  billingView,
  isPlanId,
  type BillingInfo,
  type SubscriptionState,
  type SubscriptionStatus,
} from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { subscriptions, usagePeriods } from '../schema/index.ts';

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
    lastEventAt: row.lastEventAt ?? undefined,
  };
}

export async function findSubscription(
  db: AppDb | AppTx,
  userId: string,
): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/**
 * The usage row of the billing period in force, or undefined when the user has no period or nothing was
 * counted in it yet. Periods are keyed by their start (DESIGN.md section 5, Allowance).
 */
export async function findCurrentUsage(
  db: AppDb | AppTx,
  userId: string,
  state: SubscriptionState,
): Promise<typeof usagePeriods.$inferSelect | undefined> {
  if (!state.currentPeriodStart) return undefined;
  const [row] = await db
    .select()
    .from(usagePeriods)
    .where(and(eq(usagePeriods.userId, userId), eq(usagePeriods.periodStart, state.currentPeriodStart)))
    .limit(1);
  return row;
}

/** The billing info of SPEC.md section 3 for one user at `now` (GET /api/billing/user). */
export async function loadBillingInfo(db: AppDb | AppTx, userId: string, now: Date): Promise<BillingInfo> {
  const state = toSubscriptionState(await findSubscription(db, userId));
  const usage = await findCurrentUsage(db, userId, state);
  return billingView(state, { alertsSent: usage?.notificationsSent ?? 0 }, now);
}
