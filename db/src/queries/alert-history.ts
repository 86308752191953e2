/** The firing history of alerts, per alert and per user, with how each message went. */
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { alertEvents, alerts, outboxMessages } from '../schema/index.ts';

export type AlertEventRecord = typeof alertEvents.$inferSelect;

export interface AlertEventWithDeliveries {
  event: AlertEventRecord;
  /** The alert's current fields, for events from before events kept them (null once it is deleted). */
  alert: { coinSymbol: string | null; scope: string; thresholdType: string; thresholdValue: string } | null;
  deliveries: {
    channel: string;
    status: string;
    attempts: number;
    sentAt: Date | null;
    lastError: string | null;
  }[];
}

export interface HistoryPage {
  /** Newest first, at most this many. */
  limit: number;
  /** Only events fired before this time. */
  before?: Date;
  /** Only this alert's events. */
  alertId?: string;
}

/** A user's alert events, newest first, each with its outbox messages. */
export async function listAlertEvents(
  db: AppDb,
  userId: string,
  page: HistoryPage,
): Promise<AlertEventWithDeliveries[]> {
  const filters: (SQL | undefined)[] = [eq(alertEvents.userId, userId)];
  if (page.alertId) filters.push(eq(alertEvents.alertId, page.alertId));
  if (page.before) filters.push(lt(alertEvents.firedAt, page.before));
  const events = await db
    .select({
      event: alertEvents,
      alert: {
        coinSymbol: alerts.coinSymbol,
        scope: alerts.scope,
        thresholdType: alerts.thresholdType,
        thresholdValue: alerts.thresholdValue,
      },
    })
    .from(alertEvents)
    .leftJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .where(and(...filters))
    .orderBy(desc(alertEvents.firedAt), desc(alertEvents.id))
    .limit(page.limit);
  if (events.length === 0) return [];
  // The messages of a thousand events per query: a whole history (the data export) has more events than a
  // query may carry parameters.
  const byEvent = new Map<string, AlertEventWithDeliveries['deliveries']>();
  for (let i = 0; i < events.length; i += 1000) {
    const ids = events.slice(i, i + 1000).map((e) => e.event.id);
    const messages = await db
      .select({
        alertEventId: outboxMessages.alertEventId,
        channel: outboxMessages.channel,
        status: outboxMessages.status,
        attempts: outboxMessages.attempts,
        sentAt: outboxMessages.sentAt,
        lastError: outboxMessages.lastError,
      })
      .from(outboxMessages)
      .where(inArray(outboxMessages.alertEventId, ids));
    for (const { alertEventId, ...delivery } of messages) {
      if (alertEventId === null) continue;
      const list = byEvent.get(alertEventId);
      if (list) list.push(delivery);
      else byEvent.set(alertEventId, [delivery]);
    }
  }
  return events.map(({ event, alert }) => ({
    event,
    alert,
    deliveries: (byEvent.get(event.id) ?? []).sort((a, b) => a.channel.localeCompare(b.channel)),
  }));
}
