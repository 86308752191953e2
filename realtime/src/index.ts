/** The realtime roles: price poller, Socket.IO gateway, alert consumer, outbox dispatcher, jobs. */
export * from './poller/index.ts';
export * from './gateway/index.ts';
