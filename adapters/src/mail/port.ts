/**
 * The e-mail port (DESIGN.md section 3). The outbox dispatcher sends through it and decides from a
 * thrown DeliveryError whether to retry (`permanent: false`) or mark the message failed.
 */

/** One e-mail to one recipient. */
export interface MailMessage {
  /** Recipient address, e.g. `ada@example.com` or `Ada <ada@example.com>`. */
  to: string;
  subject: string;
  /** Plain-text body; always sent. */
  text: string;
  /** HTML alternative of the same content; sent as multipart/alternative with `text`. */
  html?: string;
  /** Sender; default: the mailer's configured `from` (MAIL_FROM). */
  from?: string;
  /**
   * A stable id of this message across attempts (e.g. the outbox row's id). The mailer derives the
   * Message-ID header from it, so a message sent again after a crash carries the same Message-ID and
   * mail systems that collapse duplicates by Message-ID (Gmail does) show it once. Default: a new
   * Message-ID per call.
   */
  key?: string;
}

export interface SentMail {
  /** The Message-ID given to the message (log transport: a `log-` id). */
  messageId: string;
}

export interface Mailer {
  /**
   * Hands the message to the mail server (or the log).
   * @throws DeliveryError (channel `email`): `permanent` when the server refused this message or
   * recipient for good (5xx to RCPT TO or DATA, an address it cannot parse), transient otherwise
   * (connection refused, timeout, 4xx, authentication or sender problems on our side).
   */
  send(msg: MailMessage): Promise<SentMail>;
}
