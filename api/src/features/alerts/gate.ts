/**
 * Who may set alerts (SPEC.md sections 4 and 6): a paid plan in force (not Pending), notification
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
  allowanceLeft,
  billingView,
  channelsOf,
  findPlan,
  limitReachedMessage,
  methodAllowance,
  missingInfoMessage,
  setupCapMessage,
  type NotificationMethod,
  type Plan,
} from '@coinpace/domain';

/**
 * The plan in force of a user allowed to create alerts, or a thrown 403. With `method`, the channels it
 * asks for must have notifications left this period (SMS and e-mail have their own
 * caps); an alert whose every channel is used up would send nothing, so it is refused with 'Alert Limit
 * Reached' naming the channel (`details.usedUp`). One channel of two used up is allowed: the other sends.
 */
export async function requireAlertPlan(
  db: AppDb,
  userId: string,
  now: Date,
  method?: NotificationMethod,
): Promise<Plan> {
  const state = toSubscriptionState(await findSubscription(db, userId));
  const usage = await findCurrentUsage(db, userId, state, now);
  const info = billingView(state, { alertsSent: usage?.notificationsSent ?? 0 }, now);
  const plan = info.plan === 'None' || info.accountStatus === 'Pending' ? undefined : findPlan(state.planId);
  if (!plan) throw new AppError('PLAN_REQUIRED', { message: ALERT_MESSAGES.upgradeBody });
  if (info.alertUsage.remaining <= 0)
    throw new AppError('ALERT_LIMIT_REACHED', { message: ALERT_MESSAGES.limitBody });
  if (method) {
    const { totalAlerts: total, emailAlerts: email, smsAlerts: sms } = plan.features;
    const left = allowanceLeft(
      { total, email, sms },
      { total: usage?.notificationsSent ?? 0, email: usage?.emailSent ?? 0, sms: usage?.smsSent ?? 0 },
    );
    const { state: allowed, usedUp } = methodAllowance(method, left);
    if (allowed === 'blocked') {
      throw new AppError('ALERT_LIMIT_REACHED', {
        message: limitReachedMessage(usedUp),
        details: { usedUp },
      });
    }
  }
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
