/** Display formatting (SPEC.md section 9, 'Formatting'). */
export * from './missing.ts';
export * from './money.ts';
export * from './ticker.ts';
export * from './number-input.ts';
export * from './html.ts';
export * from './currency.ts';
export * from './utc-day.ts';
export * from './dates.ts';
