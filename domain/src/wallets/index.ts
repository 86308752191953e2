export * from './recognise.ts';
export * from './accounts.ts';
