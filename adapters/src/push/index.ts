export * from './vapid-keys.ts';
export * from './send-push.ts';
