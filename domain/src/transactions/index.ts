/** A holding's transactions and the cost basis derived from them. */
export * from './cost-basis.ts';
export * from './schemas.ts';
export * from './summary.ts';
export { fromDecimal, toDecimal } from './fixed-point.ts';
export * from './gains.ts';
export * from './gains-query.ts';
export * from './convert.ts';
export * from './income.ts';
