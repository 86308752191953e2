export * from './port.ts';
export * from './demo-exchange.ts';
