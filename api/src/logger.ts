import pino from 'pino';

export type Logger = pino.Logger;

/** A pino logger at the given level; 'silent' for tests. */
export function createLogger(level: string = 'info', base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { service: 'coinpace', ...base },
    redact: ['req.headers.authorization', 'password'],
  });
}
