/**
 * The logger the adapters write to: the subset of pino's API they use, so a pino logger (or a child of
 * one) can be passed straight in. Structured fields go first, the message second, as in pino.
 */
export interface LogFn {
  (obj: object, msg?: string): void;
  (msg: string): void;
}

/** A pino-compatible logger; adapters take one as an option and default to {@link noopLogger}. */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

const ignore: LogFn = () => {};

/** A logger that drops everything: the default when no logger is passed. */
export const noopLogger: Logger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
