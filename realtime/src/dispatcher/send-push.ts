/**
 * Delivers one browser-push outbox message (docs/alert-channels.md) to every confirmed browser
 * subscription of the user. Each answer goes into the subscription's delivery log; a subscription that
 * took the message (2xx) is skipped when the message is tried again, so a retry after one browser's push
 * service failed reaches that one only. A push service answering 404 or 410 says the subscription is gone
 * (the user revoked permission or cleared the browser): it is deleted.
 */
import {
  DeliveryError,
  openDestinationSecret,
  sendPush,
  type SecretBox,
  type VapidKeys,
} from '@coinpace/adapters';
import {
  confirmedPushDestinations,
  deliveredDestinationIds,
  dropAlertDestination,
  recordDestinationDelivery,
  type AppDb,
  type OutboxMessage,
} from '@coinpace/db';

export interface PushDeps {
  db: AppDb;
  secrets?: SecretBox;
  /** VAPID keys (VAPID_* or kept under the data folder); without them push messages wait (retried). */
  vapid?: VapidKeys;
  /** WEBHOOK_ALLOW_LOOPBACK: a local push service may be posted to (tests). */
  allowLoopbackWebhooks?: boolean;
}

/** @returns how many browsers took it. @throws DeliveryError. */
export async function sendPushMessage(message: OutboxMessage, deps: PushDeps): Promise<string> {
  if (!deps.secrets || !deps.vapid) {
    throw new DeliveryError('push', 'no VAPID keys or secrets key to send with', { permanent: false });
  }
  const subscriptions = await confirmedPushDestinations(deps.db, message.recipient);
  if (subscriptions.length === 0) {
    throw new DeliveryError('push', 'no browser is subscribed any more', { permanent: true });
  }
  const done = await deliveredDestinationIds(deps.db, message.id);
  const failures: string[] = [];
  let delivered = done.size;
  for (const destination of subscriptions.filter((d) => !done.has(d.id))) {
    const keys = JSON.parse(openDestinationSecret(deps.secrets, destination)) as {
      p256dh: string;
      auth: string;
    };
    const log = {
      destinationId: destination.id,
      userId: destination.userId,
      outboxId: message.id,
      kind: 'alert',
    };
    const started = Date.now();
    try {
      const answer = await sendPush({ endpoint: destination.target, keys }, message.bodyText, deps.vapid, {
        allowLoopback: deps.allowLoopbackWebhooks,
      });
      await recordDestinationDelivery(deps.db, {
        ...log,
        attempt: message.attempts,
        statusCode: answer.status,
        durationMs: answer.durationMs,
      });
      if (answer.status >= 200 && answer.status < 300) delivered += 1;
      else if (answer.status === 404 || answer.status === 410)
        await dropAlertDestination(deps.db, destination.id);
      else failures.push(`the push service answered ${answer.status}`);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await recordDestinationDelivery(deps.db, {
        ...log,
        attempt: message.attempts,
        statusCode: null,
        error: reason.slice(0, 300),
        durationMs: Date.now() - started,
      });
      failures.push(reason);
    }
  }
  if (failures.length > 0) throw new DeliveryError('push', failures.join('; '), { permanent: false });
  return `${delivered} browser(s)`;
}
