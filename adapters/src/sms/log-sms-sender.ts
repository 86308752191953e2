import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.ts';
import type { SmsSender } from './port.ts';

export interface LogSmsSenderOptions {
  logger: Logger;
}

/**
 * The embedded default with no Twilio settings: prints each message at info level (fields `sid, to,
 * body`) and reports it sent. Never fails.
 */
export function createLogSmsSender({ logger }: LogSmsSenderOptions): SmsSender {
  return {
    async send(msg) {
      const sid = `log-${randomUUID()}`;
      logger.info({ sid, to: msg.to, body: msg.body }, 'SMS (log transport: printed, not sent)');
      return { sid };
    },
    // Printing never fails half-way, so no attempt is ever left in doubt.
    async findAccepted() {
      return null;
    },
  };
}
