import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.ts';
import type { Mailer } from './port.ts';

export interface LogMailerOptions {
  /** Sender used when a message names none. */
  from: string;
  logger: Logger;
}

/**
 * The embedded default with no SMTP_URL: prints each message at info level (fields `messageId, from,
 * to, subject, text, html`) and reports it sent. Never fails.
 */
export function createLogMailer({ from, logger }: LogMailerOptions): Mailer {
  return {
    async send(msg) {
      const messageId = `log-${msg.key ?? randomUUID()}`;
      logger.info(
        {
          messageId,
          from: msg.from ?? from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
        },
        'e-mail (log transport: printed, not sent)',
      );
      return { messageId };
    },
  };
}
