/**
 * Firing (DESIGN.md section 5): in one transaction per batch of users, the alerts are locked, the
 * allowance is counted under a row lock, one alert event per alert is written under the idempotency key
 * `alertId:tickId`, the alerts that went out are paused by their trigger, and the messages go to the
 * outbox. All alerts a tick fires for one user go out as one message per channel (key
 * `alert-notice:{userId}:{tickId}:{channel}`), which counts once against the allowance, so a market-wide
 * move that crosses sixteen alerts sends one e-mail and one SMS. A firing skipped because the allowance
 * is used up leaves its alert Active (see alert-skips.ts in db). Sending happens later, in the
 * dispatcher, so firing a thousand alerts costs a few statements, not a thousand SMTP sessions.
 */
import {
  confirmedDestinationsOf,
  existingEventKeys,
  insertAlertEvents,
  insertOutboxRows,
  isSkipOnRecord,
  loadRecipients,
  lockActiveAlerts,
  lockUsageRows,
  pauseFiredAlerts,
  recordAllowanceSkips,
  saveUsageRows,
  toSubscriptionState,
  recentChannelMessages,
  usersNotifiedForTick,
  type AlertDestination,
  type AlertRecord,
  type AppDb,
  type AppTx,
  type NewAlertEvent,
  type NewOutboxRow,
  type UsageKey,
  type UsageRecord,
} from '@coinpace/db';
import {
  CHANNEL_MESSAGES_PER_HOUR,
  addNoticeUsage,
  decideDelivery,
  findPlan,
  hasActivePlan,
  isEventKind,
  type AlertNotice,
  type AlertTriggeredPayload,
  type AllowanceLimits,
  type ContactInfo,
  type DeliveryDecision,
  type FxRates,
  type NotificationMethod,
  usagePeriodAt,
} from '@coinpace/domain';
import { crossedNote, eventTrigger, noticeOf, toldIn, triggeredPayload } from './alert-notice.ts';
import { inNoticeOrder, noticeMessages } from './notice-messages.ts';
import type { Firing } from './evaluate-tick.ts';

/**
 * Alerts fired per transaction, about: bounds lock time when a crash moves many coins at once. A user's
 * firings of one tick are never split, since they make one message.
 */
export const FIRE_CHUNK = 1000;

export interface FireOptions {
  tickId: string;
  now: Date;
  /** PUBLIC_URL, for the link to the alerts page. */
  publicUrl: string;
  /** The prices are the simulated demo feed: the messages say so. */
  simulated?: boolean;
  /** The tick's display-currency rates: an alert set in another currency is told in it. */
  rates?: FxRates;
}

/** One alert fired by this call (its event written), as the user's sockets are told. */
export interface FiredAlert {
  userId: string;
  payload: AlertTriggeredPayload;
}

/**
 * Fires the alerts in chunks of whole users. Alerts fired before for this tick, no longer Active, of a
 * user already sent this tick's message, or skipped before in the same crossing are left alone.
 */
export async function fireAlerts(db: AppDb, firings: Firing[], opts: FireOptions): Promise<FiredAlert[]> {
  const fired: FiredAlert[] = [];
  const unique = [...new Map(firings.map((f) => [f.alertId, f])).values()];
  for (const chunk of chunksOfUsers(unique, FIRE_CHUNK)) fired.push(...(await fireChunk(db, chunk, opts)));
  return fired;
}

/** Firings in chunks of about `size`, each user's in one chunk. */
function chunksOfUsers(firings: Firing[], size: number): Firing[][] {
  const chunks: Firing[][] = [];
  let chunk: Firing[] = [];
  for (const own of groupBy(firings, (f) => f.userId).values()) {
    if (chunk.length > 0 && chunk.length + own.length > size) {
      chunks.push(chunk);
      chunk = [];
    }
    chunk.push(...own);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** One alert's firing as decided. */
interface Decided {
  alert: AlertRecord;
  decision: DeliveryDecision;
  /** The channels beside e-mail and SMS it goes out on (unmetered, see extraChannels). */
  extras: string[];
  notice: AlertNotice & { currency: AlertTriggeredPayload['currency'] };
  event: NewAlertEvent;
  payload: FiredAlert;
}

async function fireChunk(db: AppDb, firings: Firing[], opts: FireOptions): Promise<FiredAlert[]> {
  const key = (alertId: string) => `${alertId}:${opts.tickId}`;
  const byAlert = new Map(firings.map((f) => [f.alertId, f]));
  return db.transaction(async (tx) => {
    const seen = await existingEventKeys(
      tx,
      firings.map((f) => key(f.alertId)),
    );
    const fresh = firings.filter((f) => !seen.has(key(f.alertId)));
    // A tick handled again after its message went out sends nothing more: the user's alerts it did not
    // fire then stay Active and fire on the next tick past their trigger.
    const notified = await usersNotifiedForTick(tx, [...new Set(fresh.map((f) => f.userId))], opts.tickId);
    const locked = await lockActiveAlerts(
      tx,
      fresh.filter((f) => !notified.has(f.userId)).map((f) => f.alertId),
    );
    if (locked.length === 0) return [];
    const users = await loadAllowances(tx, [...new Set(locked.map((a) => a.userId))], opts.now);
    const extra = await loadExtraChannels(tx, locked);

    const decided: Decided[] = [];
    for (const [userId, alerts] of groupBy(locked, (a) => a.userId)) {
      const user = users.get(userId);
      const used = usageOf(user?.usage);
      for (const alert of alerts.sort(inNoticeOrder)) {
        // Every alert of the user is judged against the usage before this tick: they share one message.
        const metered = decideDelivery(
          alert.notificationMethod as NotificationMethod,
          user?.contact ?? { email: null, phone: null },
          user?.limits ?? null,
          used,
        );
        const { extras, notes } = user?.limits ? extraChannels(alert, extra) : { extras: [], notes: [] };
        const decision = withExtras(metered, extras, notes);
        // The skip of this crossing is on record: nothing new to say until the allowance allows.
        // An event kind's firings are each news of their own: a skip of one says nothing of the next.
        if (decision.outcome === 'skipped_allowance' && isSkipOnRecord(alert) && !isEventKind(alert.scope))
          continue;
        decided.push(decide(alert, byAlert.get(alert.id)!, decision, extras, opts));
      }
    }

    const written = new Map(
      (
        await insertAlertEvents(
          tx,
          decided.map((d) => d.event),
        )
      ).map((e) => [e.idempotencyKey, e.id]),
    );
    const done = decided.filter((d) => written.has(d.event.idempotencyKey));
    const outbox: NewOutboxRow[] = [];
    for (const [userId, own] of groupBy(done, (d) => d.alert.userId)) {
      const user = users.get(userId);
      const queued = own.filter((d) => d.decision.outcome === 'queued');
      if (queued.length > 0 && user) {
        outbox.push(
          ...noticeMessages({
            userId,
            tickId: opts.tickId,
            contact: user.contact,
            // The messages name the first event they tell; the dispatcher settles them all through it.
            eventId: written.get(queued[0]!.event.idempotencyKey)!,
            alerts: queued.map((d) => ({
              channels: [...d.decision.channels, ...d.extras],
              notice: d.notice,
            })),
            destinations: extra.destinations.get(userId) ?? [],
            now: opts.now,
          }),
        );
      }
      if (user?.usage) {
        const next = addNoticeUsage(
          usageOf(user.usage),
          own.map((d) => d.decision),
        );
        Object.assign(user.usage, {
          notificationsSent: next.total,
          emailSent: next.email,
          smsSent: next.sms,
        });
      }
    }
    const skipped = (d: Decided) => d.decision.outcome === 'skipped_allowance';
    // An event kind stays Active: each movement and each sync problem is told once, by its own key.
    await pauseFiredAlerts(
      tx,
      done.filter((d) => !skipped(d) && !isEventKind(d.alert.scope)).map((d) => d.alert.id),
      opts.now,
    );
    await recordAllowanceSkips(
      tx,
      done.filter(skipped).map((d) => d.alert.id),
      opts.now,
    );
    await insertOutboxRows(tx, outbox);
    await saveUsageRows(
      tx,
      [...users.values()].flatMap((u) => (u.usage ? [u.usage] : [])),
    );
    return done.map((d) => d.payload);
  });
}

/** A user's contact details, plan allowance and usage row (locked) in the period in force. */
interface UserAllowance {
  contact: ContactInfo;
  limits: AllowanceLimits | null;
  usage?: UsageRecord;
}

async function loadAllowances(tx: AppTx, userIds: string[], now: Date): Promise<Map<string, UserAllowance>> {
  const users = new Map<string, UserAllowance>();
  const periods: UsageKey[] = [];
  for (const r of await loadRecipients(tx, userIds)) {
    const state = toSubscriptionState(r.subscription ?? undefined);
    const plan = hasActivePlan(state) && !r.deletedAt ? findPlan(state.planId) : undefined;
    const contact = r.deletedAt
      ? { email: null, phone: null }
      : {
          email: r.email ?? null,
          phone: r.phone ?? null,
          emailVerified: Boolean(r.emailVerifiedAt),
          phoneVerified: Boolean(r.phoneVerifiedAt),
        };
    if (!plan) {
      users.set(r.id, { contact, limits: null });
      continue;
    }
    const { totalAlerts: total, emailAlerts: email, smsAlerts: sms } = plan.features;
    users.set(r.id, { contact, limits: { total, email, sms } });
    const period = usagePeriodAt(state, now);
    periods.push({ userId: r.id, periodStart: period.start, periodEnd: period.end });
  }
  for (const row of await lockUsageRows(tx, periods)) users.get(row.userId)!.usage = row;
  return users;
}

const usageOf = (row: UsageRecord | undefined) => ({
  total: row?.notificationsSent ?? 0,
  email: row?.emailSent ?? 0,
  sms: row?.smsSent ?? 0,
});

/** The event, notice and socket payload of one alert's firing. */
function decide(
  alert: AlertRecord,
  firing: Firing,
  decision: DeliveryDecision,
  extras: string[],
  opts: FireOptions,
): Decided {
  const told = toldIn(alert, opts.rates);
  const notice = noticeOf(alert, firing, told, opts);
  const event: NewAlertEvent = {
    alertId: alert.id,
    userId: alert.userId,
    idempotencyKey: `${alert.id}:${opts.tickId}`,
    tickId: opts.tickId,
    price: told.rate === 1 ? firing.price : String(notice.price),
    triggerPrice: eventTrigger(alert, firing, told),
    currency: notice.currency,
    channels: [...decision.channels, ...extras],
    outcome: decision.outcome,
    detail: [...decision.notes, ...crossedNote(firing)].join('; ') || null,
    firedAt: opts.now,
    // The alert as it fired, so its history names it after it is changed or deleted.
    scope: alert.scope,
    coinSymbol:
      alert.scope === 'portfolio'
        ? null
        : (firing.event?.symbol ?? firing.crossed?.[0]?.symbol ?? alert.coinSymbol),
    thresholdType: alert.thresholdType,
    thresholdValue: alert.thresholdValue,
  };
  const payload = {
    userId: alert.userId,
    payload: triggeredPayload(alert, firing, notice, decision.outcome === 'queued', opts.now),
  };
  return { alert, decision, extras, notice, event, payload };
}

/** The users' confirmed destinations by user, and their messages per channel in the last hour. */
interface ExtraChannelState {
  destinations: Map<string, AlertDestination[]>;
  recent: Map<string, number>;
}

async function loadExtraChannels(tx: AppTx, alerts: AlertRecord[]): Promise<ExtraChannelState> {
  const asking = alerts.filter((a) => a.channels.length > 0);
  const userIds = [...new Set(asking.map((a) => a.userId))];
  const kinds = [...new Set(asking.flatMap((a) => a.channels))];
  const destinations = groupBy(await confirmedDestinationsOf(tx, userIds, kinds), (d) => d.userId);
  return { destinations, recent: await recentChannelMessages(tx, userIds, kinds) };
}

/**
 * The channels beside e-mail and SMS one alert goes out on: those it asks for with a confirmed
 * destination, while the user's messages on the channel in the last hour are under
 * CHANNEL_MESSAGES_PER_HOUR. They are not metered by the plan's allowance.
 */
function extraChannels(alert: AlertRecord, state: ExtraChannelState): { extras: string[]; notes: string[] } {
  const own = state.destinations.get(alert.userId) ?? [];
  const extras: string[] = [];
  const notes: string[] = [];
  for (const kind of alert.channels) {
    if (!own.some((d) => d.kind === kind)) notes.push(`no confirmed ${kind} destination`);
    else if ((state.recent.get(`${alert.userId}:${kind}`) ?? 0) >= CHANNEL_MESSAGES_PER_HOUR) {
      notes.push(`${kind} hourly limit reached`);
    } else extras.push(kind);
  }
  return { extras, notes };
}

/** A metered decision with the unmetered channels added: any channel at all makes the firing queued. */
function withExtras(decision: DeliveryDecision, extras: string[], notes: string[]): DeliveryDecision {
  if (extras.length === 0)
    return notes.length > 0 ? { ...decision, notes: [...decision.notes, ...notes] } : decision;
  if (decision.outcome === 'queued') return { ...decision, notes: [...decision.notes, ...notes] };
  return { outcome: 'queued', channels: [], notes: [...decision.notes, ...notes] };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(keyOf(item));
    if (list) list.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}
