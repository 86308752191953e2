import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, decimal, instant, updatedAt } from './columns.ts';
import { portfolioItems } from './portfolio.ts';
import { users } from './users.ts';

/**
 * A price or percentage alert (DESIGN.md section 5). Every single-coin alert reduces to
 * `direction` + `triggerPrice`, kept current when the holding's purchase price changes, so a tick
 * asks an indexed range query instead of scanning all alerts.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** WatchlistPrice or PortfolioGainLoss. */
    type: text().notNull(),
    /**
     * coin (one coin), all_coins (each holding), portfolio (the whole portfolio's gain or loss), or a
     * portfolio kind: portfolio_value, drawdown, holding_pnl, allocation, movement, sync_problem (domain
     * PORTFOLIO_KINDS).
     */
    scope: text().notNull().default('coin'),
    coingeckoId: text(),
    coinSymbol: text(),
    coinName: text(),
    coinImage: text(),
    /** The holding a Gain/Loss alert measures against. */
    portfolioItemId: uuid().references(() => portfolioItems.id, { onDelete: 'cascade' }),
    /** Above, Below, Gain or Loss. */
    thresholdType: text().notNull(),
    thresholdValue: decimal().notNull(),
    /** Email, SMS or Both. */
    notificationMethod: text().notNull(),
    /**
     * The channels beside e-mail and SMS the alert goes out on (domain EXTRA_CHANNELS): webhook, push,
     * discord, slack, telegram; each to every confirmed destination of the user of that kind.
     */
    channels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Active or Paused. */
    status: text().notNull().default('Active'),
    /** user or trigger; only trigger-paused alerts are re-armed. */
    pausedBy: text(),
    /**
     * The currency the alert was set in, a domain DISPLAY_CURRENCIES code: an Above/Below
     * threshold is a price in it, and its messages and screens state amounts in it.
     */
    currency: text().notNull().default('usd'),
    /** above or below; null for portfolio and all-coins alerts. */
    direction: text(),
    triggerPrice: decimal(),
    /**
     * The currency `triggerPrice` is in: the alert's currency for Above/Below, usd for Gain/Loss (measured
     * from the dollar purchase price). A tick compares it with the coin's price in that currency.
     */
    triggerCurrency: text().notNull().default('usd'),
    /**
     * Gain/Loss on one coin: the price the percentage is measured from. Null for whole-portfolio alerts,
     * which measure against what the holdings cost, at each tick.
     */
    referenceValue: decimal(),
    /** holding_pnl alerts: percent (of the cost) or amount (in `currency`); null for the other kinds. */
    measure: text(),
    /**
     * Drawdown alerts: the highest value (USD) of the portfolio or holding seen by a tick since the alert was
     * set or re-armed; advanced by ticks, cleared by the re-arm job (the next tick takes it afresh).
     */
    highWater: decimal(),
    highWaterAt: instant(),
    /** 1hour, 5hours, 1day, 3days or 1week. */
    resetInterval: text().notNull().default('1week'),
    lastTriggered: instant(),
    /**
     * When a firing of this alert was last skipped because the allowance was used up. A skip does not
     * pause the alert: it stays Active and fires at the first tick past its trigger once the allowance
     * allows. While `skipped_at` is at or after `updated_at` the skip of this crossing is on record and
     * later ticks past the trigger record no other; a tick that sees the price back on the other side,
     * once the reset interval has passed since the skip, clears it (see alert-skips.ts).
     */
    skippedAt: instant(),
    /**
     * user: set by the user; auto: created for a coin newly added to the portfolio, like the user's first
     * Gain/Loss alert (SPEC.md section 4), which the alerts screen says in a notice.
     */
    origin: text().notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('alerts_trigger_idx')
      .on(t.coingeckoId, t.triggerCurrency, t.direction, t.triggerPrice)
      .where(sql`${t.status} = 'Active'`),
    index('alerts_currency_idx')
      .on(t.currency)
      .where(sql`${t.currency} <> 'usd'`),
    index('alerts_user_idx').on(t.userId),
    // A tick's whole-portfolio, all-coins and portfolio-kind alerts are read by the users holding a moved
    // coin: per user, without the coin alerts of alerts_user_idx and without a scan of all of them.
    index('alerts_wide_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'Active' and ${t.coingeckoId} is null`),
    index('alerts_rearm_idx')
      .on(t.lastTriggered)
      .where(sql`${t.pausedBy} = 'trigger'`),
    // The event-alert job's alerts (movement, sync_problem), read every minute without a scan of them all.
    index('alerts_event_kinds_idx')
      .on(t.scope, t.userId)
      .where(sql`${t.scope} in ('movement', 'sync_problem') and ${t.status} = 'Active'`),
    // The few alerts with a skip on record, by coin: a tick clears those its prices have moved back from.
    index('alerts_skipped_idx')
      .on(t.coingeckoId)
      .where(sql`${t.skippedAt} is not null`),
  ],
);

/** One firing of an alert, or one skipped firing, with what was sent. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    alertId: uuid().references(() => alerts.id, { onDelete: 'set null' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** alert id + tick id: a redelivered tick never fires twice. */
    idempotencyKey: text().notNull(),
    tickId: text().notNull(),
    /** The price (or portfolio value) it fired on, in `currency`. */
    price: decimal(),
    /** The trigger price (or portfolio target) it fired at, in `currency`. */
    triggerPrice: decimal(),
    /** The currency of `price` and `triggerPrice`; null on events from before it was kept: usd. */
    currency: text(),
    /** Channels asked for: email, sms. */
    channels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** queued, delivered, partially_delivered, failed, skipped_allowance. */
    outcome: text().notNull(),
    detail: text(),
    firedAt: instant().notNull().defaultNow(),
    /*
     * What the alert was when it fired, so the history names each entry by its alert, coin and condition
     * even after the alert is changed or deleted. Null on events from before they were kept.
     */
    /** coin, all_coins or portfolio. */
    scope: text(),
    /** The coin whose price fired it: the alert's coin, or for all coins the holding that moved most. */
    coinSymbol: text(),
    thresholdType: text(),
    thresholdValue: decimal(),
  },
  (t) => [
    uniqueIndex('alert_events_idempotency_key').on(t.idempotencyKey),
    index('alert_events_alert_idx').on(t.alertId, t.firedAt),
    index('alert_events_user_idx').on(t.userId, t.firedAt),
  ],
);
