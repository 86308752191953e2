import { AppError } from '@coinpace/domain';
import { TokenRejectedError, type IdentityVerifier } from '@coinpace/adapters';
import { ensureUser, type AppDb } from '@coinpace/db';
import type { Middleware } from 'koa';
import type { AppState } from '../context.ts';

/** The bearer token of a request, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Requires a valid bearer token and loads its user, creating the user row on first sight.
 * Missing token: 401 'No authentication token available'; bad token: 401 'Authentication failed
 * - please sign in again' (SPEC.md sections 5 and 8).
 */
export function requireUser(verifier: IdentityVerifier, db: AppDb): Middleware<AppState> {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token) throw new AppError('NO_TOKEN');
    try {
      ctx.state.identity = await verifier.verify(token);
    } catch (error) {
      if (error instanceof TokenRejectedError) {
        ctx.state.log.info({ reason: error.reason }, 'token rejected');
        throw new AppError('BAD_TOKEN');
      }
      throw error;
    }
    ctx.state.user = await ensureUser(db, ctx.state.identity.subject);
    await next();
  };
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(ctx: { state: AppState }) {
  const user = ctx.state.user;
  if (!user) throw new AppError('NO_TOKEN');
  return user;
}
