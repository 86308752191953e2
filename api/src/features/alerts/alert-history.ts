/** GET /api/alerts/{id}/history and GET /api/alerts/user/history: firings with price, channels and how they went. */
import { listAlertEvents, type AlertEventWithDeliveries, type AppDb } from '@coinpace/db';
import {
  displayCurrencyOf,
  type AlertEventView,
  type AlertScope,
  type Channel,
  type ThresholdType,
} from '@coinpace/domain';

export interface HistoryRequest {
  limit: number;
  before?: string;
  /** Only this alert's events (already checked to be the user's). */
  alertId?: string;
}

/** The user's alert events, newest first. */
export async function alertHistory(
  db: AppDb,
  userId: string,
  request: HistoryRequest,
): Promise<AlertEventView[]> {
  const rows = await listAlertEvents(db, userId, {
    limit: request.limit,
    before: request.before ? new Date(request.before) : undefined,
    alertId: request.alertId,
  });
  return alertHistoryViews(rows);
}

/** Alert events as the history shows them (and the data export keeps them). */
export function alertHistoryViews(rows: readonly AlertEventWithDeliveries[]): AlertEventView[] {
  return rows.map(({ event, alert, deliveries }) => ({
    id: event.id,
    alertId: event.alertId,
    // What the event kept of its alert; the alert's current fields for events from before it kept them.
    coinSymbol: event.coinSymbol ?? (event.scope ? null : (alert?.coinSymbol ?? null)),
    scope: (event.scope ?? alert?.scope ?? null) as AlertScope | null,
    thresholdType: (event.thresholdType ?? alert?.thresholdType ?? null) as ThresholdType | null,
    thresholdValue: toNumber(event.thresholdValue ?? alert?.thresholdValue ?? null),
    tickId: event.tickId,
    price: event.price === null ? null : Number(event.price),
    triggerPrice: event.triggerPrice === null ? null : Number(event.triggerPrice),
    currency: displayCurrencyOf(event.currency),
    channels: event.channels as Channel[],
    outcome: event.outcome,
    detail: event.detail,
    firedAt: event.firedAt.toISOString(),
    deliveries: deliveries.map((d) => ({
      channel: d.channel as Channel,
      status: d.status,
      attempts: d.attempts,
      sentAt: d.sentAt?.toISOString() ?? null,
      lastError: d.lastError,
    })),
  }));
}

function toNumber(value: string | null): number | null {
  return value === null ? null : Number(value);
}
