/**
 * Whether an error means the database cannot be reached right now, as opposed to a fault
 * in the query or the data: the API answers the first with 503 'temporarily unavailable', and the
 * alert consumer keeps a tick it could not handle for later instead of counting it as a poison tick.
 */

/** Node socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** postgres.js's own connection error codes. */
const DRIVER_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/**
 * SQLSTATEs of a server that is going away, starting, overloaded or gave up on a statement:
 * class 08 (connection exception) and the ones below.
 */
const SERVER_STATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '55P03', // lock_not_available (lock_timeout)
]);

/**
 * True when `err`, or an error it wraps (`cause`, an AggregateError's `errors`; drizzle wraps driver
 * errors in its own), says the database is unreachable, restarting, overloaded or timed out.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || DRIVER_CODES.has(code) || SERVER_STATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const nested = (err as { errors?: unknown }).errors;
  if (Array.isArray(nested) && nested.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable((err as { cause?: unknown }).cause, depth + 1);
}
