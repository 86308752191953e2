/**
 * The alert consumer's reads and writes (DESIGN.md section 5). Evaluation is one indexed range query
 * per tick over `alerts_trigger_idx (coingecko_id, direction, trigger_price) WHERE status = 'Active'`;
 * firing is a handful of set-based statements in one transaction, whatever the number of alerts.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import {
  alertEvents,
  alerts,
  latestPrices,
  outboxMessages,
  portfolioItems,
  subscriptions,
  usagePeriods,
  users,
} from '../schema/index.ts';
import type { AlertRecord } from './alerts.ts';
import { rowsOf } from './locks.ts';

/** A coin's price in a tick, as an exact decimal string. */
export interface TickQuote {
  coingeckoId: string;
  price: string;
}

/** An alert whose trigger a tick price reached. */
export interface CrossedAlert {
  id: string;
  userId: string;
  coingeckoId: string;
  /** The tick price that reached it. */
  price: string;
}

/** What latest_prices holds for some coins: the accepted price, when it came and from where. */
export async function loadAlertPrices(db: AppDb | AppTx, coins: string[]) {
  if (coins.length === 0) return [];
  return db
    .select({
      coingeckoId: latestPrices.coingeckoId,
      usd: latestPrices.usd,
      receivedAt: latestPrices.receivedAt,
      source: latestPrices.source,
    })
    .from(latestPrices)
    .where(inArray(latestPrices.coingeckoId, coins));
}

/**
 * Every Active single-coin alert whose trigger the quotes reached: for each coin two index range
 * scans (`above` with trigger <= price, `below` with trigger >= price), never a scan of all alerts.
 * Quotes travel as one JSON parameter so both drivers bind it the same way.
 */
export async function findCrossedAlerts(db: AppDb | AppTx, quotes: TickQuote[]): Promise<CrossedAlert[]> {
  if (quotes.length === 0) return [];
  const json = JSON.stringify(quotes.map((q) => ({ coin: q.coingeckoId, price: q.price })));
  const result = await db.execute(sql`
    select a.id, a.user_id as "userId", t.coin as "coingeckoId", t.price::text as "price"
    from jsonb_to_recordset(${json}::jsonb) as t(coin text, price numeric)
    cross join lateral (
      (select x.id, x.user_id from alerts x
        where x.status = 'Active' and x.coingecko_id = t.coin
          and x.direction = 'above' and x.trigger_price <= t.price)
      union all
      (select x.id, x.user_id from alerts x
        where x.status = 'Active' and x.coingecko_id = t.coin
          and x.direction = 'below' and x.trigger_price >= t.price)
    ) a`);
  return rowsOf<CrossedAlert>(result);
}

/**
 * Active whole-portfolio and all-coins alerts of users who hold one of `coins` (DESIGN.md section 5:
 * 'evaluated only for users who hold a coin that changed'). Such alerts have no coin, so the trigger
 * index finds them under a null coin id; each is then checked against the holdings index.
 */
export async function findPortfolioWideAlerts(db: AppDb | AppTx, coins: string[]): Promise<AlertRecord[]> {
  if (coins.length === 0) return [];
  return db
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.status, 'Active'),
        isNull(alerts.coingeckoId),
        inArray(alerts.scope, ['portfolio', 'all_coins']),
        sql`exists (select 1 from ${portfolioItems} p where p.user_id = ${alerts.userId} and p.coingecko_id in ${coins})`,
      ),
    );
}

/** The holdings of some users with each coin's latest accepted price, for portfolio-wide alerts. */
export async function loadPricedHoldings(db: AppDb | AppTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: portfolioItems.userId,
      coingeckoId: portfolioItems.coingeckoId,
      symbol: portfolioItems.symbol,
      quantity: portfolioItems.quantity,
      purchasePrice: portfolioItems.purchasePrice,
      usd: latestPrices.usd,
      receivedAt: latestPrices.receivedAt,
      source: latestPrices.source,
    })
    .from(portfolioItems)
    .leftJoin(latestPrices, eq(latestPrices.coingeckoId, portfolioItems.coingeckoId))
    .where(inArray(portfolioItems.userId, userIds));
}

/** The idempotency keys among `keys` that already have an event (a redelivered tick). */
export async function existingEventKeys(db: AppDb | AppTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: alertEvents.idempotencyKey })
    .from(alertEvents)
    .where(inArray(alertEvents.idempotencyKey, keys));
  return new Set(rows.map((r) => r.key));
}

/**
 * Pauses the alerts by their trigger, if still Active, and returns those this call paused. The row lock
 * and the status check make each alert fire for one consumer only, however many run.
 */
export async function claimAlerts(tx: AppTx, ids: string[], now: Date): Promise<AlertRecord[]> {
  if (ids.length === 0) return [];
  return tx
    .update(alerts)
    .set({ status: 'Paused', pausedBy: 'trigger', lastTriggered: now, updatedAt: now })
    .where(and(inArray(alerts.id, ids), eq(alerts.status, 'Active')))
    .returning();
}

/** Contact details and subscription of each user, for delivery decisions. */
export async function loadRecipients(db: AppDb | AppTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      deletedAt: users.deletedAt,
      subscription: subscriptions,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(inArray(users.id, userIds));
}

/** A user's billing period, the key of their usage row. */
export interface UsageKey {
  userId: string;
  periodStart: Date;
  periodEnd: Date;
}

export type UsageRecord = typeof usagePeriods.$inferSelect;

/**
 * Creates missing usage rows and locks them for this transaction, in user order so two consumers
 * never wait on each other in a cycle. Counting and deciding under the lock means the last unit of
 * allowance goes to one firing only.
 */
export async function lockUsageRows(tx: AppTx, keys: UsageKey[]): Promise<UsageRecord[]> {
  if (keys.length === 0) return [];
  const sorted = [...keys].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  await tx.insert(usagePeriods).values(sorted).onConflictDoNothing();
  // One statement; rows are locked in the sort order, after the sort.
  const rows = await tx
    .select()
    .from(usagePeriods)
    .where(
      and(
        inArray(
          usagePeriods.userId,
          sorted.map((k) => k.userId),
        ),
        inArray(
          usagePeriods.periodStart,
          [...new Set(sorted.map((k) => k.periodStart.getTime()))].map((t) => new Date(t)),
        ),
      ),
    )
    .orderBy(usagePeriods.userId, usagePeriods.periodStart)
    .for('update');
  const wanted = new Set(sorted.map((k) => `${k.userId}|${k.periodStart.getTime()}`));
  return rows.filter((r) => wanted.has(`${r.userId}|${r.periodStart.getTime()}`));
}

/** Writes the counters of locked usage rows back. */
export async function saveUsageRows(tx: AppTx, rows: UsageRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(usagePeriods)
    .values(rows)
    .onConflictDoUpdate({
      target: [usagePeriods.userId, usagePeriods.periodStart],
      set: {
        notificationsSent: sql`excluded.notifications_sent`,
        emailSent: sql`excluded.email_sent`,
        smsSent: sql`excluded.sms_sent`,
      },
    });
}

export type NewAlertEvent = typeof alertEvents.$inferInsert;

/** Inserts alert events; an idempotency key seen before is skipped. Returns the rows written. */
export async function insertAlertEvents(tx: AppTx, rows: NewAlertEvent[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(alertEvents)
    .values(rows)
    .onConflictDoNothing({ target: alertEvents.idempotencyKey })
    .returning({ id: alertEvents.id, idempotencyKey: alertEvents.idempotencyKey });
}

export type NewOutboxRow = typeof outboxMessages.$inferInsert;

/** Inserts outbox messages in one statement; a dedupe key seen before is skipped. */
export async function insertOutboxRows(tx: AppTx, rows: NewOutboxRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await tx
    .insert(outboxMessages)
    .values(rows)
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return written.length;
}
