/**
 * The production mailer: nodemailer over SMTP (SMTP_URL, MAIL_FROM). One connection per message: alert
 * mail is infrequent, and a fresh connection recovers from a server restart without pool state.
 */
import { createTransport } from 'nodemailer';
import { DeliveryError } from '../delivery-error.ts';
import { noopLogger, type Logger } from '../logger.ts';
import type { Mailer } from './port.ts';

export interface SmtpMailerOptions {
  /**
   * `smtp://user:pass@host:port` (STARTTLS when the server offers it) or `smtps://...` (TLS from the
   * start). Query parameters are passed to nodemailer, e.g. `?connectionTimeout=5000`.
   */
  url: string;
  /** Sender used when a message names none (MAIL_FROM). */
  from: string;
  logger?: Logger;
}

// nodemailer's defaults (2 min to connect, 10 min idle) would hold a dispatcher slot far too long.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Creates a mailer that sends over SMTP. */
export function createSmtpMailer({ url, from, logger = noopLogger }: SmtpMailerOptions): Mailer {
  const transport = createTransport({ ...TIMEOUTS, url });
  return {
    async send(msg) {
      let info;
      try {
        info = await transport.sendMail({
          from: msg.from ?? from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          ...(msg.html === undefined ? {} : { html: msg.html }),
          ...(msg.key === undefined ? {} : { messageId: messageIdFor(msg.key, msg.from ?? from) }),
        });
      } catch (err) {
        const error = toDeliveryError(err);
        logger.warn({ err, to: msg.to, permanent: error.permanent, code: error.code }, 'e-mail not sent');
        throw error;
      }
      logger.debug({ messageId: info.messageId, to: msg.to }, 'e-mail sent');
      return { messageId: info.messageId };
    },
  };
}

/**
 * `<key@domain>`, the domain taken from the sender's address (RFC 5322 asks for a domain the sender
 * controls); characters a Message-ID may not hold are replaced.
 */
export function messageIdFor(key: string, from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.includes('@') ? address.slice(address.lastIndexOf('@') + 1).trim() : 'localhost';
  const safe = (part: string) => part.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/g, '-');
  return `<${safe(key)}@${safe(domain) || 'localhost'}>`;
}

interface SmtpErrorFields {
  code?: string;
  responseCode?: number;
  command?: string;
  message?: string;
}

/**
 * Classifies a nodemailer error. A 5xx reply to the recipient or to the message is final; one to AUTH or
 * MAIL FROM is about our account, not this message, so it stays retryable. Errors without a reply
 * (refused, timed out, TLS) are transient, except an envelope or message nodemailer itself finds
 * invalid before talking to the server.
 */
export function toDeliveryError(err: unknown): DeliveryError {
  const e = (err ?? {}) as SmtpErrorFields;
  const message = `SMTP: ${e.message ?? String(err)}`;
  if (typeof e.responseCode === 'number') {
    const finalReply = e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503;
    const aboutMessage = e.command === 'RCPT TO' || e.command === 'DATA';
    return new DeliveryError('email', message, {
      permanent: finalReply && aboutMessage,
      code: e.responseCode,
      cause: err,
    });
  }
  const invalidInput = (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && e.command === 'API';
  return new DeliveryError('email', message, { permanent: invalidInput, code: e.code, cause: err });
}
