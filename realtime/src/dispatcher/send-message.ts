/**
 * Hands one outbox message to its channel's adapter, so that sending it again after a crash delivers it
 * once where the provider makes that possible:
 * - e-mail carries a Message-ID derived from the outbox id, the same on every attempt. SMTP accepts a
 *   message only with its final reply, so a dispatcher that dies before that reply delivered nothing;
 *   one that dies between the reply and recording it leaves a copy with the same Message-ID, which
 *   mailbox providers that collapse duplicates (Gmail) show once.
 * - SMS: Twilio has no idempotency key and may deliver a retried send twice, so before any attempt
 *   after the first the provider is asked whether it already accepted this message (same number and
 *   text since the message was written, not recorded for another message) and that is recorded instead.
 */
import { DeliveryError, type Mailer, type SmsSender } from '@coinpace/adapters';
import { providerIdsSentTo, type AppDb, type OutboxMessage } from '@coinpace/db';
import { sendPushMessage, type PushDeps } from './send-push.ts';
import { sendTelegramMessage, type TelegramDeps } from './send-telegram.ts';
import { sendWebhook, type WebhookDeps } from './send-webhook.ts';

/** How far before a message was written its provider's record may be dated (the clocks differ). */
const PROVIDER_CLOCK_SKEW_MS = 60_000;

/** The provider's id of the sent message. @throws DeliveryError (or anything the adapter throws). */
export async function sendMessage(
  message: OutboxMessage,
  deps: { db: AppDb; mailer: Mailer; sms: SmsSender } & WebhookDeps & PushDeps & TelegramDeps,
): Promise<string> {
  // Discord and Slack incoming webhooks are posted like our own webhook, unsigned.
  if (message.channel === 'webhook' || message.channel === 'discord' || message.channel === 'slack') {
    return sendWebhook(message, deps);
  }
  if (message.channel === 'push') return sendPushMessage(message, deps);
  if (message.channel === 'telegram') return sendTelegramMessage(message, deps);
  if (message.channel === 'email') {
    const sent = await deps.mailer.send({
      to: message.recipient,
      subject: message.subject ?? 'Coinpace',
      text: message.bodyText,
      ...(message.bodyHtml ? { html: message.bodyHtml } : {}),
      key: `outbox.${message.id}`,
    });
    return sent.messageId;
  }
  if (message.channel === 'sms') {
    const sms = { to: message.recipient, body: message.bodyText };
    if (message.attempts > 1) {
      const since = new Date(message.createdAt.getTime() - PROVIDER_CLOCK_SKEW_MS);
      const others = await providerIdsSentTo(deps.db, {
        channel: 'sms',
        recipient: message.recipient,
        since,
        exceptId: message.id,
      });
      const accepted = await deps.sms.findAccepted(sms, message.createdAt, others);
      if (accepted) return accepted.sid;
    }
    return (await deps.sms.send(sms)).sid;
  }
  throw new DeliveryError('email', `unknown channel ${message.channel}`, { permanent: true });
}
