import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { alertEvents } from './alerts.ts';
import { createdAt, instant } from './columns.ts';
import { users } from './users.ts';

/**
 * Messages to send, written in the same transaction as the change that causes them and
 * delivered by the dispatcher (DESIGN.md section 5). `dedupeKey` makes a message exist once.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** email or sms. */
    channel: text().notNull(),
    /** alert, contact, report, lifecycle, … */
    kind: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    bodyText: text().notNull(),
    bodyHtml: text(),
    dedupeKey: text().notNull(),
    /** pending, sending, sent, failed. */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /**
     * pending: not before this time. sending: the end of the dispatcher's lease (renewed while the send
     * runs); once passed, another dispatcher takes the message over. Database clock.
     */
    nextAttemptAt: instant().notNull().defaultNow(),
    /** The dispatcher (host-pid) that holds or last held the message. */
    claimedBy: text(),
    /** When the latest attempt began, database clock. */
    attemptStartedAt: instant(),
    lastError: text(),
    /** The provider's message id once sent. */
    providerId: text(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    alertEventId: uuid().references(() => alertEvents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: instant(),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_key').on(t.dedupeKey),
    // Due pending messages and expired leases are claimed by the same query.
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
