import {
  ensureUsagePeriod,
  findSubscription,
  lockSubscription,
  nextTruthTicket,
  saveSubscriptionState,
  toSubscriptionMirror,
  type AppTx,
  type SubscriptionRowLink,
} from '@coinpace/db';
import {
  AppError,
  applyProviderWord,
  hasActivePlan,
  isEndedWord,
  isLiveStatus,
  startCheckout,
  type ProviderWord,
  type SubscriptionSnapshot,
  type SubscriptionState,
} from '@coinpace/domain';
import { planNameOf, publishBillingUpdate, type BillingDeps } from './billing-deps.ts';

/** One change to a user's subscription: provider words to reconcile, and references to link. */
export interface SubscriptionChange {
  userId: string;
  /** The user was sent to checkout (state 'pending' unless a subscription is live). */
  checkoutStarted?: boolean;
  /** What the provider said, applied in order (domain applyProviderWord). */
  words?: ProviderWord[];
  customerId?: string | null;
  /** A paid period of `subscriptionId` to start counting usage in (invoice.paid); only for the user's own. */
  usagePeriod?: { subscriptionId: string; start: Date; end: Date };
}

export interface Applied {
  before: SubscriptionState;
  after: SubscriptionState;
  /** Whether the change moved the state or the subscription it is about. */
  applied: boolean;
}

/**
 * Applies a change inside `tx`, holding the user's row lock: reconcile the provider's words, save, link the
 * provider references, and start the usage period of the plan in force (keyed by its start).
 */
export async function applyInTx(
  tx: AppTx,
  deps: Pick<BillingDeps, 'payments' | 'now'>,
  change: SubscriptionChange,
): Promise<Applied> {
  const row = await lockSubscription(tx, change.userId, deps.payments.name);
  const before = toSubscriptionMirror(row);
  let after = before;
  if (change.checkoutStarted) {
    const state = startCheckout(after.state);
    if (state !== after.state) after = { ...after, state };
  }
  for (const word of change.words ?? []) after = applyProviderWord(after, word);
  // Learning that some other subscription ended is remembered, but moves nothing the user sees.
  const applied = after.state !== before.state || after.subscriptionId !== before.subscriptionId;

  const state =
    applied && after.ticket !== before.ticket ? { ...after.state, syncedAt: deps.now() } : after.state;
  const link: SubscriptionRowLink = {
    provider: deps.payments.name,
    truthTicket: after.ticket,
  };
  if (after.endedIds !== before.endedIds) link.endedSubscriptionIds = after.endedIds;
  if (change.customerId && (applied || !row.customerId)) link.customerId = change.customerId;
  if (after.subscriptionId !== before.subscriptionId) link.subscriptionId = after.subscriptionId;
  if (state.status === 'canceled' && before.state.status !== 'canceled') link.canceledAt = deps.now();
  if (applied && state.status !== 'canceled') link.canceledAt = null;
  await saveSubscriptionState(tx, change.userId, state, link);

  const period = change.usagePeriod;
  if (period && period.subscriptionId === after.subscriptionId && hasActivePlan(state)) {
    await ensureUsagePeriod(tx, change.userId, period);
  }
  if (applied && hasActivePlan(state) && state.currentPeriodStart && state.currentPeriodEnd) {
    await ensureUsagePeriod(tx, change.userId, {
      start: state.currentPeriodStart,
      end: state.currentPeriodEnd,
    });
  }
  return { before: before.state, after: state, applied };
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
 * The provider's word on a subscription from a call that changes or reads it (`act`), with its ticket drawn
 * before the call. A subscription the provider no longer knows is an ended word.
 */
export async function providerWord(
  deps: Pick<BillingDeps, 'db'>,
  subscriptionId: string,
  act: () => Promise<SubscriptionSnapshot>,
): Promise<ProviderWord> {
  const ticket = await nextTruthTicket(deps.db);
  const snapshot = await act().catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  return { subscriptionId, snapshot, ticket };
}

/** Reads subscription `subscriptionId` back from the provider, as a word. */
export function readWord(deps: Pick<BillingDeps, 'db' | 'payments'>, subscriptionId: string) {
  return providerWord(deps, subscriptionId, () => deps.payments.getSubscription(subscriptionId));
}

/**
 * The words that settle what `subscriptionId` means for the user: when the user's row holds another subscription
 * that is live, it is read back first (it may have ended, and this one replaced it); then `subscriptionId` is read
 * back, unless a final word about it is given (a deletion webhook carries the ended subscription).
 */
export async function wordsAbout(
  deps: Pick<BillingDeps, 'db' | 'payments'>,
  userId: string,
  subscriptionId: string,
  finalWord?: ProviderWord,
): Promise<ProviderWord[]> {
  if (finalWord && isEndedWord(finalWord)) return [finalWord];
  const row = await findSubscription(deps.db, userId);
  const words: ProviderWord[] = [];
  if (
    row?.subscriptionId &&
    row.subscriptionId !== subscriptionId &&
    row.provider === deps.payments.name &&
    isLiveStatus(row.status as SubscriptionState['status'])
  ) {
    words.push(await readWord(deps, row.subscriptionId));
  }
  words.push(await readWord(deps, subscriptionId));
  return words;
}

/**
 * Reads subscription `subscriptionId` back from the provider and applies what it says to `userId`
 * (the provider's word is the truth). One the provider no longer knows counts as ended.
 */
export async function applyReadBack(
  deps: BillingDeps,
  userId: string,
  subscriptionId: string,
  reason: string,
): Promise<Applied> {
  const words = await wordsAbout(deps, userId, subscriptionId);
  return applyToUser(deps, { userId, words, customerId: words.at(-1)?.snapshot?.customerId }, reason);
}
