/**
 * The outbox dispatcher's statements (DESIGN.md section 5, Delivery): claim due messages with
 * FOR UPDATE SKIP LOCKED under a lease, record the result of each attempt, and settle the alert event
 * a message belongs to once all of its messages are done.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { alertEvents, outboxMessages, usagePeriods } from '../schema/index.ts';
import { rowsOf } from './locks.ts';
import type { OutboxMessage } from './outbox.ts';

/**
 * Takes up to `limit` due pending messages for this dispatcher: each becomes `sending` with its attempt
 * counted and `next_attempt_at` moved to the end of the lease. Rows another dispatcher is claiming are
 * skipped, not waited for, so each message goes to one dispatcher.
 */
export async function claimOutbox(
  db: AppDb,
  opts: { now: Date; limit: number; leaseMs: number },
): Promise<OutboxMessage[]> {
  const leaseEnd = new Date(opts.now.getTime() + opts.leaseMs);
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, opts.now)))
    .orderBy(outboxMessages.nextAttemptAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ status: 'sending', attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: leaseEnd })
    .where(sql`${outboxMessages.id} in ${due}`)
    .returning();
}

/**
 * Returns messages whose lease ran out while `sending` (their dispatcher died) to `pending`, so they are
 * tried again. The lease is longer than any send may take, so a live dispatcher never loses its message.
 */
export async function releaseExpiredLeases(db: AppDb, now: Date): Promise<number> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'pending', lastError: 'dispatcher stopped while sending' })
    .where(and(eq(outboxMessages.status, 'sending'), lte(outboxMessages.nextAttemptAt, now)))
    .returning({ id: outboxMessages.id });
  return rows.length;
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

export async function markOutboxSent(
  db: AppDb,
  claim: Claim,
  providerId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: now, providerId, lastError: null })
    .where(claimed(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

export async function markOutboxRetry(
  db: AppDb,
  claim: Claim,
  error: string,
  nextAttemptAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'pending', nextAttemptAt, lastError: error.slice(0, 1000) })
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
 * Once every message of a queued alert event is sent or failed, records the event's outcome
 * (delivered, partially_delivered or failed) and gives back the allowance the failures used: each
 * failed channel its own count, and the notification itself when nothing reached the user.
 * @returns the outcome written, or null while messages are still under way (or it was settled before).
 */
export async function settleAlertEvent(db: AppDb, eventId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(alertEvents).where(eq(alertEvents.id, eventId)).for('update');
    if (!event || event.outcome !== 'queued') return null;
    const messages = await tx
      .select({ channel: outboxMessages.channel, status: outboxMessages.status })
      .from(outboxMessages)
      .where(eq(outboxMessages.alertEventId, eventId));
    if (messages.some((m) => m.status === 'pending' || m.status === 'sending')) return null;
    const sent = messages.filter((m) => m.status === 'sent').length;
    const failed = messages.filter((m) => m.status === 'failed');
    const outcome = failed.length === 0 ? 'delivered' : sent > 0 ? 'partially_delivered' : 'failed';
    await tx.update(alertEvents).set({ outcome }).where(eq(alertEvents.id, eventId));
    if (failed.length > 0) {
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
    return outcome;
  });
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
