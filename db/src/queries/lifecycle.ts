import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SubscriptionState } from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { subscriptions, users } from '../schema/index.ts';
import { toSubscriptionState } from './billing.ts';

/** One account the lifecycle job must look at, with what the rules need to decide. */
export interface LifecycleCandidate {
  userId: string;
  /** The identity provider's user id (Clerk's `user_…`, or `local_…`), deleted there with the account. */
  identitySubject: string;
  email: string | null;
  firstName: string | null;
  createdAt: Date;
  deletionWarnedAt: Date | null;
  subscription: SubscriptionState;
}

/**
 * Live accounts with no paid plan in force whose clean-up clock (registration, or the end of the last
 * billing cycle) started at or before `startedBy`, ordered by id after `afterId` (keyset paging).
 * The caller passes `now - 11 days`; accounts younger than that cannot need a step yet.
 */
export async function findLifecycleCandidates(
  db: AppDb | AppTx,
  options: { startedBy: Date; afterId?: string; limit: number },
): Promise<LifecycleCandidate[]> {
  const rows = await db
    .select({ user: users, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        options.afterId ? gt(users.id, options.afterId) : undefined,
        sql`not coalesce(${subscriptions.planId} is not null and ${subscriptions.status} in ('trialing', 'active', 'past_due'), false)`,
        sql`greatest(${users.createdAt}, coalesce(${subscriptions.currentPeriodEnd}, ${users.createdAt})) <= ${options.startedBy.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
  return rows.map(({ user, subscription }) => ({
    userId: user.id,
    identitySubject: user.identitySubject,
    email: user.email,
    firstName: user.firstName,
    createdAt: user.createdAt,
    deletionWarnedAt: user.deletionWarnedAt,
    subscription: toSubscriptionState(subscription ?? undefined),
  }));
}

/** Records that the deletion warning went out at `at`. */
export async function markDeletionWarned(db: AppDb | AppTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ deletionWarnedAt: at }).where(eq(users.id, userId));
}
