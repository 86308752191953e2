/** Trade-history imports of exchange exports (issue 18 item 3); the request schema is in schema.ts. */
export * from './types.ts';
export { readDecimal, readTime, splitPair, USD_QUOTES } from './cells.ts';
export { stableHash } from './row-hash.ts';
export * from './parse.ts';
export * from './plan.ts';
