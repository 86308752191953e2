import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { outboxMessages } from './outbox.ts';
import { users } from './users.ts';

/**
 * A destination of the alert channels beside e-mail and SMS (docs/alert-channels.md): a signed webhook,
 * a browser's push subscription, a Discord or Slack incoming webhook, a Telegram chat. An alert asks for a
 * channel kind (`alerts.channels`); its messages go to every confirmed destination of that kind.
 */
export const alertDestinations = pgTable(
  'alert_destinations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** webhook, push, discord, slack or telegram (domain EXTRA_CHANNELS). */
    kind: text().notNull(),
    /** What the user calls it, shown on the account page. */
    label: text().notNull(),
    /** The URL posted to (webhook, discord, slack, push endpoint); a Telegram chat id. */
    target: text().notNull(),
    /**
     * Sealed (adapters/src/secrets) under `keyId`: the webhook's signing secret, a push subscription's keys
     * as JSON. Null for destinations with nothing secret.
     */
    secret: text(),
    keyId: text(),
    /** When the destination answered its test delivery: nothing is sent to it before. */
    confirmedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index('alert_destinations_user_idx').on(t.userId, t.kind)],
);

/** One attempt to deliver to a webhook-like destination, with the answer, for the delivery log. */
export const destinationDeliveries = pgTable(
  'destination_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    destinationId: uuid()
      .notNull()
      .references(() => alertDestinations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outboxId: uuid().references(() => outboxMessages.id, { onDelete: 'set null' }),
    /** alert or test. */
    kind: text().notNull(),
    attempt: integer().notNull(),
    /** The HTTP status answered; null when no answer came (refused, timed out). */
    statusCode: integer(),
    error: text(),
    durationMs: integer().notNull(),
    at: instant().notNull().defaultNow(),
  },
  (t) => [index('destination_deliveries_dest_idx').on(t.destinationId, t.at)],
);

/**
 * Where a worker job that reads a stream from outside left off, by job name: the Telegram poller keeps
 * the next getUpdates offset here, so whichever worker holds its lock next goes on from it.
 */
export const jobCursors = pgTable('job_cursors', {
  name: text().primaryKey(),
  position: bigint({ mode: 'number' }).notNull(),
  updatedAt: instant().notNull().defaultNow(),
});
