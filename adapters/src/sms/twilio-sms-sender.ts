/**
 * The production SMS sender: twilio-node's Messages API. Automatic retries are off (the outbox
 * dispatcher owns retrying), and TWILIO_API_URL can point the client at another base URL: twilio-node
 * has no such option, so a RequestClient subclass rewrites each request's URI (LIBRARIES.md section 4).
 */
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { DeliveryError } from '../delivery-error.ts';
import { noopLogger, type Logger } from '../logger.ts';
import type { SmsSender } from './port.ts';

export interface TwilioSmsSenderOptions {
  /** TWILIO_ACCOUNT_SID (`AC` + 32 hex). */
  accountSid: string;
  /** TWILIO_AUTH_TOKEN. */
  authToken: string;
  /** TWILIO_FROM_NUMBER, E.164. */
  fromNumber: string;
  /**
   * TWILIO_API_URL: replaces the scheme, host and port of `https://api.twilio.com`; the path stays
   * Twilio's. Default: Twilio's own hosts.
   */
  apiUrl?: string;
  /** Per-request timeout in ms. Default 15,000. */
  timeoutMs?: number;
  logger?: Logger;
}

/** Sends every request to the origin of `apiUrl` instead of the host twilio-node chose, keeping path and query. */
class RetargetedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly apiUrl: URL,
    options: RequestClient.RequestClientOptions,
  ) {
    super(options);
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const { pathname, search } = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.apiUrl.origin}${pathname}${search}` });
  }
}

/** Creates a sender that sends through Twilio. */
export function createTwilioSmsSender(options: TwilioSmsSenderOptions): SmsSender {
  const { accountSid, authToken, fromNumber, logger = noopLogger } = options;
  const clientOptions = { timeout: options.timeoutMs ?? 15_000, autoRetry: false };
  const httpClient = options.apiUrl
    ? new RetargetedRequestClient(new URL(options.apiUrl), clientOptions)
    : new twilio.RequestClient(clientOptions);
  const client = twilio(accountSid, authToken, { httpClient, autoRetry: false });

  return {
    async send(msg) {
      try {
        const message = await client.messages.create({ to: msg.to, from: fromNumber, body: msg.body });
        logger.debug({ sid: message.sid, to: msg.to, status: message.status }, 'SMS accepted by Twilio');
        return { sid: message.sid };
      } catch (err) {
        const error = toDeliveryError(err);
        logger.warn({ err, to: msg.to, permanent: error.permanent, code: error.code }, 'SMS not sent');
        throw error;
      }
    },

    async findAccepted(msg, since, exclude = new Set()) {
      let found;
      try {
        // Newest first; a date filter would miss messages still queued (Twilio filters on DateSent).
        found = await client.messages.list({ to: msg.to, from: fromNumber, limit: LOOKUP_LIMIT });
      } catch (err) {
        const error = toDeliveryError(err);
        throw new DeliveryError('sms', `Twilio lookup: ${error.message}`, { permanent: false, cause: err });
      }
      const earliest = since.getTime() - CLOCK_SKEW_MS;
      const match = found.find(
        (m) =>
          m.body === msg.body &&
          !exclude.has(m.sid) &&
          m.dateCreated instanceof Date &&
          m.dateCreated.getTime() >= earliest,
      );
      if (match) logger.info({ sid: match.sid, to: msg.to }, 'SMS found at Twilio: accepted earlier');
      return match ? { sid: match.sid } : null;
    },
  };
}

/** Messages to one number looked at by `findAccepted`, newest first. */
const LOOKUP_LIMIT = 50;
/** Twilio's clock and the database's may differ; and Twilio stamps whole seconds. */
const CLOCK_SKEW_MS = 60_000;

interface TwilioErrorFields {
  status?: number;
  code?: number | string;
  message?: string;
}

// Statuses that speak of our account or of Twilio, not of this message: retrying may succeed once
// credentials, the account or Twilio itself are fine again.
const RETRYABLE_CLIENT_STATUSES = new Set([401, 403, 404, 408, 429]);

/**
 * Classifies a twilio-node error: a RestException / TwilioServiceException carries the HTTP `status`
 * and Twilio's numeric `code`; a network error (refused, reset, timed out) carries no status.
 */
export function toDeliveryError(err: unknown): DeliveryError {
  const e = (err ?? {}) as TwilioErrorFields;
  const message = `Twilio: ${e.message ?? String(err)}`;
  if (typeof e.status === 'number') {
    const permanent = e.status >= 400 && e.status < 500 && !RETRYABLE_CLIENT_STATUSES.has(e.status);
    return new DeliveryError('sms', message, { permanent, code: e.code ?? e.status, cause: err });
  }
  return new DeliveryError('sms', message, { permanent: false, code: e.code, cause: err });
}
