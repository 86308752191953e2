/**
 * The alert consumer's writes (DESIGN.md section 5): firing is a handful of set-based statements in one
 * transaction, whatever the number of alerts.
 *
 * Lists travel as one JSON parameter (`jsonb_array_elements_text`, `jsonb_to_recordset`): the statement
 * text stays the same whatever the list's length, so postgres.js prepares each statement once, and both
 * drivers bind it the same way.
 */
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { alertEvents, alerts, outboxMessages, subscriptions, usagePeriods, users } from '../schema/index.ts';
import type { AlertRecord } from './alerts.ts';
import { rowsOf } from './locks.ts';

/** `column in (the JSON list)`, for text columns. */
const inTextList = (column: SQLWrapper, values: string[]) =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
/** `column in (the JSON list)`, for uuid columns. */
const inUuidList = (column: SQLWrapper, values: string[]) =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::uuid)`;

/** The idempotency keys among `keys` that already have an event (a redelivered tick). */
export async function existingEventKeys(db: AppDb | AppTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: alertEvents.idempotencyKey })
    .from(alertEvents)
    .where(inTextList(alertEvents.idempotencyKey, keys));
  return new Set(rows.map((r) => r.key));
}

/**
 * The alerts among `ids` that are still Active, locked for this transaction in id order (two consumers
 * never wait on each other in a cycle). A second consumer handling the same tick waits here and then
 * sees the alerts the first one paused as no longer Active, so each alert fires for one consumer only.
 */
export async function lockActiveAlerts(tx: AppTx, ids: string[]): Promise<AlertRecord[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(alerts)
    .where(and(inUuidList(alerts.id, ids), eq(alerts.status, 'Active')))
    .orderBy(alerts.id)
    .for('update');
}

/** Pauses fired alerts by their trigger: the reset interval runs from `now`. */
export async function pauseFiredAlerts(tx: AppTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(alerts)
    .set({ status: 'Paused', pausedBy: 'trigger', lastTriggered: now, skippedAt: null, updatedAt: now })
    .where(inUuidList(alerts.id, ids));
}

/** The dedupe-key prefix of the combined alert messages (one per user, tick and channel). */
export const ALERT_NOTICE_KEY_PREFIX = 'alert-notice:';

/**
 * The dedupe key of the one message per channel that tells a user about every alert a tick fired for
 * them: a redelivered tick finds it and sends nothing twice.
 */
/** Every channel a notice may go out on: e-mail, SMS and domain EXTRA_CHANNELS. */
const NOTICE_CHANNELS = ['email', 'sms', 'webhook', 'push', 'discord', 'slack', 'telegram'] as const;

export function alertNoticeKey(userId: string, tickId: string, channel: string): string {
  return `${ALERT_NOTICE_KEY_PREFIX}${userId}:${tickId}:${channel}`;
}

/**
 * The users among `userIds` already sent this tick's combined message on some channel: the tick was
 * handled for them before (it is being handled again), and nothing more goes to them for it.
 */
export async function usersNotifiedForTick(
  db: AppDb | AppTx,
  userIds: string[],
  tickId: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  // Every channel writes one message per user and tick, the channels beside e-mail and SMS included.
  const keys = userIds.flatMap((u) => NOTICE_CHANNELS.map((c) => alertNoticeKey(u, tickId, c)));
  const rows = await db
    .select({ userId: outboxMessages.userId })
    .from(outboxMessages)
    .where(inTextList(outboxMessages.dedupeKey, keys));
  return new Set(rows.map((r) => r.userId!).filter(Boolean));
}

/** Contact details and subscription of each user, for delivery decisions. */
export async function loadRecipients(db: AppDb | AppTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      emailVerifiedAt: users.emailVerifiedAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
      deletedAt: users.deletedAt,
      subscription: subscriptions,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(inUuidList(users.id, userIds));
}

/** A user's billing period, the key of their usage row. */
export interface UsageKey {
  userId: string;
  periodStart: Date;
  periodEnd: Date;
}

export type UsageRecord = typeof usagePeriods.$inferSelect;

const usageJson = (keys: UsageKey[]) =>
  JSON.stringify(
    keys.map((k) => ({
      user_id: k.userId,
      period_start: k.periodStart.toISOString(),
      period_end: k.periodEnd.toISOString(),
    })),
  );

/**
 * Creates missing usage rows and locks them for this transaction, in user order so two consumers
 * never wait on each other in a cycle. Counting and deciding under the lock means the last unit of
 * allowance goes to one firing only.
 */
export async function lockUsageRows(tx: AppTx, keys: UsageKey[]): Promise<UsageRecord[]> {
  if (keys.length === 0) return [];
  const json = usageJson(keys);
  await tx.execute(sql`
    insert into usage_periods (user_id, period_start, period_end)
    select user_id, period_start, period_end
    from jsonb_to_recordset(${json}::jsonb) as k(user_id uuid, period_start timestamptz, period_end timestamptz)
    order by user_id
    on conflict do nothing`);
  // Rows are locked in the sort order (the lock is taken above the sort).
  return tx
    .select()
    .from(usagePeriods)
    .where(
      sql`(${usagePeriods.userId}, ${usagePeriods.periodStart}) in (select user_id, period_start
        from jsonb_to_recordset(${json}::jsonb) as k(user_id uuid, period_start timestamptz))`,
    )
    .orderBy(usagePeriods.userId, usagePeriods.periodStart)
    .for('update');
}

/** Writes the counters of locked usage rows back. */
export async function saveUsageRows(tx: AppTx, rows: UsageRecord[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      user_id: r.userId,
      period_start: r.periodStart.toISOString(),
      notifications_sent: r.notificationsSent,
      email_sent: r.emailSent,
      sms_sent: r.smsSent,
    })),
  );
  await tx.execute(sql`
    update usage_periods u
    set notifications_sent = k.notifications_sent, email_sent = k.email_sent, sms_sent = k.sms_sent
    from jsonb_to_recordset(${json}::jsonb)
      as k(user_id uuid, period_start timestamptz, notifications_sent int, email_sent int, sms_sent int)
    where u.user_id = k.user_id and u.period_start = k.period_start`);
}

/** An alert event to write. */
export interface NewAlertEvent {
  alertId: string;
  userId: string;
  idempotencyKey: string;
  tickId: string;
  price: string | null;
  triggerPrice: string | null;
  /** The currency of price and triggerPrice; usd when not given. */
  currency?: string;
  channels: string[];
  outcome: string;
  detail: string | null;
  firedAt: Date;
  /** The alert as it fired (see the alert_events columns); optional for callers that do not know it. */
  scope?: string | null;
  coinSymbol?: string | null;
  thresholdType?: string | null;
  thresholdValue?: string | null;
}

/** Inserts alert events; an idempotency key seen before is skipped. Returns the rows written. */
export async function insertAlertEvents(
  tx: AppTx,
  rows: NewAlertEvent[],
): Promise<{ id: string; idempotencyKey: string }[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(
    rows.map((r) => ({
      alert_id: r.alertId,
      user_id: r.userId,
      idempotency_key: r.idempotencyKey,
      tick_id: r.tickId,
      price: r.price,
      trigger_price: r.triggerPrice,
      currency: r.currency ?? 'usd',
      channels: r.channels.join(','),
      outcome: r.outcome,
      detail: r.detail,
      fired_at: r.firedAt.toISOString(),
      scope: r.scope ?? null,
      coin_symbol: r.coinSymbol ?? null,
      threshold_type: r.thresholdType ?? null,
      threshold_value: r.thresholdValue ?? null,
    })),
  );
  const result = await tx.execute(sql`
    insert into alert_events (alert_id, user_id, idempotency_key, tick_id, price, trigger_price, currency, channels,
      outcome, detail, fired_at, scope, coin_symbol, threshold_type, threshold_value)
    select alert_id, user_id, idempotency_key, tick_id, price, trigger_price, currency,
      case when channels = '' then '{}'::text[] else string_to_array(channels, ',') end, outcome, detail, fired_at,
      scope, coin_symbol, threshold_type, threshold_value
    from jsonb_to_recordset(${json}::jsonb) as e(alert_id uuid, user_id uuid, idempotency_key text, tick_id text,
      price numeric, trigger_price numeric, currency text, channels text, outcome text, detail text, fired_at timestamptz,
      scope text, coin_symbol text, threshold_type text, threshold_value numeric)
    on conflict (idempotency_key) do nothing
    returning id, idempotency_key as "idempotencyKey"`);
  return rowsOf<{ id: string; idempotencyKey: string }>(result);
}

/** An outbox message to write (see NewOutboxMessage for the fields' meaning). */
export interface NewOutboxRow {
  /** email, sms, or a channel beside them (domain EXTRA_CHANNELS). */
  channel: string;
  kind: string;
  recipient: string;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  dedupeKey: string;
  userId?: string | null;
  alertEventId?: string | null;
}

/** Inserts outbox messages in one statement, due now by the database's clock; a dedupe key seen before is skipped. */
export async function insertOutboxRows(tx: AppTx, rows: NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      channel: r.channel,
      kind: r.kind,
      recipient: r.recipient,
      subject: r.subject ?? null,
      body_text: r.bodyText,
      body_html: r.bodyHtml ?? null,
      dedupe_key: r.dedupeKey,
      user_id: r.userId ?? null,
      alert_event_id: r.alertEventId ?? null,
    })),
  );
  await tx.execute(sql`
    insert into outbox_messages (channel, kind, recipient, subject, body_text, body_html, dedupe_key, user_id, alert_event_id, next_attempt_at)
    select channel, kind, recipient, subject, body_text, body_html, dedupe_key, user_id, alert_event_id, now()
    from jsonb_to_recordset(${json}::jsonb) as m(channel text, kind text, recipient text, subject text, body_text text,
      body_html text, dedupe_key text, user_id uuid, alert_event_id uuid)
    on conflict (dedupe_key) do nothing`);
}
