/**
 * Upper bounds the schemas and the pure rules share, in a module without zod, so a screen that only
 * prices or parses does not load the validation library.
 */

/** Upper bound on a coin price in USD (SPEC.md section 5, price sanity). */
export const MAX_PRICE_USD = 10_000_000;
/** Upper bound on a quantity; far above any real supply, it stops overflow and typos of many digits. */
export const MAX_QUANTITY = 1_000_000_000_000_000;
/** Most holdings one bulk request may carry. */
export const MAX_BULK_ITEMS = 1000;

/** Most holdings one portfolio may have (each held coin is polled for everyone). */
export const MAX_HOLDINGS_PER_USER = 1000;
/**
 * Coins one socket (or one price stream) may watch by default, besides the ticker coins every socket gets:
 * an anonymous page shows a few coins; a signed-in one all its holdings and the
 * ticker coins. Settings MAX_WATCHED_COINS_ANONYMOUS and MAX_WATCHED_COINS_SIGNED_IN.
 */
export const DEFAULT_WATCHED_COINS = { anonymous: 50, signedIn: MAX_HOLDINGS_PER_USER + 10 } as const;
/**
 * Distinct coin sets (one Socket.IO room each) one gateway node keeps by default (setting MAX_COIN_SETS).
 * Sockets watching the same coins share a set; at the bound a change that needs a new set is refused.
 */
export const DEFAULT_MAX_COIN_SETS = 10_000;
/**
 * Of a node's coin sets, the share only signed-in sockets may open (setting COIN_SETS_SIGNED_IN_RESERVE,
 * default a fifth of MAX_COIN_SETS): anonymous sockets, which anyone can open by the thousand, never leave
 * a signed-in user's `subscribe` refused for want of a set.
 */
export function defaultSignedInSetReserve(maxCoinSets: number): number {
  return Math.floor(maxCoinSets / 5);
}
/**
 * Coin sets the anonymous sockets of one address key (IPv4 address, IPv6 /64) may be in at once, the
 * ticker-only set aside (setting MAX_COIN_SETS_PER_ADDRESS): a page shows one set per tab.
 */
export const DEFAULT_COIN_SETS_PER_ADDRESS = 10;

/**
 * Wrong site passwords one address may send per window, wherever they are sent (POST /api/check-password,
 * the X-Site-Password header, the Socket.IO handshake) before every try gets 429.
 */
export const SITE_PASSWORD_GUESS_LIMIT = { points: 10, duration: 15 * 60 } as const;

/**
 * How recent a sign-in must be for account deletion when the identity provider signs users in (Clerk's own
 * 'strict' reverification window): seconds. Local accounts give their password instead.
 */
export const REAUTH_MAX_AGE_S = 10 * 60;

/** Coins one user may ask to have tracked per day (POST /api/prices/track; tracks last seven days). */
export const TRACKS_PER_USER_PER_DAY = 100;

/**
 * Request body limits by kind of route, in bytes; the API refuses a larger body
 * with 413 before reading it, and the API reference states each route's limit.
 */
export const BODY_LIMITS = {
  /** Sign-up, sign-in, the site password and the beta waitlist: an e-mail and a password or two words. */
  auth: 4 * 1024,
  /** The contact form: a message of at most a few thousand characters. */
  contact: 16 * 1024,
  /** Everything else that takes one holding, one alert, a few fields. */
  standard: 64 * 1024,
  /** A bulk import of 1,000 holdings or an alert on 500 coins: about 200 kB. */
  bulk: 1024 * 1024,
  /** A trade-history export of up to 20,000 rows (about 2 MB), sent as JSON text. */
  trades: 4 * 1024 * 1024,
} as const;

/** Most data rows one trade-history import may have; a longer export is refused, to be split. */
export const MAX_TRADE_ROWS = 20_000;
/** Longest trade-history export text, in characters (the body limit less room for JSON escapes). */
export const MAX_TRADE_FILE_CHARS = 3_500_000;

/** A body limit as people read it: `4 kB`, `1 MB`. */
export function formatBodyLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} kB`;
}

/** User-driven CoinGecko calls in any minute by default: a third of the demo quota (30), the rest the poll's. */
export const DEFAULT_USER_UPSTREAM_CALLS_PER_MINUTE = 10;
/**
 * Market-history calls of the poller's backfill in any minute by default: a fifth of the demo quota (30),
 * beside the users' third, so history fills in the background and the poll keeps the rest.
 */
export const DEFAULT_HISTORY_UPSTREAM_CALLS_PER_MINUTE = 6;
/** How often the poller role reads CoinGecko's coin list again by default, in minutes (6 hours). */
export const DEFAULT_COIN_LIST_REFRESH_MINUTES = 360;

/** Longest note a user may add to an error report (POST /api/portfolio/{id}/report). */
export const MAX_REPORT_NOTE_LENGTH = 2000;
