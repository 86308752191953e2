export * from './recognise.ts';
export * from './accounts.ts';
export * from './verification.ts';
