/**
 * The allowance decision at firing time (DESIGN.md section 5, 'Allowance'): every fired alert counts
 * once toward the plan's notifications per billing period, whatever its channels; e-mail and SMS also
 * have their own caps. At zero nothing is sent and the event is recorded as skipped.
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
}

export type DeliveryDecision =
  | { outcome: 'queued'; channels: Channel[]; notes: string[] }
  | { outcome: 'skipped_allowance' | 'failed'; channels: []; notes: string[] };

/**
 * Which channels one firing goes out on. `limits` null means no active plan (nothing left). A channel
 * is dropped when its cap is reached or the profile lacks its address; when no channel is left the
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

/** The usage after a decision: one notification, plus one per channel queued. */
export function addUsage(usage: AllowanceUsage, decision: DeliveryDecision): AllowanceUsage {
  if (decision.outcome !== 'queued') return usage;
  return {
    total: usage.total + 1,
    email: usage.email + (decision.channels.includes('email') ? 1 : 0),
    sms: usage.sms + (decision.channels.includes('sms') ? 1 : 0),
  };
}
