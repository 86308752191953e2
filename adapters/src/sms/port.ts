/**
 * The SMS port (DESIGN.md section 3). The outbox dispatcher sends through it, retries on a transient
 * DeliveryError and marks the message failed on a permanent one; the adapter itself never retries.
 */

/** One text message. */
export interface SmsMessage {
  /** Recipient in E.164 form, e.g. `+15551234567`. */
  to: string;
  /** The text; long bodies are split into segments by the provider. */
  body: string;
}

export interface SentSms {
  /** The provider's message id (Twilio `SM...`; log transport: a `log-` id). */
  sid: string;
}

export interface SmsSender {
  /**
   * Hands the message to the provider (or the log).
   * @throws DeliveryError (channel `sms`): `permanent` when the provider refused this message
   * (HTTP 4xx such as 21211 invalid 'To' number), transient for 5xx, 429, timeouts, network errors,
   * and for rejections of our own account (401, 403, 404), which are not the message's fault.
   */
  send(msg: SmsMessage): Promise<SentSms>;

  /**
   * Asks the provider whether it already accepted this message: one sent to `msg.to` with exactly
   * `msg.body`, created at or after `since`, whose id is not in `exclude` (ids that belong to other
   * messages). The outbox asks before sending a message again whose earlier attempt may have reached
   * the provider (a dispatcher that died mid-send, a timeout, a 5xx): Twilio has no idempotency key
   * for sending, and says a retried send may deliver twice.
   * @returns the provider's id of that message, or null when there is none.
   * @throws DeliveryError (transient) when the provider cannot be asked.
   */
  findAccepted(msg: SmsMessage, since: Date, exclude?: ReadonlySet<string>): Promise<SentSms | null>;
}
