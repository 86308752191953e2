/**
 * The outbox dispatcher (DESIGN.md section 5, Delivery): claims due messages with FOR UPDATE SKIP LOCKED,
 * sends each by e-mail or SMS, retries transient failures with exponential backoff, marks a message
 * failed on a permanent DeliveryError or after the last attempt, and settles the alert event a message
 * belongs to. It delivers every kind of message in the outbox (alert, contact, report, lifecycle).
 * A message is sent by one dispatcher only, and once: it is `sending` under a lease longer than any
 * send may take, and a result is recorded only for the claim that made it.
 */
import { DeliveryError, type Logger, type Mailer, type SmsSender } from '@coinpace/adapters';
import {
  claimOutbox,
  markOutboxFailed,
  markOutboxRetry,
  markOutboxSent,
  releaseExpiredLeases,
  settleAlertEvent,
  type AppDb,
  type OutboxMessage,
} from '@coinpace/db';
import { DEFAULT_RETRY_POLICY, nextRetry, type RetryPolicy } from './backoff.ts';
import { sendMessage } from './send-message.ts';

export interface DispatcherOptions {
  db: AppDb;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  now?: () => Date;
  /** How often to look for due messages when idle, ms. Default 1,000. */
  pollMs?: number;
  /** Messages claimed at a time. Default 20. */
  batch?: number;
  /** Messages sent at the same time. Default 4. */
  concurrency?: number;
  /** How long a claimed message is this dispatcher's, ms; longer than any send may take. Default 120,000. */
  leaseMs?: number;
  retry?: Partial<RetryPolicy>;
}

export interface Dispatcher {
  /** One claim-and-send round; resolves with how many messages it handled. */
  runOnce(): Promise<number>;
  /** Looks for due messages now instead of at the next poll (e.g. right after alerts fired). */
  wake(): void;
  /** Stops polling; resolves once the round in flight has finished. */
  stop(): Promise<void>;
}

/** A dispatcher that runs only when asked (`runOnce`); `startDispatcher` adds the polling loop. */
export function createDispatcher(opts: DispatcherOptions): Dispatcher {
  const now = opts.now ?? (() => new Date());
  const batch = opts.batch ?? 20;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const leaseMs = opts.leaseMs ?? 120_000;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
  let lastLeaseSweep = 0;

  async function deliver(message: OutboxMessage): Promise<void> {
    const claim = { id: message.id, attempts: message.attempts };
    const log = {
      outboxId: message.id,
      kind: message.kind,
      channel: message.channel,
      attempt: message.attempts,
    };
    try {
      const providerId = await sendMessage(message, opts);
      await markOutboxSent(opts.db, claim, providerId, now());
      opts.logger.debug(log, 'message sent');
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof DeliveryError && err.permanent;
      const next = permanent ? { retry: false as const } : nextRetry(message.attempts, policy);
      if (next.retry) {
        await markOutboxRetry(opts.db, claim, reason, new Date(now().getTime() + next.delayMs));
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
    const at = now();
    if (at.getTime() - lastLeaseSweep >= Math.min(60_000, leaseMs)) {
      lastLeaseSweep = at.getTime();
      const released = await releaseExpiredLeases(opts.db, at);
      if (released > 0) opts.logger.warn({ released }, 'outbox messages of a stopped dispatcher released');
    }
    const messages = await claimOutbox(opts.db, { now: at, limit: batch, leaseMs });
    const queue = [...messages];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let message = queue.shift(); message; message = queue.shift()) {
          await deliver(message).catch((err: unknown) =>
            opts.logger.error({ err, outboxId: message!.id }, 'could not record a delivery result'),
          );
        }
      }),
    );
    return messages.length;
  }

  return { runOnce, wake: () => {}, stop: async () => {} };
}

/** Starts a dispatcher that polls every `pollMs` (and at once when woken) until stopped. */
export function startDispatcher(opts: DispatcherOptions): Dispatcher {
  const inner = createDispatcher(opts);
  const pollMs = opts.pollMs ?? 1_000;
  const batch = opts.batch ?? 20;
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
      // A full batch may mean more are due: go again at once.
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
