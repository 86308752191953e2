export * from './port.ts';
export * from './bitcoin/index.ts';
