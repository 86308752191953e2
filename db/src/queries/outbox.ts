import { sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { outboxMessages } from '../schema/index.ts';

export type OutboxMessage = typeof outboxMessages.$inferSelect;

/** What a feature hands to the outbox; the dispatcher delivers it (DESIGN.md section 5). */
export interface NewOutboxMessage {
  /** email, sms, or a channel beside them (domain EXTRA_CHANNELS). */
  channel: string;
  /** What caused it: alert, contact, report, lifecycle, … (for logs and metrics). */
  kind: string;
  /** E-mail address or E.164 phone number. */
  recipient: string;
  subject?: string;
  bodyText: string;
  bodyHtml?: string;
  /** The message exists once per key: enqueueing the same key again does nothing. */
  dedupeKey: string;
  userId?: string | null;
  alertEventId?: string | null;
  /** Not before this time (default: now, by the database's clock, which the dispatcher goes by). */
  notBefore?: Date;
}

/**
 * Writes a message to the outbox, in the caller's transaction when given one, so the message exists
 * exactly when the change that causes it commits.
 * @returns the new row, or null when a message with this dedupe key already exists.
 */
export async function enqueueOutbox(
  db: AppDb | AppTx,
  message: NewOutboxMessage,
): Promise<OutboxMessage | null> {
  const { notBefore, ...values } = message;
  const [row] = await db
    .insert(outboxMessages)
    .values({ ...values, nextAttemptAt: notBefore ?? sql`now()` })
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning();
  return row ?? null;
}
