export * from './identity/index.ts';
export * from './payments/index.ts';
