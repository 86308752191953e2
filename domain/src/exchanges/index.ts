export * from './accounts.ts';
export * from './movements.ts';
export * from './locations.ts';
