export * from './users.ts';
export * from './portfolio.ts';
export * from './exchanges.ts';
export * from './prices.ts';
export * from './alerts.ts';
export * from './billing.ts';
export * from './outbox.ts';
export * from './public.ts';
