export * from './app.ts';
export * from './deps.ts';
export * from './logger.ts';
export * from './context.ts';
export * from './middleware/limiters.ts';
