export * from './port.ts';
export * from './clerk.ts';
export * from './local.ts';
export * from './create.ts';
export * from './clerk-admin.ts';
