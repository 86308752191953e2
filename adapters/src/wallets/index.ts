export * from './port.ts';
export * from './bitcoin/index.ts';
export * from './solana/index.ts';
