export * from './secret-box.ts';
