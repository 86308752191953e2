export * from './identity/index.ts';
export * from './prices/index.ts';
export * from './payments/index.ts';
export * from './logger.ts';
export * from './delivery-error.ts';
export * from './bus/index.ts';
export * from './mail/index.ts';
export * from './sms/index.ts';
