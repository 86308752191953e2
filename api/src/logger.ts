import pino from 'pino';

export type Logger = pino.Logger;

/** A pino logger at the given level; 'silent' for tests. */
export function createLogger(level: string = 'info', base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { service: 'coinpace', ...base },
    // Exchange API keys and their secrets never reach a log, at the top of a record or one level in.
    redact: [
      'req.headers.authorization',
      'password',
      ...['apiKey', 'secret', 'credentials'].flatMap((field) => [field, `*.${field}`]),
      '*.password',
    ],
  });
}
