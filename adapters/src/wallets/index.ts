export * from './port.ts';
export * from './demo-chain.ts';
export * from './registry.ts';
export * from './evm-reader.ts';
