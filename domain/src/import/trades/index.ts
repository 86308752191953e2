/** Trade-history imports of exchange exports; the request schema is in schema.ts. */
export * from './types.ts';
export { readDecimal, readTime, USD_QUOTES } from './cells.ts';
export { listedPairs, readPair, splitPair, type Pair, type PairSource } from './pairs.ts';
export { stableHash } from './row-hash.ts';
export * from './parse.ts';
export * from './plan.ts';
export * from './feasible.ts';
export * from './preview.ts';
export * from './batches.ts';
