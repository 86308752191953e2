/**
 * Linking a Telegram chat to a user (docs/alert-channels.md). Adding a Telegram destination keeps it
 * unconfirmed with `target` = `link:<sha256 of a one-time code>`; when the bot sees `/start <code>` from a
 * chat within the code's lifetime, `target` becomes the chat id and the destination is confirmed. A chat
 * that blocks the bot makes the destination unlinked (`target` = `unlinked`, unconfirmed) until the user
 * links again. The poller's getUpdates offset is kept in `job_cursors`.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { alertDestinations, jobCursors } from '../schema/index.ts';
import type { AlertDestination } from './alert-destinations.ts';

/** What a destination's `target` holds once the chat blocked the bot. */
export const TELEGRAM_UNLINKED = 'unlinked';

/** The `target` of a destination waiting for `/start <code>`: the code itself is never stored. */
export function telegramLinkTarget(code: string): string {
  return `link:${createHash('sha256').update(code).digest('hex')}`;
}

/** Deletes the user's destinations of `kind` that are not confirmed (a link not used, an unlinked chat). */
export async function deleteUnconfirmedDestinations(db: AppDb, userId: string, kind: string): Promise<void> {
  await db
    .delete(alertDestinations)
    .where(
      and(
        eq(alertDestinations.userId, userId),
        eq(alertDestinations.kind, kind),
        isNull(alertDestinations.confirmedAt),
      ),
    );
}

/**
 * Links the chat to the destination waiting for `code`, if it was made less than `ttlMs` ago and not used
 * yet. @returns the confirmed destination, or undefined for an unknown, used or expired code.
 */
export async function linkTelegramChat(
  db: AppDb | AppTx,
  code: string,
  chatId: string,
  ttlMs: number,
): Promise<AlertDestination | undefined> {
  const [row] = await db
    .update(alertDestinations)
    .set({ target: chatId, confirmedAt: sql`now()` })
    .where(
      and(
        eq(alertDestinations.kind, 'telegram'),
        eq(alertDestinations.target, telegramLinkTarget(code)),
        isNull(alertDestinations.confirmedAt),
        gt(alertDestinations.createdAt, sql`now() - ${Math.round(ttlMs)}::bigint * interval '1 millisecond'`),
      ),
    )
    .returning();
  return row;
}

/** The chat blocked the bot: nothing is sent to it until the user links again. */
export async function unlinkTelegramDestination(db: AppDb, id: string): Promise<void> {
  await db
    .update(alertDestinations)
    .set({ target: TELEGRAM_UNLINKED, confirmedAt: null })
    .where(and(eq(alertDestinations.id, id), eq(alertDestinations.kind, 'telegram')));
}

export async function readJobCursor(db: AppDb | AppTx, name: string): Promise<number | undefined> {
  const [row] = await db.select().from(jobCursors).where(eq(jobCursors.name, name));
  return row?.position;
}

export async function writeJobCursor(db: AppDb | AppTx, name: string, position: number): Promise<void> {
  await db
    .insert(jobCursors)
    .values({ name, position })
    .onConflictDoUpdate({ target: jobCursors.name, set: { position, updatedAt: sql`now()` } });
}
