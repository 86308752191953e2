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
} as const;

/** Most coin rooms one socket may be in (`subscribe` ignores ids beyond it). */
export const MAX_SOCKET_COINS = 2_000;
