export * from './identity/index.ts';
export * from './prices/index.ts';
export * from './payments/index.ts';
