/**
 * Telegram destinations (docs/alert-channels.md): adding one makes a one-time code and answers the link
 * `https://t.me/<bot>?start=<code>`; the destination stays unconfirmed until the worker's poller sees
 * `/start <code>` from a chat, which links that chat. Adding again replaces a link not used yet (or a chat
 * that blocked the bot). Without TELEGRAM_BOT_TOKEN the option is refused: Telegram is not configured.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  countAlertDestinations,
  deleteUnconfirmedDestinations,
  insertAlertDestination,
  telegramLinkTarget,
  type AppDb,
} from '@coinpace/db';
import {
  AppError,
  CHANNEL_NAMES,
  MAX_DESTINATIONS,
  TELEGRAM_LINK_TTL_MS,
  TELEGRAM_NOT_CONFIGURED_MESSAGE,
  type AlertDestinationView,
} from '@coinpace/domain';
import type { AppState } from '../../context.ts';
import { currentUser } from '../../middleware/auth.ts';
import { destinationView } from './view.ts';

export interface TelegramLinkAnswer {
  destination: AlertDestinationView;
  secret: null;
  /** Opens the bot with `/start <code>`, which links the chat that sends it. */
  link: string;
  linkExpiresAt: string;
}

export function addTelegramRoutes(
  router: Router<AppState>,
  deps: { db: AppDb; telegram: { botName: string } | null },
): {
  /** POST /api/alert-destinations {"kind":"telegram"}: the body the route answers 201 with. */
  addTelegram: (ctx: Context, label: string | undefined) => Promise<TelegramLinkAnswer>;
} {
  const { db, telegram } = deps;

  router.get('/telegram', (ctx) => {
    ctx.body = { configured: telegram !== null, botName: telegram?.botName ?? null };
  });

  async function addTelegram(ctx: Context, label: string | undefined): Promise<TelegramLinkAnswer> {
    if (!telegram) throw new AppError('BAD_REQUEST', { message: TELEGRAM_NOT_CONFIGURED_MESSAGE });
    const user = currentUser(ctx);
    // A link not used yet, or a chat that blocked the bot, is replaced by the new link.
    await deleteUnconfirmedDestinations(db, user.id, 'telegram');
    if ((await countAlertDestinations(db, user.id, 'telegram')) >= MAX_DESTINATIONS.telegram) {
      throw new AppError('CONFLICT', {
        message: 'You already have a linked Telegram chat. Delete it first to link another.',
      });
    }
    // 24 characters of [A-Za-z0-9_-], what a t.me start parameter may carry; only its hash is kept.
    const code = randomBytes(18).toString('base64url');
    const destination = await insertAlertDestination(db, {
      id: randomUUID(),
      userId: user.id,
      kind: 'telegram',
      label: label ?? CHANNEL_NAMES.telegram,
      target: telegramLinkTarget(code),
    });
    return {
      destination: destinationView(destination),
      secret: null,
      link: `https://t.me/${telegram.botName}?start=${code}`,
      linkExpiresAt: new Date(destination.createdAt.getTime() + TELEGRAM_LINK_TTL_MS).toISOString(),
    };
  }

  return { addTelegram };
}
