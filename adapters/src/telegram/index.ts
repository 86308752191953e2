export * from './port.ts';
export * from './http-bot.ts';
