/** Words of the plan-change dialog, kept apart from the markup so they read as sentences. */
import { formatDate, formatUsd, type PlanChangePreviewResponse } from '@coinpace/domain';

/** Cents as dollars: 2980 -> '$29.80'. */
export const dollars = (cents: number) => formatUsd(cents / 100);

const count = (n: number) => n.toLocaleString('en-US');

/** 'Apr 15, 2026' in UTC, as the rest of the billing screen writes dates. */
export const day = (iso: string) => formatDate(iso, { timeZone: 'UTC' });

/**
 * What a downgrade means for what the user has already used or set up this period: each allowance passed
 * gets one sentence saying what stops and until when. Empty when everything fits.
 */
export function downgradeConsequences(preview: PlanChangePreviewResponse): string[] {
  const { allowances, usage, plan } = preview;
  const renews = day(preview.periodEnd);
  const out: string[] = [];
  const used = usage.notifications;
  const allowed = allowances.notifications;
  if (used.total >= allowed.total) {
    out.push(
      `You have used ${count(used.total)} alerts this period; ${plan} allows ${count(allowed.total)}, so no more alerts will be sent until your plan renews on ${renews}.`,
    );
  } else {
    for (const [channel, name] of [
      ['sms', 'SMS'],
      ['email', 'e-mail'],
    ] as const) {
      if (used[channel] >= allowed[channel]) {
        out.push(
          `You have sent ${count(used[channel])} ${name} alerts this period; ${plan} allows ${count(allowed[channel])}, so no more ${name} alerts will be sent until ${renews}.`,
        );
      }
    }
  }
  if (usage.alertsSetUp > allowances.setupCap) {
    out.push(
      `You have ${count(usage.alertsSetUp)} alerts set up; ${plan} allows ${count(allowances.setupCap)}. They keep working, but you cannot add more until you have fewer than ${count(allowances.setupCap)}.`,
    );
  }
  return out;
}

/** The allowance line of a plan: '1,000 alerts a month (500 SMS, 500 e-mail)'. */
export function allowanceText(n: { total: number; sms: number; email: number }): string {
  return `${count(n.total)} alerts a month (${count(n.sms)} SMS, ${count(n.email)} e-mail)`;
}

export { count };
