export * from './identity/index.ts';
