/**
 * Who may set alerts (SPEC.md sections 4 and 6, issue 6): a paid plan in force (not Pending), notification
 * allowance left this period, room under the plan's set-up cap, and the contact details the chosen
 * channels need. Each refusal is a 403 with SPEC.md's text.
 */
import {
  findCurrentUsage,
  findSubscription,
  toSubscriptionState,
  type AppDb,
  type UserRecord,
} from '@coinpace/db';
import {
  ALERT_MESSAGES,
  AppError,
  billingView,
  channelsOf,
  findPlan,
  missingInfoMessage,
  setupCapMessage,
  type NotificationMethod,
  type Plan,
} from '@coinpace/domain';

/** The plan in force of a user allowed to create alerts, or a thrown 403. */
export async function requireAlertPlan(db: AppDb, userId: string, now: Date): Promise<Plan> {
  const state = toSubscriptionState(await findSubscription(db, userId));
  const usage = await findCurrentUsage(db, userId, state, now);
  const info = billingView(state, { alertsSent: usage?.notificationsSent ?? 0 }, now);
  const plan = info.plan === 'None' || info.accountStatus === 'Pending' ? undefined : findPlan(state.planId);
  if (!plan) throw new AppError('PLAN_REQUIRED', { message: ALERT_MESSAGES.upgradeBody });
  if (info.alertUsage.remaining <= 0)
    throw new AppError('ALERT_LIMIT_REACHED', { message: ALERT_MESSAGES.limitBody });
  return plan;
}

/** Throws 403 when the profile lacks the e-mail address or phone number the method needs. */
export function requireContactFor(
  user: Pick<UserRecord, 'email' | 'phone'>,
  method: NotificationMethod,
): void {
  const missing: string[] = [];
  const channels = channelsOf(method);
  if (channels.includes('sms') && !user.phone) missing.push(ALERT_MESSAGES.missingPhone);
  if (channels.includes('email') && !user.email) missing.push(ALERT_MESSAGES.missingEmail);
  if (missing.length > 0) {
    throw new AppError('PROFILE_INCOMPLETE', { message: missingInfoMessage(missing), details: { missing } });
  }
}

/** Throws 403 when `adding` more alerts would pass the plan's set-up cap (count under the caller's lock). */
export function requireSetupRoom(plan: Plan, existing: number, adding: number): void {
  if (existing + adding > plan.setupCap) {
    throw new AppError('ALERT_SETUP_CAP_REACHED', {
      message: setupCapMessage(plan.setupCap),
      details: { cap: plan.setupCap, existing, adding },
    });
  }
}
