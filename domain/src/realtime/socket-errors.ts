/**
 * Why the gateway refuses a Socket.IO handshake: the `message` of the client's `connect_error`
 * (DESIGN.md section 4). Shared so the browser can tell a wrong site password from a bad token.
 */
export const SOCKET_ERRORS = {
  /** SITE_PASSWORD is set and the handshake carried no or a wrong password. */
  sitePassword: 'site password required',
  /** A token was sent and did not verify; the client should get a fresh one or connect without. */
  unauthorized: 'unauthorized',
  /** The gateway could not check the handshake (database down); retry later. */
  unavailable: 'server unavailable',
  /**
   * Too many wrong site passwords from this address (counted with POST /api/check-password);
   * `data` carries the HTTP route's answer, `{status: 429, error, retryAfter}`.
   */
  rateLimited: 'rate limited',
} as const;

/** What a refused handshake's HTTP answer says when the client address holds too many connections. */
export const TOO_MANY_SOCKETS = 'too many connections from this address';

/**
 * Most ids one `unsubscribe` request is read for (a `subscribe` is read for the socket's cap and the ten
 * ticker coins). Ids past it are not read, not even reported back, so a huge request costs no more than
 * a full one.
 */
export const MAX_SUBSCRIBE_IDS = 2_000;
