/**
 * The outbox dispatcher's statements (DESIGN.md section 5, Delivery;): claim one due message at
 * a time with FOR UPDATE SKIP LOCKED under a short lease, renew the lease while the send runs, record
 * the result of each attempt, and settle the alert event a message belongs to once all of its messages
 * are done. Every time is the database's clock (`now()`), never a dispatcher's: a dispatcher whose
 * clock runs fast cannot take a live one's message, nor a slow one keep a dead one's.
 */
import { and, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { alertEvents, outboxMessages, usagePeriods } from '../schema/index.ts';
import { rowsOf } from './locks.ts';
import { ALERT_NOTICE_KEY_PREFIX } from './alert-firing.ts';
import type { OutboxMessage } from './outbox.ts';

/** `now() + ms` in the database. */
const nowPlus = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/** What the last holder of a message taken over from an expired lease left in `last_error`. */
export const LEASE_EXPIRED_ERROR = 'the dispatcher sending it stopped (lease expired)';

/**
 * Takes the most overdue message that is pending and due, or `sending` under a lease that has run out
 * (its dispatcher died), for `claimedBy`: it becomes `sending`, its attempt is counted, and it is
 * leased for `leaseMs`. Rows another dispatcher is claiming are skipped, not waited for.
 * @returns the claimed message, or null when none is due.
 */
export async function claimOutboxMessage(
  db: AppDb,
  opts: { claimedBy: string; leaseMs: number },
): Promise<OutboxMessage | null> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.status, ['pending', 'sending']),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(outboxMessages.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(outboxMessages)
    .set({
      status: 'sending',
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: nowPlus(opts.leaseMs),
      claimedBy: opts.claimedBy,
      attemptStartedAt: sql`now()`,
      // The right-hand side sees the row as it was: a message still `sending` lost its dispatcher.
      lastError: sql`case when ${outboxMessages.status} = 'sending' then ${LEASE_EXPIRED_ERROR} else ${outboxMessages.lastError} end`,
    })
    .where(sql`${outboxMessages.id} in ${due}`)
    .returning();
  return row ?? null;
}

/** The claim a result belongs to: a result for an older attempt of a re-claimed message changes nothing. */
export interface Claim {
  id: string;
  attempts: number;
}

const claimed = (claim: Claim) =>
  and(
    eq(outboxMessages.id, claim.id),
    eq(outboxMessages.status, 'sending'),
    eq(outboxMessages.attempts, claim.attempts),
  );

/** Extends the lease of a message being sent by `leaseMs` from now. False when the claim is no longer held. */
export async function renewOutboxLease(db: AppDb, claim: Claim, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ nextAttemptAt: nowPlus(leaseMs) })
    .where(claimed(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

export async function markOutboxSent(db: AppDb, claim: Claim, providerId: string): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: sql`now()`, providerId, lastError: null })
    .where(claimed(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** Back to pending, due again `delayMs` from now. */
export async function markOutboxRetry(
  db: AppDb,
  claim: Claim,
  error: string,
  delayMs: number,
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'pending', nextAttemptAt: nowPlus(delayMs), lastError: error.slice(0, 1000) })
    .where(claimed(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

export async function markOutboxFailed(db: AppDb, claim: Claim, error: string): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'failed', lastError: error.slice(0, 1000) })
    .where(claimed(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/**
 * Provider ids other outbox messages to `recipient` on `channel` were recorded with since `since`: an
 * id found at the provider that belongs to another message is not this message's.
 */
export async function providerIdsSentTo(
  db: AppDb,
  opts: { channel: string; recipient: string; since: Date; exceptId: string },
): Promise<Set<string>> {
  const rows = await db
    .select({ providerId: outboxMessages.providerId })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, opts.channel),
        eq(outboxMessages.recipient, opts.recipient),
        isNotNull(outboxMessages.providerId),
        ne(outboxMessages.id, opts.exceptId),
        sql`${outboxMessages.createdAt} >= ${opts.since.toISOString()}::timestamptz`,
      ),
    );
  return new Set(rows.map((r) => r.providerId!));
}

/**
 * Once every message of a queued alert event is sent or failed, records its outcome (delivered,
 * partially_delivered or failed) and gives back the allowance the failures used: each failed channel its
 * own count, and the notification itself when nothing reached the user. A combined message (one per
 * user, tick and channel, telling every alert the tick fired for the user) names the first event it
 * tells; settling it settles all of them, each by the messages of the channels it asked for, and gives
 * the allowance back once, as it was counted once.
 * @returns the outcome written for `eventId`, or null while messages are still under way (or it was
 * settled before).
 */
export async function settleAlertEvent(db: AppDb, eventId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    // The messages of a notice all name this event: its lock makes one settlement at a time.
    const [event] = await tx.select().from(alertEvents).where(eq(alertEvents.id, eventId)).for('update');
    if (!event || event.outcome !== 'queued') return null;
    const messages = await tx
      .select({
        channel: outboxMessages.channel,
        status: outboxMessages.status,
        dedupeKey: outboxMessages.dedupeKey,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.alertEventId, eventId));
    if (messages.some((m) => m.status === 'pending' || m.status === 'sending')) return null;
    const combined = messages.some((m) => m.dedupeKey.startsWith(ALERT_NOTICE_KEY_PREFIX));
    // The events of one notice: the same user and tick, written in one transaction at one instant.
    const told = combined
      ? await tx
          .select()
          .from(alertEvents)
          .where(
            and(
              eq(alertEvents.userId, event.userId),
              eq(alertEvents.firedAt, event.firedAt),
              eq(alertEvents.tickId, event.tickId),
              eq(alertEvents.outcome, 'queued'),
            ),
          )
          .orderBy(alertEvents.id)
          .for('update')
      : [event];
    // A combined message goes on each channel any of its events asked for; each event is judged by its own.
    const messagesOf = (e: { channels: string[] }) =>
      combined ? messages.filter((m) => e.channels.includes(m.channel)) : messages;
    const byOutcome = new Map<string, string[]>();
    for (const e of told) {
      const outcome = outcomeOf(messagesOf(e));
      byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), e.id]);
    }
    for (const [outcome, ids] of byOutcome) {
      await tx
        .update(alertEvents)
        .set({ outcome })
        .where(
          sql`${alertEvents.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
        );
    }
    const failed = messages.filter((m) => m.status === 'failed');
    if (failed.length > 0) {
      const sent = messages.length - failed.length;
      const email = failed.filter((m) => m.channel === 'email').length;
      const sms = failed.filter((m) => m.channel === 'sms').length;
      await tx
        .update(usagePeriods)
        .set({
          emailSent: sql`greatest(0, ${usagePeriods.emailSent} - ${email})`,
          smsSent: sql`greatest(0, ${usagePeriods.smsSent} - ${sms})`,
          notificationsSent: sql`greatest(0, ${usagePeriods.notificationsSent} - ${sent === 0 ? 1 : 0})`,
        })
        .where(
          and(
            eq(usagePeriods.userId, event.userId),
            lte(usagePeriods.periodStart, event.firedAt),
            sql`${usagePeriods.periodEnd} > ${event.firedAt.toISOString()}::timestamptz`,
          ),
        );
    }
    return outcomeOf(messagesOf(event));
  });
}

/** An event's outcome from its messages, all done: none reached the user (or none was written) is failed. */
function outcomeOf(messages: { status: string }[]): string {
  const sent = messages.filter((m) => m.status === 'sent').length;
  if (sent === 0) return 'failed';
  return sent === messages.length ? 'delivered' : 'partially_delivered';
}

/** Counts of outbox rows by status (for metrics and tests). */
export async function countOutboxByStatus(db: AppDb): Promise<Record<string, number>> {
  const result = await db.execute(
    sql`select status, count(*)::int as n from outbox_messages group by status`,
  );
  return Object.fromEntries(
    rowsOf<{ status: string; n: number }>(result).map((r) => [r.status, Number(r.n)]),
  );
}
