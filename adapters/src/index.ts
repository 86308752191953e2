export * from './prices/index.ts';
