export * from './logger.ts';
export * from './delivery-error.ts';
export * from './bus/index.ts';
export * from './mail/index.ts';
export * from './sms/index.ts';
