/**
 * The outbox dispatcher (DESIGN.md section 5, Delivery): claims due messages one at a time with
 * FOR UPDATE SKIP LOCKED, sends each by e-mail or SMS, retries transient failures with exponential
 * backoff, marks a message failed on a permanent DeliveryError or after the last attempt, and settles
 * the alert event a message belongs to. It delivers every kind of message in the outbox (alert, contact,
 * report, lifecycle).
 *
 * Crashes: each message is leased on its own for a short time and the lease is renewed while
 * its send runs, so a dispatcher that dies holds up only the messages it was sending, for one lease; any
 * dispatcher takes them over on its next claim. A message sent again after a crash is made idempotent
 * where the provider allows: e-mail keeps its Message-ID, and an SMS is first looked up at the provider
 * (see send-message.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  DeliveryError,
  type Logger,
  type Mailer,
  type SecretBox,
  type SmsSender,
  type TelegramBot,
  type VapidKeys,
} from '@coinpace/adapters';
import {
  claimOutboxMessage,
  markOutboxFailed,
  markOutboxRetry,
  markOutboxSent,
  renewOutboxLease,
  settleAlertEvent,
  type AppDb,
  type OutboxMessage,
} from '@coinpace/db';
import { WEBHOOK_RETRY_WINDOW_MS } from '@coinpace/domain';
import { DEFAULT_RETRY_POLICY, nextRetry, nextRetryWithin, type RetryPolicy } from './backoff.ts';
import { sendMessage } from './send-message.ts';

/** Default `leaseMs`: how long a dead dispatcher holds up the message it was sending. */
export const DEFAULT_LEASE_MS = 10_000;

export interface DispatcherOptions {
  db: AppDb;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  /** Names this dispatcher in the rows it claims (`claimed_by`), e.g. `${host}-${pid}`. Default random. */
  name?: string;
  /** How often to look for due messages when idle, ms. Default 1,000. */
  pollMs?: number;
  /** Most messages handled in one round. Default 20. */
  batch?: number;
  /** Messages sent at the same time, each claimed on its own. Default 4. */
  concurrency?: number;
  /**
   * How long a claimed message is this dispatcher's, ms, by the database's clock; renewed every third of
   * it while the send runs, so a slow provider never lets another dispatcher send it too. Default
   * {@link DEFAULT_LEASE_MS}.
   */
  leaseMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Opens webhook signing secrets; without it webhook messages wait (retried) until one is given. */
  secrets?: SecretBox;
  /** Signs browser push messages; without them push messages wait (retried) until they are given. */
  vapid?: VapidKeys;
  /** Sends Telegram messages (TELEGRAM_BOT_TOKEN); without it Telegram messages wait (retried). */
  telegram?: TelegramBot;
  /** WEBHOOK_ALLOW_LOOPBACK: webhooks may be posted to loopback addresses (tests, development). */
  allowLoopbackWebhooks?: boolean;
  /** How long a webhook message is retried after it was written, ms. Default 24 hours. */
  webhookRetryWindowMs?: number;
}

export interface Dispatcher {
  /** One round: claims and sends due messages until none is due or `batch` were handled. */
  runOnce(): Promise<number>;
  /** Looks for due messages now instead of at the next poll (e.g. right after alerts fired). */
  wake(): void;
  /** Stops polling; resolves once the round in flight has finished. */
  stop(): Promise<void>;
}

/** A dispatcher that runs only when asked (`runOnce`); `startDispatcher` adds the polling loop. */
export function createDispatcher(opts: DispatcherOptions): Dispatcher {
  const name = opts.name ?? `dispatcher-${randomUUID().slice(0, 8)}`;
  const batch = Math.max(1, opts.batch ?? 20);
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retry };

  /** Keeps the lease of a message while its send runs. */
  function holdLease(message: OutboxMessage): () => void {
    const claim = { id: message.id, attempts: message.attempts };
    const timer = setInterval(
      () => {
        renewOutboxLease(opts.db, claim, leaseMs).then(
          (held) => {
            if (!held) opts.logger.warn({ outboxId: message.id }, 'outbox lease lost while sending');
          },
          (err: unknown) =>
            opts.logger.warn({ err, outboxId: message.id }, 'could not renew an outbox lease'),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    return () => clearInterval(timer);
  }

  async function deliver(message: OutboxMessage): Promise<void> {
    const claim = { id: message.id, attempts: message.attempts };
    const log = {
      outboxId: message.id,
      kind: message.kind,
      channel: message.channel,
      attempt: message.attempts,
    };
    if (message.attempts > 1 && message.lastError) {
      opts.logger.info({ ...log, previous: message.lastError }, 'sending an outbox message again');
    }
    const releaseLease = holdLease(message);
    try {
      const providerId = await sendMessage(message, opts);
      releaseLease();
      await markOutboxSent(opts.db, claim, providerId);
      opts.logger.debug(log, 'message sent');
    } catch (err) {
      releaseLease();
      const reason = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof DeliveryError && err.permanent;
      // The channels beside e-mail and SMS are retried for a window of time (24 hours), not a number of attempts.
      const next = permanent
        ? { retry: false as const }
        : message.channel !== 'email' && message.channel !== 'sms'
          ? nextRetryWithin(
              message.attempts,
              policy,
              message.createdAt,
              opts.webhookRetryWindowMs ?? WEBHOOK_RETRY_WINDOW_MS,
            )
          : nextRetry(message.attempts, policy);
      if (next.retry) {
        // A provider that said how long to wait (a 429's retry_after) is waited for at least that long.
        const asked = err instanceof DeliveryError ? (err.retryAfterMs ?? 0) : 0;
        next.delayMs = Math.max(next.delayMs, asked);
        await markOutboxRetry(opts.db, claim, reason, next.delayMs);
        opts.logger.warn({ ...log, err, retryInMs: next.delayMs }, 'message not sent; will retry');
      } else {
        const why = permanent ? reason : `gave up after ${message.attempts} attempts: ${reason}`;
        await markOutboxFailed(opts.db, claim, why);
        opts.logger.error({ ...log, err, permanent }, 'message failed');
      }
    }
    if (message.alertEventId) await settleAlertEvent(opts.db, message.alertEventId);
  }

  async function runOnce(): Promise<number> {
    let handled = 0;
    let drained = false;
    // Each slot claims one message, sends it, and claims the next: nothing waits under a lease while
    // another message is being sent.
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (!drained && handled < batch) {
          handled += 1;
          const message = await claimOutboxMessage(opts.db, { claimedBy: name, leaseMs });
          if (!message) {
            handled -= 1;
            drained = true;
            return;
          }
          await deliver(message).catch((err: unknown) =>
            opts.logger.error({ err, outboxId: message.id }, 'could not record a delivery result'),
          );
        }
      }),
    );
    return handled;
  }

  return { runOnce, wake: () => {}, stop: async () => {} };
}

/** Starts a dispatcher that polls every `pollMs` (and at once when woken) until stopped. */
export function startDispatcher(opts: DispatcherOptions): Dispatcher {
  const inner = createDispatcher(opts);
  const pollMs = opts.pollMs ?? 1_000;
  const batch = Math.max(1, opts.batch ?? 20);
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(resolve, pollMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      let handled = 0;
      try {
        handled = await inner.runOnce();
      } catch (err) {
        opts.logger.error({ err }, 'outbox round failed');
      }
      // A full round may mean more are due: go again at once.
      if (handled < batch) await sleep();
      wakeUp = undefined;
    }
  })();

  return {
    runOnce: inner.runOnce,
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
    },
  };
}
