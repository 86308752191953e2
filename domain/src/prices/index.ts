export * from './types.ts';
export * from './sanity.ts';
export * from './fallback.ts';
export * from './ticker.ts';
export * from './market-history.ts';
