/** The portfolio as the client shows it: holding views, summary and table sorting. */
export * from './holding-view.ts';
export * from './images.ts';
export * from './summary.ts';
export * from './sort.ts';
export * from './value-history.ts';
export * from './performance.ts';
export type { WalkSnapshot } from './performance-walk.ts';
export { scaled18 as scaledPrice18 } from './performance-amounts.ts';
export * from './report.ts';
export * from './messages.ts';
