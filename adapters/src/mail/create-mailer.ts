import { noopLogger, type Logger } from '../logger.ts';
import { createLogMailer } from './log-mailer.ts';
import type { Mailer } from './port.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export interface CreateMailerOptions {
  /** SMTP_URL; without one, messages are printed through the logger instead of sent. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of messages that name none. */
  from: string;
  logger?: Logger;
}

/** The mailer for this deployment: SMTP when a URL is configured, the log transport otherwise. */
export function createMailer({ smtpUrl, from, logger = noopLogger }: CreateMailerOptions): Mailer {
  return smtpUrl ? createSmtpMailer({ url: smtpUrl, from, logger }) : createLogMailer({ from, logger });
}
