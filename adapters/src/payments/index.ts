export * from './port.ts';
export * from './stripe.ts';
export * from './local.ts';
export * from './local-memory-store.ts';
export * from './create.ts';
