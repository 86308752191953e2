/**
 * Turns what ccxt throws into an ExchangeError of a kind the caller can act on, with words the user can
 * act on. ccxt's own messages carry the exchange's reply body (and sometimes the request URL), so they are
 * read here to tell cases apart but never passed on: a message built here names the exchange and what to
 * do, nothing the user did not type, and never a key or secret.
 */
import { ExchangeError, type ExchangeErrorKind } from './port.ts';

/** The exchange's own error codes or texts that tell more than ccxt's class does. */
interface CodeRule {
  pattern: RegExp;
  kind: ExchangeErrorKind;
  message: (name: string) => string;
}

const BAD_KEY = (name: string) =>
  `${name} does not know this API key. Check that it was copied whole and that it has not been deleted.`;
const BAD_SECRET = (name: string) =>
  `${name} knows this API key but the secret does not match it. Paste the secret shown when the key was created.`;
const CLOCK = (name: string) =>
  `${name} refused the request as sent at the wrong time (its clock and ours disagree). Try again in a minute.`;
const RATE = (name: string) => `${name} asks us to slow down. The sync continues on its own shortly.`;
const REVOKED = (name: string) =>
  `${name} no longer accepts this API key: it was deleted or disabled. Create a new read-only key.`;
const IP = (name: string) =>
  `${name} refused this API key from Coinpace's servers: its IP restriction does not allow them, or it lacks the read permission. Allow reading (and our IP addresses, if you restrict them).`;

const PASSPHRASE = (name: string) =>
  `${name} knows this API key but the passphrase does not match it. Enter the passphrase chosen when the key was created.`;
const IP_ONLY = (name: string) =>
  `${name} refused this API key from Coinpace's servers: its IP restriction does not allow them. Allow our IP addresses, or remove the restriction.`;

/** A rule for the exchange's error code `code` in ccxt's message, quoted or not, under `field`. */
const code = (field: string, value: number): RegExp => new RegExp(`"${field}":\\s*"?${value}"?[,}]`);

/** Rules by ccxt exchange id, tried in order against ccxt's message (which holds the exchange's reply). */
const RULES: Record<string, CodeRule[]> = {
  okx: [
    { pattern: code('code', 50111), kind: 'bad-key', message: BAD_KEY },
    { pattern: code('code', 50113), kind: 'bad-secret', message: BAD_SECRET },
    { pattern: code('code', 50105), kind: 'bad-secret', message: PASSPHRASE },
    { pattern: code('code', 50102), kind: 'clock-skew', message: CLOCK },
    { pattern: code('code', 50110), kind: 'ip-restricted', message: IP_ONLY },
    { pattern: code('code', 50011), kind: 'rate-limited', message: RATE },
  ],
  kucoin: [
    { pattern: code('code', 400003), kind: 'bad-key', message: BAD_KEY },
    { pattern: code('code', 400005), kind: 'bad-secret', message: BAD_SECRET },
    { pattern: code('code', 400004), kind: 'bad-secret', message: PASSPHRASE },
    { pattern: code('code', 400002), kind: 'clock-skew', message: CLOCK },
    { pattern: code('code', 400006), kind: 'ip-restricted', message: IP_ONLY },
    { pattern: code('code', 429000), kind: 'rate-limited', message: RATE },
  ],
  bybit: [
    { pattern: code('retCode', 10003), kind: 'bad-key', message: BAD_KEY },
    { pattern: code('retCode', 10004), kind: 'bad-secret', message: BAD_SECRET },
    { pattern: code('retCode', 10002), kind: 'clock-skew', message: CLOCK },
    { pattern: code('retCode', 10010), kind: 'ip-restricted', message: IP_ONLY },
    { pattern: code('retCode', 10006), kind: 'rate-limited', message: RATE },
    { pattern: code('retCode', 10018), kind: 'rate-limited', message: RATE },
  ],
  binance: [
    { pattern: /"code":\s*-2014\b/, kind: 'bad-key', message: BAD_KEY },
    // -2015 is "Invalid API-key, IP, or permissions for action": Binance does not say which.
    {
      pattern: /"code":\s*-2015\b/,
      kind: 'bad-key',
      message: (name) =>
        `${name} refused this API key: it is unknown, its IP restriction does not allow Coinpace's servers, or it lacks the "Enable Reading" permission.`,
    },
    { pattern: /"code":\s*-1022\b/, kind: 'bad-secret', message: BAD_SECRET },
    { pattern: /"code":\s*-1021\b/, kind: 'clock-skew', message: CLOCK },
    { pattern: /"code":\s*-1003\b/, kind: 'rate-limited', message: RATE },
  ],
  kraken: [
    { pattern: /EAPI:Invalid key/, kind: 'bad-key', message: BAD_KEY },
    { pattern: /EAPI:Invalid signature/, kind: 'bad-secret', message: BAD_SECRET },
    {
      pattern: /EAPI:Invalid nonce/,
      kind: 'clock-skew',
      message: (name) =>
        `${name} refused the request's nonce: another app may use the same key. Give Coinpace a key of its own.`,
    },
    {
      pattern: /EGeneral:Permission denied/,
      kind: 'bad-key',
      message: (name) =>
        `${name} refused to show this data to the key. Tick "Query Funds" and "Query Ledger Entries" on the key (and nothing else).`,
    },
    { pattern: /E(API|Order):Rate limit exceeded/, kind: 'rate-limited', message: RATE },
    {
      pattern: /EService:(Unavailable|Busy)/,
      kind: 'unavailable',
      message: (name) => `${name} is unavailable at the moment. We will try again later.`,
    },
  ],
};

/** The error classes of ccxt the mapping needs, taken from the loaded module. */
export interface CcxtErrorClasses {
  AuthenticationError: abstract new (...args: never[]) => Error;
  PermissionDenied: abstract new (...args: never[]) => Error;
  AccountSuspended: abstract new (...args: never[]) => Error;
  InvalidNonce: abstract new (...args: never[]) => Error;
  RateLimitExceeded: abstract new (...args: never[]) => Error;
  DDoSProtection: abstract new (...args: never[]) => Error;
  RequestTimeout: abstract new (...args: never[]) => Error;
  ExchangeNotAvailable: abstract new (...args: never[]) => Error;
  NetworkError: abstract new (...args: never[]) => Error;
  NotSupported: abstract new (...args: never[]) => Error;
}

export interface ErrorContext {
  exchange: string;
  /** The exchange's display name. */
  name: string;
  /** The `Retry-After` of the failed reply, in seconds or as an HTTP date, when there was one. */
  retryAfter?: string | undefined;
  /** Whether this client has authenticated before: a refused key then means a revoked one. */
  authenticatedBefore: boolean;
}

/** Milliseconds from a `Retry-After` header value (seconds or HTTP date), or null. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The ExchangeError for `err`, which ccxt (or the network under it) threw. */
export function toExchangeError(
  err: unknown,
  classes: CcxtErrorClasses,
  context: ErrorContext,
): ExchangeError {
  if (err instanceof ExchangeError) return err;
  const { name } = context;
  const text = err instanceof Error ? err.message : String(err);
  const retry = retryAfterMs(context.retryAfter);
  for (const rule of RULES[context.exchange] ?? []) {
    if (!rule.pattern.test(text)) continue;
    // A key that worked before and is now refused was revoked (ccxt even reports Binance's -2015 then as
    // DDoSProtection, taking it for an IP ban).
    if (rule.kind === 'bad-key' && context.authenticatedBefore)
      return new ExchangeError('revoked', REVOKED(name));
    return new ExchangeError(rule.kind, rule.message(name), rule.kind === 'rate-limited' ? retry : null);
  }
  const is = (cls: abstract new (...args: never[]) => Error) => err instanceof cls;
  if (is(classes.InvalidNonce)) return new ExchangeError('clock-skew', CLOCK(name));
  if (is(classes.AccountSuspended)) {
    return new ExchangeError('revoked', `${name} reports the account as suspended. Check it on ${name}.`);
  }
  if (is(classes.PermissionDenied)) return new ExchangeError('ip-restricted', IP(name));
  if (is(classes.AuthenticationError)) {
    if (context.authenticatedBefore) return new ExchangeError('revoked', REVOKED(name));
    return new ExchangeError(
      'bad-key',
      `${name} refused this API key or its secret. Check that both were copied whole (and the passphrase, if the exchange asks for one).`,
    );
  }
  if (is(classes.RateLimitExceeded) || is(classes.DDoSProtection)) {
    return new ExchangeError('rate-limited', RATE(name), retry);
  }
  if (is(classes.RequestTimeout)) {
    return new ExchangeError('unavailable', `${name} did not answer in time. We will try again later.`);
  }
  if (is(classes.ExchangeNotAvailable) || is(classes.NetworkError)) {
    return new ExchangeError(
      'unavailable',
      `${name} cannot be reached at the moment. We will try again later.`,
      retry,
    );
  }
  if (is(classes.NotSupported)) {
    return new ExchangeError('unsupported', `${name} does not offer this through its API.`);
  }
  return new ExchangeError(
    'unavailable',
    `${name} answered with an error we do not know. We will try again later.`,
  );
}
