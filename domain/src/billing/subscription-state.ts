import type { PlanId } from '../plans.ts';

/**
 * The subscription state machine of DESIGN.md section 7, as a pure reducer over provider-neutral events.
 *
 *   None --(checkout completed)--> Active
 *   Active --(upgrade/downgrade)--> Active on the new plan, at once (the provider prorates)
 *   Active --(cancel)--> Active with cancelAtPeriodEnd --(period end: deleted)--> None (status 'canceled')
 *   Active with cancelAtPeriodEnd --(reactivate)--> Active
 *
 * Webhooks arrive late, twice and out of order, so every event carries the provider's time (`at`) and an event
 * older than the newest one applied (`lastEventAt`) changes nothing. Dedupe by event id happens before this
 * (processed_webhook_events), so this reducer only has to be order-tolerant, not idempotent by id; applying
 * the same event twice gives the same state anyway.
 */

/** Subscription status in our own words; provider adapters map their statuses onto these. */
export type SubscriptionStatus =
  'none' | 'pending' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';

/** The statuses a provider subscription can have (never 'none' or 'pending', which are ours alone). */
export type ProviderSubscriptionStatus = Exclude<SubscriptionStatus, 'none' | 'pending'>;

/** A provider subscription as read back or received in a webhook, with no provider concept leaking through. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** The plan of the subscription's one item; null when its price is not one of ours. */
  planId: PlanId | null;
  status: ProviderSubscriptionStatus;
  /** True when the subscription ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** The provider's id of the subscription's one item, replaced (not added to) on a plan change. */
  itemId: string;
}

/** A user's subscription as we mirror it (db table `subscriptions`). */
export interface SubscriptionState {
  planId: PlanId | null;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart?: Date;
  currentPeriodEnd?: Date;
  /** Provider time of the newest event applied; older events are ignored. */
  lastEventAt?: Date;
}

/** Provider-neutral events that drive the state machine. `at` is the provider's event time. */
export type SubscriptionEvent =
  /** The user was sent to checkout for a plan; only moves a user without a live subscription to 'pending'. */
  | { kind: 'checkout_started'; at: Date; planId: PlanId }
  /**
   * The subscription as it now is: from a webhook (`at` = the event's `created`) or read back from the provider
   * by payment-success or sync-plan (`at` = the time of the read, since the read is the newest word).
   */
  | { kind: 'subscription'; at: Date; snapshot: SubscriptionSnapshot }
  /** The subscription ended (period end after a cancel, an immediate cancel, or failed payments). */
  | { kind: 'deleted'; at: Date }
  /** A period was paid for (invoice paid): the period moves on, a past-due subscription is active again. */
  | { kind: 'period_renewed'; at: Date; periodStart: Date; periodEnd: Date };

/** The state of a user who never subscribed. */
export const NO_SUBSCRIPTION: SubscriptionState = Object.freeze({
  planId: null,
  status: 'none',
  cancelAtPeriodEnd: false,
});

/** Statuses in which the provider still has a live subscription for the user. */
const LIVE: ReadonlySet<SubscriptionStatus> = new Set(['trialing', 'active', 'past_due']);

/**
 * Applies one event and returns the next state (a new object; the input is not changed).
 * Returns the same state object when the event is older than `lastEventAt` or does not apply.
 */
export function applySubscriptionEvent(
  state: SubscriptionState,
  event: SubscriptionEvent,
): SubscriptionState {
  if (event.kind === 'checkout_started') {
    // Only a user without a live subscription waits on a checkout; a paying user changes plan in place.
    if (LIVE.has(state.status)) return state;
    return { ...state, planId: null, status: 'pending', cancelAtPeriodEnd: false };
  }

  if (state.lastEventAt && event.at.getTime() < state.lastEventAt.getTime()) return state;

  switch (event.kind) {
    case 'subscription': {
      const s = event.snapshot;
      const ended = s.status === 'canceled';
      return {
        // An unknown price keeps the plan we knew rather than dropping the user's access.
        planId: ended ? null : (s.planId ?? state.planId),
        status: s.status,
        cancelAtPeriodEnd: ended ? false : s.cancelAtPeriodEnd,
        currentPeriodStart: s.currentPeriodStart,
        currentPeriodEnd: s.currentPeriodEnd,
        lastEventAt: event.at,
      };
    }
    case 'deleted':
      // The period fields stay: the 14-day clean-up of SPEC.md section 9 counts from the cycle's end.
      return { ...state, planId: null, status: 'canceled', cancelAtPeriodEnd: false, lastEventAt: event.at };
    case 'period_renewed': {
      // Without a subscription an invoice says nothing about access, and must not hide a snapshot of the same
      // second that arrives after it (Stripe sends invoice.paid and checkout.session.completed together).
      if (state.planId === null || (!LIVE.has(state.status) && state.status !== 'incomplete')) return state;
      const newer = !state.currentPeriodEnd || event.periodEnd.getTime() > state.currentPeriodEnd.getTime();
      return {
        ...state,
        // A paid invoice settles a past-due or incomplete subscription; a trial stays a trial ($0 invoice).
        status: state.status === 'trialing' ? 'trialing' : 'active',
        currentPeriodStart: newer ? event.periodStart : state.currentPeriodStart,
        currentPeriodEnd: newer ? event.periodEnd : state.currentPeriodEnd,
        lastEventAt: event.at,
      };
    }
  }
}

/**
 * Whether the state grants a paid plan's features: a known plan and a live status.
 * past_due keeps access while the provider retries the payment (its dunning period); it ends with 'deleted'.
 */
export function hasActivePlan(state: SubscriptionState): boolean {
  return state.planId !== null && LIVE.has(state.status);
}
