/** The channel a notification was being sent over. */
export type DeliveryChannel = 'email' | 'sms' | 'webhook' | 'push' | 'discord' | 'slack' | 'telegram';

export interface DeliveryErrorOptions {
  /** True when retrying this same message can never succeed (rejected recipient, invalid number). */
  permanent: boolean;
  /** The provider's code when it gave one: SMTP reply code (550), Twilio error code (21211), or a socket code. */
  code?: string | number;
  cause?: unknown;
  /** How long the provider asked us to wait before trying again, ms (Telegram's 429 `retry_after`). */
  retryAfterMs?: number;
}

/**
 * A notification could not be handed to its provider. The outbox dispatcher retries when
 * `permanent` is false (server down, timeout, 4xx SMTP, HTTP 5xx/429) and marks the message failed when
 * it is true. Problems with our own credentials count as transient: they are not the message's fault,
 * and every message would be lost while the configuration is being fixed.
 */
export class DeliveryError extends Error {
  readonly channel: DeliveryChannel;
  readonly permanent: boolean;
  readonly code?: string | number;
  readonly retryAfterMs?: number;

  constructor(channel: DeliveryChannel, message: string, options: DeliveryErrorOptions) {
    super(message, { cause: options.cause });
    this.name = 'DeliveryError';
    this.channel = channel;
    this.permanent = options.permanent;
    this.code = options.code;
    this.retryAfterMs = options.retryAfterMs;
  }
}
