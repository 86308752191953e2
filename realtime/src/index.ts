/** The realtime roles: price poller, Socket.IO gateway, alert consumer, outbox dispatcher, jobs. */
export * from './alerts/evaluate-tick.ts';
export * from './alerts/fire-alerts.ts';
export * from './alerts/process-tick.ts';
export * from './alerts/consumer.ts';
export * from './alerts/portfolio-index.ts';
export * from './jobs/rearm-alerts.ts';
export * from './jobs/telegram-poller.ts';
export * from './dispatcher/backoff.ts';
export * from './dispatcher/dispatcher.ts';
export * from './worker.ts';
export * from './poller/index.ts';
export * from './gateway/index.ts';
export * from './jobs/index.ts';
