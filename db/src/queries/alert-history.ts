/** The firing history of alerts, per alert and per user, with how each message went. */
import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { alertEvents, alerts, outboxMessages } from '../schema/index.ts';
import { ALERT_NOTICE_KEY_PREFIX, alertNoticeKey } from './alert-firing.ts';

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

/** An outbox message as the history shows it, with what ties it to its events. */
type DeliveryRow = AlertEventWithDeliveries['deliveries'][number] & {
  alertEventId: string | null;
  dedupeKey: string;
};

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
  // A combined message (one per user, tick and channel) tells several events and names the first of
  // them: each event finds it by its key; a message of one event alone names that event. Read for a
  // few hundred events per query: a whole history (the data export) has more events than a query may
  // carry parameters.
  const noticeKeys = (e: AlertEventRecord) => e.channels.map((c) => alertNoticeKey(e.userId, e.tickId, c));
  const messages = new Map<string, DeliveryRow>();
  for (let i = 0; i < events.length; i += 500) {
    const chunk = events.slice(i, i + 500);
    const keys = chunk.flatMap((e) => noticeKeys(e.event));
    const rows = await db
      .select({
        id: outboxMessages.id,
        alertEventId: outboxMessages.alertEventId,
        dedupeKey: outboxMessages.dedupeKey,
        channel: outboxMessages.channel,
        status: outboxMessages.status,
        attempts: outboxMessages.attempts,
        sentAt: outboxMessages.sentAt,
        lastError: outboxMessages.lastError,
      })
      .from(outboxMessages)
      .where(
        or(
          inArray(
            outboxMessages.alertEventId,
            chunk.map((e) => e.event.id),
          ),
          keys.length > 0 ? inArray(outboxMessages.dedupeKey, keys) : undefined,
        ),
      );
    // A combined message can be found from two chunks: it is kept once.
    for (const { id, ...row } of rows) messages.set(id, row);
  }
  const byEvent = new Map<string, DeliveryRow[]>();
  const byKey = new Map<string, DeliveryRow[]>();
  for (const m of messages.values()) {
    const index = m.dedupeKey.startsWith(ALERT_NOTICE_KEY_PREFIX) ? byKey : byEvent;
    const key = index === byKey ? m.dedupeKey : m.alertEventId;
    if (key === null) continue;
    const list = index.get(key);
    if (list) list.push(m);
    else index.set(key, [m]);
  }
  return events.map(({ event, alert }) => ({
    event,
    alert,
    deliveries: [
      ...(byEvent.get(event.id) ?? []),
      ...noticeKeys(event).flatMap((key) => byKey.get(key) ?? []),
    ]
      .sort((a, b) => a.channel.localeCompare(b.channel))
      .map(({ alertEventId: _id, dedupeKey: _key, ...delivery }) => delivery),
  }));
}
