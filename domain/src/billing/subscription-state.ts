import type { PlanId } from '../plans.ts';

/**
 * The subscription state machine of DESIGN.md section 7, reconciled against the provider's word.
 *
 *   None --(checkout started)--> pending --(subscription read back live)--> Active
 *   Active --(plan change / cancel at period end / reactivate)--> Active as the provider now says
 *   Active --(the subscription ends: period end after a cancel, failed payments, an immediate cancel)--> canceled
 *
 * Webhooks arrive late, twice, out of order and stamped in the provider's whole seconds, so they are only a
 * signal: the truth is the subscription as read back from the provider, and each read is ordered by
 * a ticket drawn from one database sequence before the read started. Under the user's row lock a read applies
 * only when its ticket is newer than the one applied last: the read that started last saw the provider's
 * latest state, so the last word wins whatever order the webhooks came in. No time of ours is ever compared
 * with one of the provider's.
 *
 * Every word is about one subscription id. An ended subscription never lives again (at Stripe and locally), so
 * an ended word about the user's current subscription always applies, whatever its ticket; an ended word about
 * another (older) subscription changes nothing; a live word about another subscription replaces the user's
 * only when theirs is not live (they subscribed again). The caller reads the current subscription back first
 * when it may have ended in the meantime. The mirror remembers the ids of the user's recent ended
 * subscriptions, so a read of one drawn before its end (and applied after) can never bring it back, even once
 * the mirror is about another subscription.
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
  /** Our clock when the provider's word was last applied; only throttles read-backs, never ordered against provider times. */
  syncedAt?: Date;
}

/** The mirror with the references reconciliation needs: which subscription it is about, and the last ticket applied. */
export interface SubscriptionMirror {
  state: SubscriptionState;
  subscriptionId: string | null;
  /** Ticket of the newest provider word applied; null before the first. */
  ticket: number | null;
  /** Ids of the user's subscriptions known to have ended, oldest first (at most ENDED_IDS_KEPT). */
  endedIds: readonly string[];
}

/**
 * What the provider said about one subscription: `snapshot` as read back (or carried by a final webhook, such as
 * a deletion), or null when the provider no longer knows the subscription (it counts as ended). `ticket` orders
 * reads: drawn from the database sequence before the read started.
 */
export interface ProviderWord {
  subscriptionId: string;
  snapshot: SubscriptionSnapshot | null;
  ticket: number;
}

/** The state of a user who never subscribed. */
export const NO_SUBSCRIPTION: SubscriptionState = Object.freeze({
  planId: null,
  status: 'none',
  cancelAtPeriodEnd: false,
});

/** How many ended subscription ids a mirror keeps: far more than a user re-subscribes while webhooks are late. */
export const ENDED_IDS_KEPT = 20;

/** The mirror of a user the provider has never told us about. */
export const EMPTY_MIRROR: SubscriptionMirror = Object.freeze({
  state: NO_SUBSCRIPTION,
  subscriptionId: null,
  ticket: null,
  endedIds: Object.freeze([]) as readonly string[],
});

/** Statuses in which the provider still has a live subscription for the user. */
const LIVE: ReadonlySet<SubscriptionStatus> = new Set(['trialing', 'active', 'past_due']);

/** Whether a status is one in which the provider may still bill and grant the plan. */
export function isLiveStatus(status: SubscriptionStatus): boolean {
  return LIVE.has(status);
}

/** The user was sent to checkout: only a user without a live subscription waits on one ('pending'). */
export function startCheckout(state: SubscriptionState): SubscriptionState {
  if (LIVE.has(state.status) || state.status === 'pending') return state;
  return { ...state, planId: null, status: 'pending', cancelAtPeriodEnd: false };
}

/** Whether a word says the subscription has ended (or the provider forgot it). */
export function isEndedWord(word: ProviderWord): boolean {
  return !word.snapshot || word.snapshot.status === 'canceled';
}

/**
 * Applies one provider word to the mirror and returns the next mirror (a new object), or the same object when
 * the word changes nothing: an older read, an end of a subscription that is not the user's, a live
 * subscription other than the user's live one, anything about a subscription already ended.
 */
export function applyProviderWord(mirror: SubscriptionMirror, word: ProviderWord): SubscriptionMirror {
  const ended = isEndedWord(word);
  // An ended subscription never lives again: a live read of one was drawn before its end and is stale.
  if (!ended && mirror.endedIds.includes(word.subscriptionId)) return mirror;
  const next = decide(mirror, word, ended);
  if (!ended || next.endedIds.includes(word.subscriptionId)) return next;
  return { ...next, endedIds: [...next.endedIds, word.subscriptionId].slice(-ENDED_IDS_KEPT) };
}

function decide(mirror: SubscriptionMirror, word: ProviderWord, ended: boolean): SubscriptionMirror {
  const newer = mirror.ticket === null || word.ticket > mirror.ticket;
  const ours = mirror.subscriptionId === null || mirror.subscriptionId === word.subscriptionId;
  // An end is final whenever it was read, so it keeps the ticket: tickets order reads of live subscriptions,
  // and a read of the user's next subscription drawn before a late end's word was handled still counts. A
  // live read applies only when newer, so its ticket is the mirror's next one.
  const endIt = (): SubscriptionMirror => ({
    ...mirror,
    state: endedState(mirror.state, word.snapshot),
    subscriptionId: word.subscriptionId,
  });
  const takeLive = (sameSubscription: boolean): SubscriptionMirror => ({
    ...mirror,
    state: liveState(mirror.state, word.snapshot!, sameSubscription),
    subscriptionId: word.subscriptionId,
    ticket: word.ticket,
  });

  if (ours) {
    if (mirror.subscriptionId !== null && mirror.state.status === 'canceled') return mirror; // terminal
    if (ended) {
      // Nothing live of this subscription to end (a new checkout is pending): leave it. A first subscription
      // that ended before any other word about it reached us is still recorded as ended.
      const known = mirror.subscriptionId !== null;
      if (known && !LIVE.has(mirror.state.status) && mirror.state.status !== 'incomplete') return mirror;
      return endIt();
    }
    return newer ? takeLive(true) : mirror;
  }

  // Another subscription than the one we mirror: nothing while ours is live. Otherwise its end is taken
  // (the user has no plan either way, and a read of it still in flight cannot bring it back), and a live
  // read of it replaces ours when it is newer than the last live read we applied.
  if (LIVE.has(mirror.state.status)) return mirror;
  if (ended) return endIt();
  return newer ? takeLive(false) : mirror;
}

function endedState(state: SubscriptionState, snapshot: SubscriptionSnapshot | null): SubscriptionState {
  // The period fields stay: the 14-day clean-up of SPEC.md section 9 counts from the cycle's end.
  return {
    ...state,
    planId: null,
    status: 'canceled',
    cancelAtPeriodEnd: false,
    currentPeriodStart: snapshot?.currentPeriodStart ?? state.currentPeriodStart,
    currentPeriodEnd: snapshot?.currentPeriodEnd ?? state.currentPeriodEnd,
  };
}

function liveState(
  state: SubscriptionState,
  s: SubscriptionSnapshot,
  sameSubscription: boolean,
): SubscriptionState {
  return {
    ...state,
    // An unknown price keeps the plan we knew of this subscription rather than dropping the user's access.
    planId: s.planId ?? (sameSubscription ? state.planId : null),
    status: s.status,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
  };
}

/**
 * Whether the state grants a paid plan's features: a known plan and a live status.
 * past_due keeps access while the provider retries the payment (its dunning period); it ends when the
 * provider ends the subscription.
 */
export function hasActivePlan(state: SubscriptionState): boolean {
  return state.planId !== null && LIVE.has(state.status);
}
