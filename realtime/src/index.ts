/** The realtime roles: price poller, Socket.IO gateway, alert consumer, outbox dispatcher, jobs. */
export * from './jobs/index.ts';
