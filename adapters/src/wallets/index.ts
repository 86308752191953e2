export * from './port.ts';
export * from './bitcoin/index.ts';
export * from './solana/index.ts';
export * from './demo-chain.ts';
export * from './registry.ts';
export * from './evm-reader.ts';
export * from './sign-in.ts';
