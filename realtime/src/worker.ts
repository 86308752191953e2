/**
 * The worker role's alert parts (DESIGN.md section 1): the alert consumer, the re-arm job, the
 * movement and sync-problem alert job, the Telegram poller and the outbox dispatcher, started together from adapters passed in, stopped together.
 */
import {
  publishUserEvent,
  type Bus,
  type Logger,
  type Mailer,
  type SecretBox,
  type SmsSender,
  type TelegramBot,
  type VapidKeys,
} from '@coinpace/adapters';
import type { AppDb } from '@coinpace/db';
import { BUS_TOPICS } from '@coinpace/domain';
import { startAlertConsumer, type AlertConsumerOptions } from './alerts/consumer.ts';
import { startDispatcher, type DispatcherOptions } from './dispatcher/dispatcher.ts';
import { startRearmJob } from './jobs/rearm-alerts.ts';
import { startEventAlertJob } from './alerts/event-alerts.ts';
import { startTelegramPoller } from './jobs/telegram-poller.ts';

export interface AlertWorkerOptions {
  db: AppDb;
  bus: Bus;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  /** Opens webhook signing secrets (SECRETS_KEY or the key kept in DATA_DIR). */
  secrets?: SecretBox;
  /** Signs browser push messages (VAPID_* or kept under the data folder). */
  vapid?: VapidKeys;
  /** WEBHOOK_ALLOW_LOOPBACK. */
  allowLoopbackWebhooks?: boolean;
  /** The Telegram bot (TELEGRAM_BOT_TOKEN): its poller links chats, the dispatcher sends with it. */
  telegram?: TelegramBot;
  /** getUpdates' long-poll wait, s (default 25; 0 on PGlite, whose one connection a held poll would block). */
  telegramLongPollSeconds?: number;
  /** Pause between Telegram polls that did not wait, ms (default 2,000). */
  telegramIdleMs?: number;
  /** PRICE_POLL_MS: prices older than two intervals never fire alerts. */
  pollMs: number;
  /** PUBLIC_URL, for links in notifications. */
  publicUrl: string;
  /** Unique per process; also names the dispatcher in the outbox rows it claims. */
  consumerName: string;
  now?: () => Date;
  /** Overrides for tests. */
  claimIdleMs?: number;
  rearmEveryMs?: number;
  /** How often movement and sync-problem alerts are looked for, ms (default 60,000). */
  eventAlertsEveryMs?: number;
  /** Called after each tick the consumer handled (tests, metrics). */
  onTick?: AlertConsumerOptions['onTick'];
  dispatcher?: Partial<Omit<DispatcherOptions, 'db' | 'mailer' | 'sms' | 'logger' | 'name'>>;
}

export interface AlertWorker {
  /** Resolves once the consumer reads the tick stream. */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the alert consumer, the re-arm job and the outbox dispatcher. */
export function startAlertWorker(opts: AlertWorkerOptions): AlertWorker {
  const now = opts.now ?? (() => new Date());
  const dispatcher = startDispatcher({
    db: opts.db,
    mailer: opts.mailer,
    sms: opts.sms,
    logger: opts.logger,
    name: opts.consumerName,
    secrets: opts.secrets,
    vapid: opts.vapid,
    telegram: opts.telegram,
    allowLoopbackWebhooks: opts.allowLoopbackWebhooks,
    ...opts.dispatcher,
  });
  // Fired alerts wait in the outbox: this worker sends them now rather than at the next poll, and tells
  // the other workers, so every worker's sending slots share a burst from the first moment.
  const outboxDue = () => {
    dispatcher.wake();
    opts.bus
      .publish(BUS_TOPICS.outboxDue, {})
      .catch((err: unknown) => opts.logger.warn({ err }, 'could not tell the other workers of due messages'));
  };
  let stopped = false;
  const wakeOnDue = opts.bus
    .subscribe(BUS_TOPICS.outboxDue, () => {
      if (!stopped) dispatcher.wake();
    })
    .catch((err: unknown) => {
      // Without it this worker finds others' messages at its next outbox poll.
      opts.logger.warn({ err }, 'could not listen for due outbox messages');
      return async () => {};
    });
  const consumer = startAlertConsumer({
    db: opts.db,
    bus: opts.bus,
    logger: opts.logger,
    pollMs: opts.pollMs,
    publicUrl: opts.publicUrl,
    now: () => now().getTime(),
    consumerName: opts.consumerName,
    claimIdleMs: opts.claimIdleMs,
    onTick: (tick, result) => {
      if (result.fired.length > 0) outboxDue();
      opts.onTick?.(tick, result);
    },
  });
  const rearm = startRearmJob({ db: opts.db, logger: opts.logger, everyMs: opts.rearmEveryMs, now });
  const events = startEventAlertJob({
    db: opts.db,
    logger: opts.logger,
    publicUrl: opts.publicUrl,
    everyMs: opts.eventAlertsEveryMs,
    now,
    onFired: (fired) => {
      outboxDue();
      for (const f of fired) {
        publishUserEvent(opts.bus, { userId: f.userId, type: 'alert:triggered', payload: f.payload }).catch(
          (err: unknown) => opts.logger.warn({ err }, 'could not publish alert:triggered'),
        );
      }
    },
  });
  const telegram = opts.telegram
    ? startTelegramPoller({
        db: opts.db,
        bot: opts.telegram,
        logger: opts.logger,
        longPollSeconds: opts.telegramLongPollSeconds ?? 25,
        idleMs: opts.telegramIdleMs,
      })
    : undefined;
  return {
    ready: () => consumer.ready(),
    async stop() {
      // Not awaited: with Redis down an unsubscribe would wait for it to come back, and a stop must not.
      stopped = true;
      wakeOnDue.then((unsubscribe) => unsubscribe()).catch(() => {});
      await Promise.all([consumer.stop(), rearm.stop(), events.stop(), dispatcher.stop(), telegram?.stop()]);
    },
  };
}
