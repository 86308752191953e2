/**
 * The Socket.IO handshake check (DESIGN.md section 4): the site password when one is set, then the
 * optional session token. A verified token puts the user's id on the socket for the room `user:{id}`;
 * no token means an anonymous socket (ticker and coin prices only).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { TokenRejectedError, type IdentityVerifier, type Logger } from '@coinpace/adapters';
import { ensureUser, type AppDb } from '@coinpace/db';
import { SOCKET_ERRORS } from '@coinpace/domain';
import type { Socket } from 'socket.io';

/** What a socket carries between handlers (restored with the socket on connection-state recovery). */
export interface SocketData {
  /** Our user id, for sockets that sent a valid token. */
  userId?: string;
  /** The coins the socket watches, sorted; shared with other sockets of the same set, never mutated. */
  coins: readonly string[];
  /** Key of the socket's coin set ('' for none). */
  setKey: string;
}

export interface HandshakeOptions {
  sitePassword?: string;
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
      if (!sitePasswordMatches(options.sitePassword, given))
        return next(new Error(SOCKET_ERRORS.sitePassword));
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
