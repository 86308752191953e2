import {
  ensureUsagePeriod,
  lockSubscription,
  saveSubscriptionState,
  toSubscriptionState,
  type AppTx,
  type SubscriptionLink,
  type SubscriptionRecord,
} from '@coinpace/db';
import {
  AppError,
  applySubscriptionEvent,
  hasActivePlan,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@coinpace/domain';
import { planNameOf, publishBillingUpdate, type BillingDeps } from './billing-deps.ts';

/** One change to a user's subscription: a state-machine event, and the provider references it carries. */
export interface SubscriptionChange {
  userId: string;
  /** Absent when the change only links references (e.g. a checkout completed with no subscription yet). */
  event?: SubscriptionEvent;
  /** The provider subscription the event is about; an event about another one than the user's live one is skipped. */
  subscriptionId?: string | null;
  customerId?: string | null;
  /** A paid period to start counting usage in (invoice.paid). */
  usagePeriod?: { start: Date; end: Date };
}

export interface Applied {
  before: SubscriptionState;
  after: SubscriptionState;
  /** Whether the event changed the state (false: older than the last applied, about another subscription, or none). */
  applied: boolean;
}

const LIVE = new Set(['trialing', 'active', 'past_due']);

/**
 * Whether an event about `subscriptionId` concerns the user's row: it does when the row has no subscription
 * yet, names this one, or holds one that has ended (a new subscription replacing it). A late event about an
 * old subscription never touches the live one that replaced it.
 */
export function concernsRow(row: SubscriptionRecord, subscriptionId: string | null | undefined): boolean {
  return (
    !subscriptionId || !row.subscriptionId || row.subscriptionId === subscriptionId || !LIVE.has(row.status)
  );
}

/**
 * Applies a change inside `tx`, holding the user's row lock: reduce with the state machine, save, link the
 * provider references, and start the usage period of the plan in force (keyed by its start).
 */
export async function applyInTx(
  tx: AppTx,
  deps: Pick<BillingDeps, 'payments' | 'now'>,
  change: SubscriptionChange,
): Promise<Applied> {
  const row = await lockSubscription(tx, change.userId, deps.payments.name);
  const before = toSubscriptionState(row);
  if (!concernsRow(row, change.subscriptionId)) return { before, after: before, applied: false };

  const after = change.event ? applySubscriptionEvent(before, change.event) : before;
  const applied = after !== before;
  const link: SubscriptionLink & { canceledAt?: Date | null } = { provider: deps.payments.name };
  if (change.customerId && (applied || !row.customerId)) link.customerId = change.customerId;
  if (change.subscriptionId && (applied || !row.subscriptionId)) link.subscriptionId = change.subscriptionId;
  if (after.status === 'canceled' && before.status !== 'canceled') link.canceledAt = deps.now();
  if (applied && after.status !== 'canceled') link.canceledAt = null;
  await saveSubscriptionState(tx, change.userId, after, link);

  if (change.usagePeriod) await ensureUsagePeriod(tx, change.userId, change.usagePeriod);
  if (applied && hasActivePlan(after) && after.currentPeriodStart && after.currentPeriodEnd) {
    await ensureUsagePeriod(tx, change.userId, {
      start: after.currentPeriodStart,
      end: after.currentPeriodEnd,
    });
  }
  return { before, after, applied };
}

/** Applies a change in its own transaction, then tells the user's sockets when it changed anything. */
export async function applyToUser(
  deps: BillingDeps,
  change: SubscriptionChange,
  reason: string,
): Promise<Applied> {
  const result = await deps.db.transaction((tx) => applyInTx(tx, deps, change));
  if (result.applied) await publishBillingUpdate(deps, change.userId, planNameOf(result.after), reason);
  return result;
}

/**
 * Reads subscription `subscriptionId` back from the provider and applies what it says to `userId`
 * (DESIGN.md section 7: read-backs count as newest). One the provider no longer knows counts as deleted.
 */
export async function applyReadBack(
  deps: BillingDeps,
  userId: string,
  subscriptionId: string,
  at: Date,
  reason: string,
): Promise<Applied> {
  const snapshot = await deps.payments.getSubscription(subscriptionId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  return applyToUser(
    deps,
    {
      userId,
      event: snapshot ? { kind: 'subscription', at, snapshot } : { kind: 'deleted', at },
      subscriptionId,
      customerId: snapshot?.customerId,
    },
    reason,
  );
}
