/**
 * The one error type of Coinpace and its code catalogue (STYLE.md, Errors).
 * Each code fixes the HTTP status and the message a user may see. A 5xx never exposes its internals.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are missing or not valid.' },
  NO_TOKEN: { status: 401, message: 'No authentication token available' },
  BAD_TOKEN: { status: 401, message: 'Authentication failed - please sign in again' },
  BAD_CREDENTIALS: { status: 401, message: 'Incorrect e-mail or password.' },
  FORBIDDEN: { status: 403, message: 'Access denied - insufficient permissions' },
  MAINTENANCE: {
    status: 403,
    message: 'Sign-in and sign-up are paused while we do maintenance. Please try again later.',
  },
  LOCAL_ACCOUNTS_DISABLED: {
    status: 403,
    message: 'This server uses its identity provider for sign-in; local accounts are turned off.',
  },
  SITE_PASSWORD_REQUIRED: { status: 403, message: 'Site password required' },
  SITE_PASSWORD_INVALID: { status: 403, message: 'Invalid password' },
  PLAN_REQUIRED: { status: 403, message: 'You must upgrade to a paid plan to set alerts.' },
  ALERT_LIMIT_REACHED: {
    status: 403,
    message:
      'You have used all of your alerts for this billing period. Upgrade your plan or wait for your next billing cycle.',
  },
  ALERT_SETUP_CAP_REACHED: {
    status: 403,
    message: 'Your plan does not allow more alerts to be set up. Delete some alerts or upgrade your plan.',
  },
  /** A sensitive action (account deletion) needs a recent sign-in or the password. */
  REAUTH_REQUIRED: {
    status: 403,
    message: 'Please sign in again to confirm it is you: this needs a sign-in from the last 10 minutes.',
  },
  WRONG_PASSWORD: { status: 403, message: 'That password is not correct.' },
  PROFILE_INCOMPLETE: {
    status: 403,
    message: 'Missing Required Information: please add your phone number and email address to your profile.',
  },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed on this path.' },
  CONFLICT: { status: 409, message: 'That conflicts with data that already exists.' },
  DUPLICATE_HOLDING: { status: 409, message: 'This coin is already in your portfolio.' },
  IMPOSSIBLE_HISTORY: {
    status: 409,
    message: 'That would take out more coins than the holding had at the time.',
  },
  HOLDING_LIMIT_REACHED: {
    status: 409,
    message: 'Your portfolio holds as many coins as it can (1,000). Remove some before adding more.',
  },
  UNKNOWN_COIN: {
    status: 400,
    message: 'CoinGecko does not know this coin. Please pick the coin from the search results.',
  },
  EMAIL_TAKEN: {
    status: 409,
    message: 'An account with this e-mail address already exists. Please sign in.',
  },
  BETA_FULL: { status: 409, message: 'Beta signup is full' },
  BETA_ALREADY_JOINED: {
    status: 409,
    message: 'This email address is already on the beta waitlist.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  NOT_IMPLEMENTED: { status: 501, message: 'This request method is not supported.' },
  UNAVAILABLE: { status: 503, message: 'A service we depend on is unavailable. Please try again shortly.' },
  /** Our own database cannot be reached; sent with Retry-After. */
  /** Password hashing's queue is full; sent with Retry-After. */
  SIGN_IN_BUSY: { status: 503, message: 'Too many sign-ins at once. Please try again in a moment.' },
  TEMPORARILY_UNAVAILABLE: {
    status: 503,
    message: 'Coinpace is temporarily unavailable. Please try again in a few seconds.',
  },
  /** The job queue (Redis) cannot be reached, so no import can start; sent with Retry-After. */
  IMPORTS_UNAVAILABLE: {
    status: 503,
    message: 'Imports cannot be started right now. Please try again in a minute.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The JSON body of every error response (DESIGN.md section 4). */
export interface ErrorBody {
  error: string;
  code?: ErrorCode;
  details?: unknown;
}

export interface AppErrorOptions {
  /** Overrides the catalogue's message; shown to the user for 4xx codes. */
  message?: string;
  /** Structured detail, e.g. zod issues; sent only for 4xx codes. */
  details?: unknown;
  /** Seconds, for RATE_LIMITED. */
  retryAfter?: number;
  cause?: unknown;
}

/** An error that knows its HTTP status and whether its message may be shown (4xx) or not (5xx). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly expose: boolean;
  readonly details?: unknown;
  readonly retryAfter?: number;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_CATALOGUE[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.expose = this.status < 500;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  /** The body a client may see: the message for 4xx, the generic catalogue text for 5xx. */
  toBody(): ErrorBody {
    if (!this.expose) return { error: ERROR_CATALOGUE[this.code].message, code: this.code };
    return this.details === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, details: this.details };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
