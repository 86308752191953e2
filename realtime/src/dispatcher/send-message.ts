/** Hands one outbox message to its channel's adapter. */
import { DeliveryError, type Mailer, type SmsSender } from '@coinpace/adapters';
import type { OutboxMessage } from '@coinpace/db';

/** The provider's id of the sent message. @throws DeliveryError (or anything the adapter throws). */
export async function sendMessage(
  message: OutboxMessage,
  channels: { mailer: Mailer; sms: SmsSender },
): Promise<string> {
  if (message.channel === 'email') {
    const sent = await channels.mailer.send({
      to: message.recipient,
      subject: message.subject ?? 'Coinpace',
      text: message.bodyText,
      ...(message.bodyHtml ? { html: message.bodyHtml } : {}),
    });
    return sent.messageId;
  }
  if (message.channel === 'sms') {
    const sent = await channels.sms.send({ to: message.recipient, body: message.bodyText });
    return sent.sid;
  }
  throw new DeliveryError('email', `unknown channel ${message.channel}`, { permanent: true });
}
