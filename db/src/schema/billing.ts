import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Orders reads of the provider's subscriptions across processes: a ticket is drawn before each read, and the
 * read with the newest ticket is the provider's latest word (domain applyProviderWord).
 */
export const subscriptionTruthSeq = pgSequence('subscription_truth_seq');

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
    /**
     * Our clock when the provider's word was last applied (domain `syncedAt`): only throttles read-backs. The
     * column keeps its old name; it is never compared with a provider's time.
     */
    lastEventAt: instant(),
    /** Ticket (subscription_truth_seq) of the newest provider read applied; an older read changes nothing. */
    truthTicket: bigint({ mode: 'number' }),
    /** Ids of the user's recent subscriptions known to have ended (domain `endedIds`): never live again. */
    endedSubscriptionIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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

/** Local checkout's invoices: one per paid period of a local subscription (the Stripe ones live at Stripe). */
export const localInvoices = pgTable(
  'local_invoices',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text().notNull(),
    planId: text().notNull(),
    amountCents: integer().notNull(),
    periodStart: instant().notNull(),
    periodEnd: instant().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [uniqueIndex('local_invoices_period_key').on(t.subscriptionId, t.periodStart)],
);

/** Local checkout's fake card: brand and last four digits only, never the number. */
/** Local checkout's customer credit (a downgrade's unused time), used up by the next invoices. */
export const localCredits = pgTable('local_credits', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  creditCents: integer().notNull(),
});

export const localCards = pgTable('local_cards', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  brand: text().notNull(),
  last4: text().notNull(),
  expMonth: integer().notNull(),
  expYear: integer().notNull(),
  updatedAt: instant().notNull(),
});
