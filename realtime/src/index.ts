export * from './poller/index.ts';
