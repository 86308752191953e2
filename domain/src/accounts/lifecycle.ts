/**
 * The account clean-up rules of SPEC.md section 9, as pure functions the worker's jobs apply:
 * an account with no paid plan is warned on day 11 and deleted on day 14 after registration; after a
 * cancellation the same days count from the end of the last billing cycle. Beta waitlist entries are
 * purged two years after sign-up.
 */
import { hasActivePlan, type SubscriptionState } from '../billing/subscription-state.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const LIFECYCLE_RULES = {
  /** Days after the start date when the warning e-mail goes out. */
  warnAfterDays: 11,
  /** Days after the start date when the account is deleted. */
  deleteAfterDays: 14,
  /** Years a beta waitlist entry is kept. */
  betaRetentionYears: 2,
  /** Years a contact-form message is kept (the privacy page says one year). */
  contactRetentionYears: 1,
} as const;

/** What the lifecycle job knows about one account. */
export interface AccountLifecycleFacts {
  createdAt: Date;
  /** Without an e-mail address no warning can be sent; the account is deleted on schedule. */
  email: string | null;
  /** When the last deletion warning was sent, if ever. */
  deletionWarnedAt: Date | null;
  subscription: SubscriptionState;
}

export type AccountLifecycleStep =
  /** Paid plan in force, or too early: leave it alone. */
  | { action: 'keep' }
  /** Send the day-11 warning naming `deleteAt`. */
  | { action: 'warn'; startsAt: Date; deleteAt: Date }
  /** Delete the account now. */
  | { action: 'delete'; startsAt: Date };

/**
 * The date the 14 days count from: registration, or the end of the last billing cycle when the user
 * once paid and the plan has ended (whichever is later).
 */
export function lifecycleStart(facts: Pick<AccountLifecycleFacts, 'createdAt' | 'subscription'>): Date {
  const periodEnd = facts.subscription.currentPeriodEnd;
  if (periodEnd && periodEnd.getTime() > facts.createdAt.getTime()) return periodEnd;
  return facts.createdAt;
}

/**
 * Decides the next step for one account at `now`. Idempotent: after a warning is recorded
 * (`deletionWarnedAt`) the same facts never ask for a second one. A warning always comes at least
 * the warning-to-deletion gap (3 days) before the deletion, so a job that was down on day 11 warns
 * late and deletes late rather than deleting without notice.
 */
export function nextLifecycleStep(facts: AccountLifecycleFacts, now: Date): AccountLifecycleStep {
  if (hasActivePlan(facts.subscription)) return { action: 'keep' };
  const startsAt = lifecycleStart(facts);
  const warnAt = startsAt.getTime() + LIFECYCLE_RULES.warnAfterDays * DAY_MS;
  const deleteAt = startsAt.getTime() + LIFECYCLE_RULES.deleteAfterDays * DAY_MS;
  const notice = deleteAt - warnAt;
  const t = now.getTime();
  if (t < warnAt) return { action: 'keep' };

  if (!facts.email) return t >= deleteAt ? { action: 'delete', startsAt } : { action: 'keep' };

  // A warning sent before this start date belongs to an earlier cycle (e.g. before a later subscription).
  const warned = facts.deletionWarnedAt && facts.deletionWarnedAt.getTime() >= startsAt.getTime();
  if (!warned) {
    return { action: 'warn', startsAt, deleteAt: new Date(Math.max(deleteAt, t + notice)) };
  }
  const dueAt = Math.max(deleteAt, facts.deletionWarnedAt!.getTime() + notice);
  return t >= dueAt ? { action: 'delete', startsAt } : { action: 'keep' };
}

/** Contact messages sent before this instant are purged at `now` (privacy page: kept one year). */
export function contactPurgeCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - LIFECYCLE_RULES.contactRetentionYears);
  return cutoff;
}

/** Beta waitlist entries created before this instant are purged at `now`. */
export function betaPurgeCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - LIFECYCLE_RULES.betaRetentionYears);
  return cutoff;
}
