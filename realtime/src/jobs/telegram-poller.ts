/**
 * The Telegram poller of the worker role (docs/alert-channels.md): reads the bot's updates with
 * getUpdates and links the chat that sends `/start <code>` to the destination waiting for that code. One
 * worker polls at a time, in a transaction holding a Postgres advisory lock (Telegram refuses two pollers
 * of one bot at once); the next offset is kept in Postgres in the same transaction, so whichever worker
 * holds the lock next goes on from it and an update is handled once. A long poll that is cut off rolls
 * back, and Telegram sends its updates again. The bot answers a linked chat after the commit.
 */
import type { Logger, TelegramBot } from '@coinpace/adapters';
import {
  ADVISORY_LOCKS,
  linkTelegramChat,
  readJobCursor,
  withTryAdvisoryLock,
  writeJobCursor,
  type AppDb,
} from '@coinpace/db';
import { TELEGRAM_LINKED_TEXT, TELEGRAM_LINK_TTL_MS } from '@coinpace/domain';

const CURSOR = 'telegram-updates';
/** `/start <code>` as a t.me/<bot>?start=<code> link sends it (`/start@bot <code>` in a group). */
const START = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{16,64})\s*$/;
const EXPIRED_TEXT =
  'This link has expired or was already used. Add Telegram again under Alert channels on your Coinpace account page.';

export interface TelegramPollOptions {
  db: AppDb;
  bot: TelegramBot;
  logger: Logger;
  /** getUpdates' long-poll wait, s: 0 asks and returns at once (PGlite, where a held transaction blocks). */
  longPollSeconds: number;
  signal?: AbortSignal;
}

/** One poll. @returns ran: false when another worker holds the poller's lock; the chats linked. */
export async function pollTelegramOnce(
  opts: TelegramPollOptions,
): Promise<{ ran: boolean; updates: number; linked: string[] }> {
  const replies: { chatId: string; text: string }[] = [];
  const linked: string[] = [];
  const result = await withTryAdvisoryLock(opts.db, ADVISORY_LOCKS.telegramPoller, async (tx) => {
    const offset = (await readJobCursor(tx, CURSOR)) ?? 0;
    const updates = await opts.bot.getUpdates(offset, opts.longPollSeconds, opts.signal);
    for (const update of updates) {
      const code = update.chatId ? START.exec(update.text ?? '')?.[1] : undefined;
      if (!code || !update.chatId) continue;
      const destination = await linkTelegramChat(tx, code, update.chatId, TELEGRAM_LINK_TTL_MS);
      if (destination) linked.push(destination.id);
      replies.push({ chatId: update.chatId, text: destination ? TELEGRAM_LINKED_TEXT : EXPIRED_TEXT });
    }
    if (updates.length > 0) {
      await writeJobCursor(tx, CURSOR, Math.max(...updates.map((u) => u.updateId)) + 1);
    }
    return updates.length;
  });
  if (!result.ran) return { ran: false, updates: 0, linked };
  for (const reply of replies) {
    await opts.bot.sendMessage(reply.chatId, reply.text).catch((err: unknown) => {
      opts.logger.warn({ err }, 'could not answer a Telegram chat');
    });
  }
  if (linked.length > 0) opts.logger.info({ linked: linked.length }, 'Telegram chats linked');
  return { ran: true, updates: result.value, linked };
}

export interface TelegramPollerOptions extends Omit<TelegramPollOptions, 'signal'> {
  /** Pause between polls that did not wait on Telegram (lock held elsewhere, short polls, errors), ms. */
  idleMs?: number;
}

/** Polls until stopped: at once again after a long poll, `idleMs` apart otherwise. */
export function startTelegramPoller(opts: TelegramPollerOptions): { stop: () => Promise<void> } {
  const idleMs = opts.idleMs ?? 2_000;
  const abort = new AbortController();
  let wake: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, idleMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!abort.signal.aborted) {
      let waited = false;
      try {
        const round = await pollTelegramOnce({ ...opts, signal: abort.signal });
        waited = round.ran && opts.longPollSeconds > 0;
      } catch (err) {
        if (!abort.signal.aborted) opts.logger.warn({ err }, 'Telegram poll failed');
      }
      if (!waited && !abort.signal.aborted) await pause();
    }
  })();
  return {
    async stop() {
      abort.abort();
      wake?.();
      await loop;
    },
  };
}
