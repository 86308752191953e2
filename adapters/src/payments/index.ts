export * from './port.ts';
export * from './stripe.ts';
