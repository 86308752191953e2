import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A user's plan subscription, mirrored from the payment provider (DESIGN.md section 7). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** stripe or local. */
    provider: text().notNull(),
    customerId: text(),
    subscriptionId: text(),
    /** basic, pro, enterprise; null for no plan. */
    planId: text(),
    /** none, pending, trialing, active, past_due, canceled, incomplete. */
    status: text().notNull().default('none'),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    currentPeriodStart: instant(),
    currentPeriodEnd: instant(),
    trialEnd: instant(),
    canceledAt: instant(),
    /** `created` of the newest provider event applied, so an older event arriving late changes nothing. */
    lastEventAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_subscription_id_key').on(t.subscriptionId),
    uniqueIndex('subscriptions_customer_id_key').on(t.customerId),
  ],
);

/** Notifications delivered per user and billing period, counted against the plan's allowance. */
export const usagePeriods = pgTable(
  'usage_periods',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: instant().notNull(),
    periodEnd: instant().notNull(),
    notificationsSent: integer().notNull().default(0),
    emailSent: integer().notNull().default(0),
    smsSent: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] })],
);

/** Checkout sessions of the local payment provider (embedded default). */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text().notNull(),
  successUrl: text().notNull(),
  cancelUrl: text().notNull(),
  /** open, complete, canceled, expired. */
  status: text().notNull().default('open'),
  createdAt: createdAt(),
  expiresAt: instant().notNull(),
  completedAt: instant(),
});

/** Provider webhook events already applied, so each is applied once. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  processedAt: createdAt(),
});
