/** GET /api/alerts/user/stats: the shape is AlertStats in domain (counts, this period's notifications per channel, last firing). */
import {
  countAlerts,
  findCurrentUsage,
  findSubscription,
  groupAlertCounts,
  summarizeAlertEvents,
  toSubscriptionState,
  type AppDb,
} from '@coinpace/db';
import {
  ALERT_SCOPES,
  ALERT_TYPES,
  THRESHOLD_TYPES,
  allowanceLeft,
  billingView,
  findPlan,
  usagePeriodAt,
  type AlertStats,
} from '@coinpace/domain';

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** Counts of the user's alerts and their notifications in the billing period in force at `now`. */
export async function alertStats(db: AppDb, userId: string, now: Date): Promise<AlertStats> {
  const state = toSubscriptionState(await findSubscription(db, userId));
  const usage = await findCurrentUsage(db, userId, state, now);
  const info = billingView(state, { alertsSent: usage?.notificationsSent ?? 0 }, now);
  const plan = info.plan === 'None' ? undefined : findPlan(state.planId);
  const groups = await groupAlertCounts(db, userId);
  const period = info.plan === 'None' ? null : usagePeriodAt(state, now);
  const periodStart = period?.start ?? null;
  const events = await summarizeAlertEvents(db, userId, periodStart);
  const used = {
    total: info.alertUsage.alertsSent,
    email: usage?.emailSent ?? 0,
    sms: usage?.smsSent ?? 0,
  };
  // Per channel, what can still go out: never more than the total has left.
  const limits = info.planLimits;
  const left = allowanceLeft(
    plan ? { total: limits.totalAlerts, email: limits.emailAlerts, sms: limits.smsAlerts } : null,
    used,
  );

  const stats: AlertStats = {
    total: 0,
    byStatus: { Active: 0, Paused: 0 },
    pausedBy: { user: 0, trigger: 0 },
    byType: zeros(ALERT_TYPES),
    byThresholdType: zeros(THRESHOLD_TYPES),
    byScope: zeros(ALERT_SCOPES),
    setup: { count: await countAlerts(db, userId), cap: plan?.setupCap ?? 0 },
    notifications: {
      sent: info.alertUsage.alertsSent,
      limit: info.planLimits.totalAlerts,
      remaining: info.alertUsage.remaining,
      email: { sent: used.email, limit: limits.emailAlerts, remaining: left.email },
      sms: { sent: used.sms, limit: limits.smsAlerts, remaining: left.sms },
      skipped: 0,
      failed: 0,
    },
    period: {
      start: periodStart?.toISOString() ?? null,
      end: period?.end.toISOString() ?? null,
    },
    lastTriggered: events.lastFiredAt?.toISOString() ?? null,
  };
  for (const g of groups) {
    stats.total += g.n;
    if (g.status in stats.byStatus) stats.byStatus[g.status as 'Active' | 'Paused'] += g.n;
    if (g.pausedBy === 'user' || g.pausedBy === 'trigger') stats.pausedBy[g.pausedBy] += g.n;
    if (g.type in stats.byType) stats.byType[g.type as keyof AlertStats['byType']] += g.n;
    if (g.thresholdType in stats.byThresholdType)
      stats.byThresholdType[g.thresholdType as keyof AlertStats['byThresholdType']] += g.n;
    if (g.scope in stats.byScope) stats.byScope[g.scope as keyof AlertStats['byScope']] += g.n;
  }
  for (const { outcome, n } of events.byOutcome) {
    if (outcome === 'skipped_allowance') stats.notifications.skipped += n;
    if (outcome === 'failed') stats.notifications.failed += n;
  }
  return stats;
}
