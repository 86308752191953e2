import { noopLogger, type Logger } from '../logger.ts';
import { createLogSmsSender } from './log-sms-sender.ts';
import type { SmsSender } from './port.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

export interface CreateSmsSenderOptions {
  /** TWILIO_ACCOUNT_SID; with the token and number, selects Twilio. */
  accountSid?: string;
  authToken?: string;
  /** E.164 sender number. */
  fromNumber?: string;
  /** TWILIO_API_URL: another base URL for Twilio's API (a local peer in tests). */
  apiUrl?: string;
  logger?: Logger;
}

/**
 * The SMS sender for this deployment: Twilio when account SID, auth token and sender number are all
 * given (config enforces all-or-none), the log transport otherwise.
 */
export function createSmsSender(options: CreateSmsSenderOptions): SmsSender {
  const { accountSid, authToken, fromNumber, apiUrl, logger = noopLogger } = options;
  if (accountSid && authToken && fromNumber) {
    return createTwilioSmsSender({ accountSid, authToken, fromNumber, apiUrl, logger });
  }
  return createLogSmsSender({ logger });
}
