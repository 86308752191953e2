/**
 * The destinations of the alert channels beside e-mail and SMS and their delivery log
 * (docs/alert-channels.md). Every read by a route is scoped to the user's own rows.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { alertDestinations, destinationDeliveries, outboxMessages } from '../schema/index.ts';

export type AlertDestination = typeof alertDestinations.$inferSelect;
export type NewAlertDestination = typeof alertDestinations.$inferInsert;
export type DestinationDelivery = typeof destinationDeliveries.$inferSelect;

export async function insertAlertDestination(db: AppDb, row: NewAlertDestination): Promise<AlertDestination> {
  const [created] = await db.insert(alertDestinations).values(row).returning();
  return created!;
}

export async function listAlertDestinations(db: AppDb, userId: string): Promise<AlertDestination[]> {
  return db
    .select()
    .from(alertDestinations)
    .where(eq(alertDestinations.userId, userId))
    .orderBy(alertDestinations.createdAt, alertDestinations.id);
}

export async function countAlertDestinations(db: AppDb, userId: string, kind: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alertDestinations)
    .where(and(eq(alertDestinations.userId, userId), eq(alertDestinations.kind, kind)));
  return row?.n ?? 0;
}

/** The user's destination `id`, or undefined when it is not theirs. */
export async function findUserAlertDestination(
  db: AppDb,
  userId: string,
  id: string,
): Promise<AlertDestination | undefined> {
  const [row] = await db
    .select()
    .from(alertDestinations)
    .where(and(eq(alertDestinations.id, id), eq(alertDestinations.userId, userId)));
  return row;
}

/** A destination by id alone: the dispatcher's read of the row an outbox message names. */
export async function findAlertDestination(db: AppDb, id: string): Promise<AlertDestination | undefined> {
  const [row] = await db.select().from(alertDestinations).where(eq(alertDestinations.id, id));
  return row;
}

export async function confirmAlertDestination(
  db: AppDb,
  userId: string,
  id: string,
): Promise<AlertDestination | undefined> {
  const [row] = await db
    .update(alertDestinations)
    .set({ confirmedAt: sql`coalesce(${alertDestinations.confirmedAt}, now())` })
    .where(and(eq(alertDestinations.id, id), eq(alertDestinations.userId, userId)))
    .returning();
  return row;
}

export async function deleteAlertDestination(db: AppDb, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(alertDestinations)
    .where(and(eq(alertDestinations.id, id), eq(alertDestinations.userId, userId)))
    .returning({ id: alertDestinations.id });
  return rows.length > 0;
}

/** The confirmed destinations of `kinds` of these users, for firing. */
export async function confirmedDestinationsOf(
  db: AppDb | AppTx,
  userIds: string[],
  kinds: readonly string[],
): Promise<AlertDestination[]> {
  if (userIds.length === 0 || kinds.length === 0) return [];
  return db
    .select()
    .from(alertDestinations)
    .where(
      and(
        inArray(alertDestinations.userId, userIds),
        inArray(alertDestinations.kind, [...kinds]),
        isNotNull(alertDestinations.confirmedAt),
      ),
    );
}

/**
 * Alert messages written in the last hour per user and channel, for the per-channel rate limit: the
 * channel's rows carry dedupe keys `alert-notice:{userId}:{tickId}:{channel}:…`.
 */
export async function recentChannelMessages(
  db: AppDb | AppTx,
  userIds: string[],
  channels: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (userIds.length === 0 || channels.length === 0) return counts;
  const rows = await db
    .select({ userId: outboxMessages.userId, channel: outboxMessages.channel, n: count() })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.userId, userIds),
        inArray(outboxMessages.channel, [...channels]),
        eq(outboxMessages.kind, 'alert'),
        gte(outboxMessages.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .groupBy(outboxMessages.userId, outboxMessages.channel);
  for (const r of rows) counts.set(`${r.userId}:${r.channel}`, r.n);
  return counts;
}

export async function recordDestinationDelivery(
  db: AppDb,
  row: typeof destinationDeliveries.$inferInsert,
): Promise<void> {
  await db.insert(destinationDeliveries).values(row);
}

/** The latest attempts to deliver to one of the user's destinations, newest first. */
export async function listDestinationDeliveries(
  db: AppDb,
  userId: string,
  destinationId: string,
  limit = 50,
): Promise<DestinationDelivery[]> {
  return db
    .select()
    .from(destinationDeliveries)
    .where(
      and(eq(destinationDeliveries.destinationId, destinationId), eq(destinationDeliveries.userId, userId)),
    )
    .orderBy(desc(destinationDeliveries.at))
    .limit(limit);
}

/** The destinations of the user's confirmed browser subscriptions. */
export async function confirmedPushDestinations(db: AppDb, userId: string): Promise<AlertDestination[]> {
  return confirmedDestinationsOf(db, [userId], ['push']);
}

/** The destinations an outbox message was already delivered to (answered 2xx): a retry skips them. */
export async function deliveredDestinationIds(db: AppDb, outboxId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: destinationDeliveries.destinationId })
    .from(destinationDeliveries)
    .where(
      and(
        eq(destinationDeliveries.outboxId, outboxId),
        gte(destinationDeliveries.statusCode, 200),
        lt(destinationDeliveries.statusCode, 300),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Removes a destination the service said is gone (a push subscription answered 404 or 410). */
export async function dropAlertDestination(db: AppDb, id: string): Promise<void> {
  await db.delete(alertDestinations).where(eq(alertDestinations.id, id));
}
