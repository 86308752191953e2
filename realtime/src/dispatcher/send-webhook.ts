/**
 * Delivers one outbox message to a signed webhook (docs/alert-channels.md): the message's body is the JSON
 * notification, posted to the destination the message names with `Coinpace-Signature` (HMAC-SHA256 of
 * `<t>.<body>` under the user's secret) and `Coinpace-Delivery` (the outbox id, the same on every attempt,
 * so a receiver can drop a repeat). Every attempt, answered or not, goes into the destination's delivery
 * log. A 2xx answer delivers; any other answer or no answer is retried by the dispatcher for 24 hours; a
 * deleted or unconfirmed destination, or an address the SSRF rules refuse, fails at once.
 */
import {
  DeliveryError,
  RefusedAddressError,
  openDestinationSecret,
  postJson,
  webhookSignature,
  type SecretBox,
} from '@coinpace/adapters';
import {
  findAlertDestination,
  recordDestinationDelivery,
  type AppDb,
  type OutboxMessage,
} from '@coinpace/db';
import { WEBHOOK_SIGNATURE_HEADER } from '@coinpace/domain';

export interface WebhookDeps {
  db: AppDb;
  /** Opens the destinations' signing secrets (SECRETS_KEY or the key kept in DATA_DIR). */
  secrets?: SecretBox;
  /** WEBHOOK_ALLOW_LOOPBACK: a local receiver may be posted to (tests, development). */
  allowLoopbackWebhooks?: boolean;
}

/** @returns the receiver's status code as the provider id. @throws DeliveryError. */
export async function sendWebhook(message: OutboxMessage, deps: WebhookDeps): Promise<string> {
  const destination = await findAlertDestination(deps.db, message.recipient);
  if (!destination)
    throw new DeliveryError(channelOf(message), 'the webhook was deleted', { permanent: true });
  if (!destination.confirmedAt) {
    throw new DeliveryError(channelOf(message), 'the webhook is not confirmed', { permanent: true });
  }
  // Without the box the secret cannot be opened: transient, since it is our configuration, not the message.
  if (!deps.secrets)
    throw new DeliveryError(channelOf(message), 'no secrets key to sign with', { permanent: false });
  const body = message.bodyText;
  // Discord and Slack incoming webhooks carry their token in the URL: only our own webhook is signed.
  const signature =
    destination.kind === 'webhook'
      ? webhookSignature(
          openDestinationSecret(deps.secrets, destination),
          body,
          Math.floor(Date.now() / 1000),
        )
      : null;
  const started = Date.now();
  const log = {
    destinationId: destination.id,
    userId: destination.userId,
    outboxId: message.id,
    kind: 'alert',
  };
  try {
    const answer = await postJson(
      destination.target,
      body,
      signature
        ? { [WEBHOOK_SIGNATURE_HEADER]: signature, 'Coinpace-Delivery': message.id }
        : { 'Coinpace-Delivery': message.id },
      { allowLoopback: deps.allowLoopbackWebhooks },
    );
    await recordDestinationDelivery(deps.db, {
      ...log,
      attempt: message.attempts,
      statusCode: answer.status,
      durationMs: answer.durationMs,
    });
    if (answer.status >= 200 && answer.status < 300) return String(answer.status);
    throw new DeliveryError(channelOf(message), `the receiver answered ${answer.status}`, {
      permanent: false,
      code: answer.status,
    });
  } catch (err) {
    if (err instanceof DeliveryError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    await recordDestinationDelivery(deps.db, {
      ...log,
      attempt: message.attempts,
      statusCode: null,
      error: reason.slice(0, 300),
      durationMs: Date.now() - started,
    });
    throw new DeliveryError(channelOf(message), reason, {
      permanent: err instanceof RefusedAddressError,
      cause: err,
    });
  }
}

/** The channel a message goes out on, for its errors. */
function channelOf(message: OutboxMessage): 'webhook' | 'discord' | 'slack' {
  return message.channel === 'discord' || message.channel === 'slack' ? message.channel : 'webhook';
}
