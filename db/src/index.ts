export * from './connect.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export * from './queries/users.ts';
export * from './queries/portfolio.ts';
export * from './queries/outbox.ts';
export * from './queries/locks.ts';
export * from './queries/billing.ts';
export * from './queries/prices.ts';
