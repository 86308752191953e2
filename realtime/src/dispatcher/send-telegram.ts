/**
 * Delivers one outbox message to a linked Telegram chat (docs/alert-channels.md) with the Bot API's
 * sendMessage; the message's body is the MarkdownV2 text. Telegram has no idempotency key, so a send that
 * was answered is written to the destination's delivery log before the outbox row is settled, and a retry
 * of the same message (a dispatcher that died in between) finds it there and does not send again.
 * A 429 is retried after Telegram's `retry_after`; a 403 means the user blocked the bot: the destination
 * is unlinked and the message fails; other failures are retried like a webhook's, for 24 hours.
 */
import { DeliveryError, TelegramApiError, type TelegramBot } from '@coinpace/adapters';
import {
  deliveredDestinationIds,
  findAlertDestination,
  recordDestinationDelivery,
  unlinkTelegramDestination,
  type AppDb,
  type OutboxMessage,
} from '@coinpace/db';
import { TELEGRAM_NOT_CONFIGURED_MESSAGE } from '@coinpace/domain';

export interface TelegramDeps {
  db: AppDb;
  /** The bot (TELEGRAM_BOT_TOKEN); without it Telegram messages wait, retried, until one is configured. */
  telegram?: TelegramBot;
}

/** @returns Telegram's message id (or the status already logged) as the provider id. @throws DeliveryError. */
export async function sendTelegramMessage(message: OutboxMessage, deps: TelegramDeps): Promise<string> {
  const destination = await findAlertDestination(deps.db, message.recipient);
  if (!destination) throw new DeliveryError('telegram', 'the Telegram chat was deleted', { permanent: true });
  if (!destination.confirmedAt) {
    throw new DeliveryError('telegram', 'the Telegram chat is not linked', { permanent: true });
  }
  // Our configuration, not the message's fault: transient, so nothing is lost while it is being fixed.
  if (!deps.telegram)
    throw new DeliveryError('telegram', TELEGRAM_NOT_CONFIGURED_MESSAGE, { permanent: false });
  if (message.attempts > 1 && (await deliveredDestinationIds(deps.db, message.id)).has(destination.id)) {
    return 'already-sent';
  }
  const log = {
    destinationId: destination.id,
    userId: destination.userId,
    outboxId: message.id,
    kind: 'alert',
  };
  const started = Date.now();
  try {
    const messageId = await deps.telegram.sendMessage(destination.target, message.bodyText, {
      markdown: true,
    });
    await recordDestinationDelivery(deps.db, {
      ...log,
      attempt: message.attempts,
      statusCode: 200,
      durationMs: Date.now() - started,
    });
    return String(messageId);
  } catch (err) {
    const status = err instanceof TelegramApiError ? err.status : null;
    const reason = err instanceof Error ? err.message : String(err);
    await recordDestinationDelivery(deps.db, {
      ...log,
      attempt: message.attempts,
      statusCode: status,
      error: reason.slice(0, 300),
      durationMs: Date.now() - started,
    });
    if (status === 403) {
      await unlinkTelegramDestination(deps.db, destination.id);
      throw new DeliveryError('telegram', 'the user blocked the bot; the chat is unlinked', {
        permanent: true,
        code: 403,
      });
    }
    const retryAfter = err instanceof TelegramApiError ? err.retryAfterSeconds : undefined;
    throw new DeliveryError('telegram', reason, {
      // 400 (chat not found, a text Telegram cannot parse) will not change by sending it again.
      permanent: status === 400,
      ...(status !== null && { code: status }),
      ...(retryAfter !== undefined && { retryAfterMs: retryAfter * 1000 }),
      cause: err,
    });
  }
}
