/**
 * The Socket.IO handshake check (DESIGN.md section 4): the site password when one is set, then the
 * optional session token. A verified token puts the user's id on the socket for the room `user:{id}`;
 * no token means an anonymous socket (ticker and coin prices only).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { TokenRejectedError, type IdentityVerifier, type Logger } from '@coinpace/adapters';
import { ensureUser, type AppDb } from '@coinpace/db';
import { AppError, SOCKET_ERRORS } from '@coinpace/domain';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Socket } from 'socket.io';

/** What a socket carries between handlers (restored with the socket on connection-state recovery). */
export interface SocketData {
  /** Our user id, for sockets that sent a valid token. */
  userId?: string;
  /** The coins the socket watches, sorted; shared with other sockets of the same set, never mutated. */
  coins: readonly string[];
  /** Key of the socket's coin set ('' for no coins of its own); undefined until it is in one. */
  setKey?: string;
  /** The key the socket's connection is counted under (its client's address key): an anonymous socket's sets are capped per key. */
  addressKey?: string;
}

export interface HandshakeOptions {
  sitePassword?: string;
  /**
   * Wrong site passwords per client address, the limiter POST /api/check-password counts with (shared
   * through Redis): a handshake's wrong guess costs a point, and past the limit every handshake from
   * the address is refused, even with the right password, until the window ends.
   */
  passwordGuesses: RateLimiterAbstract;
  /** The client key a handshake is counted under (TRUSTED_PROXY_HOPS applied, an IPv6 /64 as one). */
  addressOf: (socket: Socket) => string;
  verifier: IdentityVerifier;
  db: AppDb;
  logger: Logger;
}

/** True when `given` equals `expected`, compared in constant time (digests of equal length). */
export function sitePasswordMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/** The middleware for `io.use`. Refusals reach the client as `connect_error` with a SOCKET_ERRORS message. */
export function checkHandshake(options: HandshakeOptions) {
  return async (socket: Socket, next: (err?: Error) => void): Promise<void> => {
    const { auth, headers } = socket.handshake;
    if (options.sitePassword) {
      const given = auth?.sitePassword ?? headers['x-site-password'];
      const refusal = await checkSitePassword(options, options.addressOf(socket), given);
      if (refusal) return next(refusal);
    }
    const data = socket.data as Partial<SocketData>;
    data.userId = undefined;
    const token: unknown = auth?.token;
    if (token === undefined || token === null || token === '') return next();
    if (typeof token !== 'string') return next(new Error(SOCKET_ERRORS.unauthorized));
    try {
      const identity = await options.verifier.verify(token);
      data.userId = (await ensureUser(options.db, identity.subject)).id;
      next();
    } catch (err) {
      if (err instanceof TokenRejectedError) return next(new Error(SOCKET_ERRORS.unauthorized));
      options.logger.error({ err }, 'socket handshake check failed');
      next(new Error(SOCKET_ERRORS.unavailable));
    }
  };
}

/**
 * The site password check of one handshake, counted like the HTTP gate: undefined when it passes, else
 * the error to refuse with. A blocked address is refused before the guess is compared, so the refusal
 * tells a right guess from a wrong one no better than the HTTP route's 429 does.
 */
async function checkSitePassword(
  options: HandshakeOptions,
  address: string,
  given: unknown,
): Promise<Error | undefined> {
  const used = await options.passwordGuesses.get(address);
  if (used && used.remainingPoints <= 0) return rateLimited(used.msBeforeNext);
  if (sitePasswordMatches(options.sitePassword!, given)) return undefined;
  // A missing password is not a guess (a browser that has not asked its user yet), as on HTTP.
  if (typeof given === 'string' && given !== '') await options.passwordGuesses.penalty(address, 1);
  return new Error(SOCKET_ERRORS.sitePassword);
}

/**
 * The handshake refusal past the guess limit. Its `data` is the HTTP route's answer: the 429 body
 * (`{error, code: 'RATE_LIMITED'}`) with the status and the Retry-After seconds.
 */
function rateLimited(msBeforeNext: number): Error {
  const limited = new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(msBeforeNext / 1000)) });
  return Object.assign(new Error(SOCKET_ERRORS.rateLimited), {
    data: { ...limited.toBody(), status: limited.status, retryAfter: limited.retryAfter },
  });
}
