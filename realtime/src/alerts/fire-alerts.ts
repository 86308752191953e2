/**
 * Firing (DESIGN.md section 5): in one transaction the alerts are paused by their trigger, the allowance
 * is counted under a row lock, one alert event per alert is written under the idempotency key
 * `alertId:tickId`, and the e-mail and SMS go to the outbox. Sending happens later, in the dispatcher,
 * so firing a thousand alerts costs a few statements, not a thousand SMTP sessions.
 */
import {
  claimAlerts,
  existingEventKeys,
  insertAlertEvents,
  insertOutboxRows,
  loadRecipients,
  lockUsageRows,
  saveUsageRows,
  toSubscriptionState,
  type AlertRecord,
  type AppDb,
  type NewAlertEvent,
  type NewOutboxRow,
  type UsageKey,
  type UsageRecord,
} from '@coinpace/db';
import {
  addUsage,
  decideDelivery,
  displayCurrencyOf,
  findPlan,
  hasActivePlan,
  rateOf,
  renderAlertEmail,
  renderAlertSms,
  type AlertNotice,
  type AlertScope,
  type AlertTriggeredPayload,
  type AllowanceLimits,
  type DisplayCurrency,
  type FxRates,
  type NotificationMethod,
  type ThresholdType,
  usagePeriodAt,
} from '@coinpace/domain';
import type { Firing } from './evaluate-tick.ts';

/** Alerts fired per transaction: bounds lock time when a crash moves many coins at once. */
export const FIRE_CHUNK = 1000;

export interface FireOptions {
  tickId: string;
  now: Date;
  /** PUBLIC_URL, for the link to the alerts page. */
  publicUrl: string;
  /** The prices are the simulated demo feed: the messages say so. */
  simulated?: boolean;
  /** The tick's display-currency rates: an alert set in another currency is told in it (issue 18). */
  rates?: FxRates;
}

/** One alert fired by this call, as the user's sockets are told. */
export interface FiredAlert {
  userId: string;
  payload: AlertTriggeredPayload;
}

/** Fires the alerts in chunks; alerts fired before for this tick, or no longer Active, are left alone. */
export async function fireAlerts(db: AppDb, firings: Firing[], opts: FireOptions): Promise<FiredAlert[]> {
  const fired: FiredAlert[] = [];
  const unique = [...new Map(firings.map((f) => [f.alertId, f])).values()];
  for (let i = 0; i < unique.length; i += FIRE_CHUNK) {
    fired.push(...(await fireChunk(db, unique.slice(i, i + FIRE_CHUNK), opts)));
  }
  return fired;
}

async function fireChunk(db: AppDb, firings: Firing[], opts: FireOptions): Promise<FiredAlert[]> {
  const key = (alertId: string) => `${alertId}:${opts.tickId}`;
  const byAlert = new Map(firings.map((f) => [f.alertId, f]));
  return db.transaction(async (tx) => {
    const seen = await existingEventKeys(
      tx,
      firings.map((f) => key(f.alertId)),
    );
    const claimed = await claimAlerts(
      tx,
      firings.filter((f) => !seen.has(key(f.alertId))).map((f) => f.alertId),
      opts.now,
    );
    if (claimed.length === 0) return [];
    claimed.sort((a, b) => (a.id < b.id ? -1 : 1));

    const recipients = new Map(
      (await loadRecipients(tx, [...new Set(claimed.map((a) => a.userId))])).map((r) => [r.id, r]),
    );
    const plans = new Map<string, { limits: AllowanceLimits; period: UsageKey }>();
    for (const [userId, r] of recipients) {
      const state = toSubscriptionState(r.subscription ?? undefined);
      const plan = hasActivePlan(state) ? findPlan(state.planId) : undefined;
      if (!plan || r.deletedAt) continue;
      const { totalAlerts: total, emailAlerts: email, smsAlerts: sms } = plan.features;
      plans.set(userId, {
        limits: { total, email, sms },
        period: { userId, ...periodKey(usagePeriodAt(state, opts.now)) },
      });
    }
    const usage = new Map<string, UsageRecord>(
      (
        await lockUsageRows(
          tx,
          [...plans.values()].map((p) => p.period),
        )
      ).map((u) => [u.userId, u]),
    );

    const events: NewAlertEvent[] = [];
    const pendingMessages: { key: string; rows: Omit<NewOutboxRow, 'dedupeKey'>[] }[] = [];
    const payloads = new Map<string, FiredAlert>();
    for (const alert of claimed) {
      const firing = byAlert.get(alert.id)!;
      const recipient = recipients.get(alert.userId);
      const plan = plans.get(alert.userId);
      const row = usage.get(alert.userId);
      const contact = recipient?.deletedAt
        ? { email: null, phone: null }
        : {
            email: recipient?.email ?? null,
            phone: recipient?.phone ?? null,
            emailVerified: Boolean(recipient?.emailVerifiedAt),
            phoneVerified: Boolean(recipient?.phoneVerifiedAt),
          };
      const used = { total: row?.notificationsSent ?? 0, email: row?.emailSent ?? 0, sms: row?.smsSent ?? 0 };
      const decision = decideDelivery(
        alert.notificationMethod as NotificationMethod,
        contact,
        plan?.limits ?? null,
        used,
      );
      if (row) {
        const next = addUsage(used, decision);
        Object.assign(row, { notificationsSent: next.total, emailSent: next.email, smsSent: next.sms });
      }
      const told = toldIn(alert, opts);
      const notice = noticeOf(alert, firing, told, opts);
      events.push({
        alertId: alert.id,
        userId: alert.userId,
        idempotencyKey: key(alert.id),
        tickId: opts.tickId,
        price: told.rate === 1 ? firing.price : String(notice.price),
        triggerPrice: eventTrigger(alert, firing, told),
        currency: notice.currency,
        channels: decision.channels,
        outcome: decision.outcome,
        detail: [...decision.notes, ...crossedNote(firing)].join('; ') || null,
        firedAt: opts.now,
        // The alert as it fired, so its history names it after it is changed or deleted (issue 15 item 4).
        scope: alert.scope,
        coinSymbol: alert.scope === 'portfolio' ? null : (firing.crossed?.[0]?.symbol ?? alert.coinSymbol),
        thresholdType: alert.thresholdType,
        thresholdValue: alert.thresholdValue,
      });
      const rows: Omit<NewOutboxRow, 'dedupeKey'>[] = [];
      for (const channel of decision.channels) {
        const common = { channel, kind: 'alert', userId: alert.userId };
        if (channel === 'email') {
          const mail = renderAlertEmail(notice);
          rows.push({
            ...common,
            recipient: contact.email!,
            subject: mail.subject,
            bodyText: mail.text,
            bodyHtml: mail.html,
          });
        } else {
          rows.push({ ...common, recipient: contact.phone!, bodyText: renderAlertSms(notice) });
        }
      }
      pendingMessages.push({ key: key(alert.id), rows });
      payloads.set(key(alert.id), {
        userId: alert.userId,
        payload: {
          alertId: alert.id,
          coinSymbol:
            notice.scope === 'portfolio'
              ? 'PORTFOLIO_TOTAL'
              : (firing.crossed?.[0]?.symbol ?? alert.coinSymbol ?? ''),
          coingeckoId: alert.coingeckoId ?? firing.crossed?.[0]?.coingeckoId ?? null,
          thresholdType: alert.thresholdType as ThresholdType,
          thresholdValue: Number(alert.thresholdValue),
          price: notice.price,
          currency: notice.currency,
          firedAt: opts.now.getTime(),
          outcome: decision.outcome === 'queued' ? 'queued' : 'skipped_allowance',
        },
      });
    }

    const written = new Map((await insertAlertEvents(tx, events)).map((e) => [e.idempotencyKey, e.id]));
    const outbox: NewOutboxRow[] = [];
    for (const { key: k, rows } of pendingMessages) {
      const eventId = written.get(k);
      if (!eventId) continue;
      for (const row of rows)
        outbox.push({ ...row, alertEventId: eventId, dedupeKey: `alert:${eventId}:${row.channel}` });
    }
    await insertOutboxRows(tx, outbox);
    await saveUsageRows(tx, [...usage.values()]);
    return [...written.keys()].map((k) => payloads.get(k)!);
  });
}

const periodKey = (p: { start: Date; end: Date }) => ({ periodStart: p.start, periodEnd: p.end });

/**
 * The currency an alert's messages and event are told in, and its rate per dollar: the alert's currency at
 * the tick's rate (issue 18). Without a rate for it in the tick (a percentage alert fires on the dollar
 * prices alone) they are told in dollars, and say so by their signs.
 */
function toldIn(alert: AlertRecord, opts: FireOptions): { currency: DisplayCurrency; rate: number } {
  const wanted = displayCurrencyOf(alert.currency);
  const rate = rateOf(wanted, opts.rates ?? {});
  return rate === undefined ? { currency: 'usd', rate: 1 } : { currency: wanted, rate };
}

/** What the messages say, every amount in `told`'s currency. An Above/Below threshold already is. */
function noticeOf(
  alert: AlertRecord,
  firing: Firing,
  told: { currency: DisplayCurrency; rate: number },
  opts: FireOptions,
): AlertNotice & { currency: DisplayCurrency } {
  const convert = (usd: number) => usd * told.rate;
  const reference =
    firing.cost !== undefined
      ? firing.cost
      : alert.referenceValue === null
        ? null
        : Number(alert.referenceValue);
  return {
    scope: alert.scope as AlertScope,
    coinSymbol: alert.coinSymbol,
    coinName: alert.coinName,
    thresholdType: alert.thresholdType as ThresholdType,
    thresholdValue: Number(alert.thresholdValue),
    currency: told.currency,
    price: convert(Number(firing.price)),
    referenceValue: reference === null ? null : convert(reference),
    crossed: firing.crossed?.map((c) => ({
      ...c,
      price: convert(c.price),
      purchasePrice: convert(c.purchasePrice),
    })),
    alertsUrl: `${opts.publicUrl}/alerts`,
    simulated: opts.simulated === true,
  };
}

/**
 * The trigger an event records, in `told`'s currency: an Above/Below alert's own trigger (kept in its
 * currency), a Gain/Loss trigger (dollars) or a whole-portfolio alert's target at the tick's rate.
 */
function eventTrigger(
  alert: AlertRecord,
  firing: Firing,
  told: { currency: DisplayCurrency; rate: number },
): string | null {
  if (alert.triggerPrice !== null && alert.triggerCurrency === told.currency) return alert.triggerPrice;
  const usd = alert.triggerPrice ?? (firing.target === undefined ? null : String(firing.target));
  return usd === null ? null : String(Number(usd) * told.rate);
}

function crossedNote(firing: Firing): string[] {
  if (!firing.crossed?.length) return [];
  return [`holdings: ${firing.crossed.map((c) => `${c.symbol} ${c.changePercent.toFixed(2)}%`).join(', ')}`];
}
