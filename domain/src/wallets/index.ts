export * from './recognise.ts';
