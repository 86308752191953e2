/** The alert rows of one user: create, read, change, delete, count (API side of DESIGN.md section 5). */
import { and, asc, count, desc, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { alertEvents, alerts, latestPrices, trackedCoins } from '../schema/index.ts';

export type AlertRecord = typeof alerts.$inferSelect;
export type NewAlert = Omit<typeof alerts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** An alert with the latest known price of its coin (null for portfolio-wide alerts or unpriced coins). */
export interface AlertWithPrice {
  alert: AlertRecord;
  /** latest_prices.usd as a decimal string. */
  usd: string | null;
}

/** Inserts alerts in one statement and returns them in the order given. */
export async function insertAlerts(db: AppDb | AppTx, rows: NewAlert[]): Promise<AlertRecord[]> {
  if (rows.length === 0) return [];
  return db.insert(alerts).values(rows).returning();
}

/** A user's alerts, newest first, each with its coin's latest price. */
export async function listAlerts(db: AppDb, userId: string): Promise<AlertWithPrice[]> {
  return db
    .select({ alert: alerts, usd: latestPrices.usd })
    .from(alerts)
    .leftJoin(latestPrices, eq(latestPrices.coingeckoId, alerts.coingeckoId))
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
}

/** One alert of a user with its coin's latest price; undefined when it is not theirs or does not exist. */
export async function findAlert(
  db: AppDb | AppTx,
  userId: string,
  id: string,
): Promise<AlertWithPrice | undefined> {
  const [row] = await db
    .select({ alert: alerts, usd: latestPrices.usd })
    .from(alerts)
    .leftJoin(latestPrices, eq(latestPrices.coingeckoId, alerts.coingeckoId))
    .where(and(eq(alerts.userId, userId), eq(alerts.id, id)))
    .limit(1);
  return row;
}

/** Changes an alert of a user; undefined when it is not theirs. */
export async function updateAlert(
  db: AppDb | AppTx,
  userId: string,
  id: string,
  set: Partial<NewAlert>,
): Promise<AlertRecord | undefined> {
  const [row] = await db
    .update(alerts)
    .set(set)
    .where(and(eq(alerts.userId, userId), eq(alerts.id, id)))
    .returning();
  return row;
}

/** Deletes an alert of a user; false when it was not theirs. Its history stays, detached. */
export async function deleteAlert(db: AppDb, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.id, id)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** How many alerts a user has set up, whatever their status (the plan's set-up cap counts them all). */
export async function countAlerts(db: AppDb | AppTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.userId, userId));
  return row?.n ?? 0;
}

/**
 * Takes a per-user transaction lock so concurrent creates of one user count the set-up cap one after
 * the other (two requests cannot both see room for the last alert).
 */
export async function lockUserAlerts(tx: AppTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${userId}`}))`);
}

/** Counts of a user's alerts grouped by status, who paused them, type, threshold type and scope. */
export async function groupAlertCounts(db: AppDb, userId: string) {
  return db
    .select({
      status: alerts.status,
      pausedBy: alerts.pausedBy,
      type: alerts.type,
      thresholdType: alerts.thresholdType,
      scope: alerts.scope,
      n: count(),
    })
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .groupBy(alerts.status, alerts.pausedBy, alerts.type, alerts.thresholdType, alerts.scope);
}

/** Firings of a user since `since`, by outcome, and the newest firing time ever. */
export async function summarizeAlertEvents(db: AppDb, userId: string, since: Date | null) {
  const byOutcome = await db
    .select({ outcome: alertEvents.outcome, n: count() })
    .from(alertEvents)
    .where(and(eq(alertEvents.userId, userId), since ? gte(alertEvents.firedAt, since) : undefined))
    .groupBy(alertEvents.outcome);
  const [latest] = await db
    .select({ at: max(alertEvents.firedAt) })
    .from(alertEvents)
    .where(eq(alertEvents.userId, userId));
  return { byOutcome, lastFiredAt: latest?.at ?? null };
}

/** The alerts of a user on the given holdings (to skip holdings already protected by a Loss alert). */
export async function findHoldingAlerts(db: AppDb | AppTx, userId: string, holdingIds: string[]) {
  if (holdingIds.length === 0) return [];
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), inArray(alerts.portfolioItemId, holdingIds)));
}

/** Makes sure the poller tracks the coins of watch-list alerts (DESIGN.md section 1, tracked set). */
export async function trackAlertCoins(
  db: AppDb | AppTx,
  coins: { coingeckoId: string; name: string; symbol: string }[],
): Promise<void> {
  const unique = [...new Map(coins.map((c) => [c.coingeckoId, c])).values()];
  if (unique.length === 0) return;
  await db
    .insert(trackedCoins)
    .values(unique.map((c) => ({ ...c, reason: 'alert' })))
    .onConflictDoUpdate({ target: trackedCoins.coingeckoId, set: { lastRequestedAt: sql`now()` } });
}

/** What the tracked-coin table knows of a coin (name and symbol for a watch-list alert). */
export async function findTrackedCoin(db: AppDb | AppTx, coingeckoId: string) {
  const [row] = await db
    .select()
    .from(trackedCoins)
    .where(eq(trackedCoins.coingeckoId, coingeckoId))
    .limit(1);
  return row;
}

/** The latest accepted price of one coin as a decimal string, or undefined. */
export async function findLatestPrice(db: AppDb | AppTx, coingeckoId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ usd: latestPrices.usd })
    .from(latestPrices)
    .where(eq(latestPrices.coingeckoId, coingeckoId))
    .limit(1);
  return row?.usd;
}

/**
 * The alert a new coin's alert is copied from (SPEC.md section 4): the user's first (oldest) Active
 * individual-coin PortfolioGainLoss alert with a percentage (Gain/Loss) threshold; undefined when none.
 */
export async function findAutoCreateTemplate(
  db: AppDb | AppTx,
  userId: string,
): Promise<AlertRecord | undefined> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.userId, userId),
        eq(alerts.type, 'PortfolioGainLoss'),
        eq(alerts.scope, 'coin'),
        eq(alerts.status, 'Active'),
        inArray(alerts.thresholdType, ['Gain', 'Loss']),
      ),
    )
    .orderBy(asc(alerts.createdAt), asc(alerts.id))
    .limit(1);
  return row;
}
