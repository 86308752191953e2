/**
 * The allowance decision at firing time (DESIGN.md section 5, 'Allowance'). What counts is a
 * notification: all alerts of one user that fire on one tick go out as one message per channel, and
 * that counts once toward the plan's notifications per billing period, and once toward the cap of each
 * channel it went out on. At zero nothing is sent and the event is recorded as skipped.
 */
import { channelsOf, type Channel, type NotificationMethod } from './constants.ts';

/** A plan's allowance per billing period (PlanFeatures totalAlerts, emailAlerts, smsAlerts). */
export interface AllowanceLimits {
  total: number;
  email: number;
  sms: number;
}

/** What the user used of it in the period in force. */
export interface AllowanceUsage {
  total: number;
  email: number;
  sms: number;
}

export interface ContactInfo {
  email: string | null;
  phone: string | null;
  /**
   * Whether the address / number was confirmed. Alerts go only to a confirmed
   * destination; undefined counts as confirmed, for callers that checked it before.
   */
  emailVerified?: boolean;
  phoneVerified?: boolean;
}

/** The alert history's reason for a channel left out because its destination is not confirmed. */
export const UNVERIFIED_NOTES = {
  email: 'e-mail address not verified',
  sms: 'phone number not verified',
} as const;

export type DeliveryDecision =
  | { outcome: 'queued'; channels: Channel[]; notes: string[] }
  | { outcome: 'skipped_allowance' | 'failed'; channels: []; notes: string[] };

/**
 * Which channels one firing goes out on. `limits` null means no active plan (nothing left). A channel
 * is dropped when its cap is reached or the profile lacks its address or has not confirmed it; when no channel is left the
 * outcome is `skipped_allowance` if an allowance stopped it, `failed` if only contact details did.
 */
export function decideDelivery(
  method: NotificationMethod,
  contact: ContactInfo,
  limits: AllowanceLimits | null,
  usage: AllowanceUsage,
): DeliveryDecision {
  if (!limits) return { outcome: 'skipped_allowance', channels: [], notes: ['no active plan'] };
  if (usage.total >= limits.total) {
    return { outcome: 'skipped_allowance', channels: [], notes: ['notification allowance used up'] };
  }
  const notes: string[] = [];
  let cappedOut = false;
  const channels = channelsOf(method).filter((channel) => {
    if (channel === 'email' && !contact.email) return notes.push('no e-mail address on the profile') < 0;
    if (channel === 'sms' && !contact.phone) return notes.push('no phone number on the profile') < 0;
    // No allowance is used for a destination the user has not confirmed: it is left out like a missing one.
    if (channel === 'email' && contact.emailVerified === false) return notes.push(UNVERIFIED_NOTES.email) < 0;
    if (channel === 'sms' && contact.phoneVerified === false) return notes.push(UNVERIFIED_NOTES.sms) < 0;
    if (usage[channel] >= limits[channel]) {
      cappedOut = true;
      notes.push(channel === 'email' ? 'e-mail allowance used up' : 'SMS allowance used up');
      return false;
    }
    return true;
  });
  if (channels.length > 0) return { outcome: 'queued', channels, notes };
  return { outcome: cappedOut ? 'skipped_allowance' : 'failed', channels: [], notes };
}

/**
 * The usage after one alert's decision alone: one notification, plus one per channel queued. A tick
 * that fires several alerts of a user counts them together with {@link addNoticeUsage}.
 */
export function addUsage(usage: AllowanceUsage, decision: DeliveryDecision): AllowanceUsage {
  return addNoticeUsage(usage, [decision]);
}

/**
 * The usage after one combined notification: the decisions of all alerts of one user fired by one tick,
 * each taken against the same usage. One notification when any of them was queued, and one per channel
 * that any of them goes out on (the message of that channel lists them all).
 */
export function addNoticeUsage(
  usage: AllowanceUsage,
  decisions: readonly DeliveryDecision[],
): AllowanceUsage {
  // A firing that goes out only on the unmetered channels (webhook, …) is queued with no metered channel.
  const queued = decisions.filter(
    (d): d is Extract<DeliveryDecision, { outcome: 'queued' }> =>
      d.outcome === 'queued' && d.channels.length > 0,
  );
  if (queued.length === 0) return usage;
  const uses = (channel: Channel) => queued.some((d) => d.channels.includes(channel));
  return {
    total: usage.total + 1,
    email: usage.email + (uses('email') ? 1 : 0),
    sms: usage.sms + (uses('sms') ? 1 : 0),
  };
}

/**
 * What is left this period, per channel and in all (DESIGN.md section 6: the SMS and e-mail caps split
 * the plan's notifications). A channel has what is left of its own cap, and never more than is left of
 * the total, since every notification also counts there. All zeros without a plan (`limits` null).
 */
export function allowanceLeft(limits: AllowanceLimits | null, usage: AllowanceUsage): AllowanceUsage {
  if (!limits) return { total: 0, email: 0, sms: 0 };
  const total = Math.max(0, limits.total - usage.total);
  return {
    total,
    email: Math.min(total, Math.max(0, limits.email - usage.email)),
    sms: Math.min(total, Math.max(0, limits.sms - usage.sms)),
  };
}

/**
 * How an alert with `method` would go out now: 'ok' when every channel it asks for
 * has notifications left; 'partial' when only some have (`usedUp` says which are used up, the others
 * still go out); 'blocked' when none has, so a firing would send nothing.
 */
export function methodAllowance(
  method: NotificationMethod,
  left: AllowanceUsage,
): { state: 'ok' | 'partial' | 'blocked'; usedUp: Channel[] } {
  const channels = channelsOf(method);
  const usedUp = channels.filter((channel) => left[channel] <= 0);
  if (usedUp.length === 0) return { state: 'ok', usedUp };
  return { state: usedUp.length === channels.length ? 'blocked' : 'partial', usedUp };
}

/** A channel's name in sentences: 'e-mail', 'SMS'. */
export function channelName(channel: Channel): string {
  return channel === 'email' ? 'e-mail' : 'SMS';
}

/**
 * The 'Alert Limit Reached' text (SPEC.md section 8) for channels that are used up; with no channel (or
 * the total used up) it is SPEC.md's text as given.
 */
export function limitReachedMessage(usedUp: readonly Channel[] = []): string {
  if (usedUp.length === 0 || usedUp.length === 2) {
    return 'You have used all of your alerts for this billing period. Upgrade your plan or wait for your next billing cycle.';
  }
  return `You have used all of your ${channelName(usedUp[0]!)} alerts for this billing period. Upgrade your plan or wait for your next billing cycle.`;
}
