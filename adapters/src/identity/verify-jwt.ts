import { verifyToken } from '@clerk/backend';
import { TokenRejectedError } from './port.ts';

/** The claims we read from a verified session token. */
export interface SessionClaims {
  sub: string;
  iss?: string;
  exp: number;
}

type VerifyOptions = Parameters<typeof verifyToken>[1];

/**
 * Runs Clerk's `verifyToken` (signature, exp, nbf, iat, azp) and returns the claims, or throws
 * TokenRejectedError with Clerk's reason. Handles both the `{errors}` result and a thrown error.
 */
export async function verifySessionJwt(token: string, options: VerifyOptions): Promise<SessionClaims> {
  let result: unknown;
  try {
    result = await verifyToken(token, options);
  } catch (error) {
    throw new TokenRejectedError(reasonOf(error));
  }
  // Typed as {data} | {errors}; the 3.x runtime resolves to the payload itself and throws on errors.
  const wrapped = result as { data?: unknown; errors?: readonly unknown[] } | undefined;
  if (wrapped?.errors?.length) throw new TokenRejectedError(reasonOf(wrapped.errors[0]));
  const claims = (wrapped && 'data' in wrapped ? wrapped.data : result) as Partial<SessionClaims> | undefined;
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '')
    throw new TokenRejectedError('missing-subject');
  return { sub: claims.sub, iss: claims.iss, exp: Number(claims.exp) };
}

function reasonOf(error: unknown): string {
  if (error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string')
    return error.reason;
  return error instanceof Error ? error.message : 'unknown';
}
