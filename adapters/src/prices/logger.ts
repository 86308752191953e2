/**
 * The logging the price adapters need: a subset of pino's interface, so a pino logger (or a child of one)
 * can be passed straight in. The default logs nothing.
 */
export interface PriceLogger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

/** A logger that drops everything. */
export const silentPriceLogger: PriceLogger = {
  warn: () => {},
  info: () => {},
  debug: () => {},
};
