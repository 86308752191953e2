import { verifyToken } from '@clerk/backend';
import { TokenRejectedError } from './port.ts';

/** The claims we read from a verified session token. */
export interface SessionClaims {
  sub: string;
  iss?: string;
  exp: number;
  /** Issued at, unix seconds. */
  iat?: number;
  /** Clerk's factor verification age: minutes since the first and the second factor, -1 for never. */
  fva?: [number, number];
  /** OIDC: when the user authenticated, unix seconds. */
  auth_time?: number;
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
  return {
    sub: claims.sub,
    iss: claims.iss,
    exp: Number(claims.exp),
    iat: finite(claims.iat),
    fva: isFactorAges(claims.fva) ? claims.fva : undefined,
    auth_time: finite(claims.auth_time),
  };
}

/**
 * When the user last proved who they are, unix seconds, from the claims: with Clerk's `fva`, the token's
 * issue time less the age of the factor Clerk's own 'strict' reverification weighs (the second factor where
 * the user has one, else the first); else `auth_time`. Not `iat` alone: Clerk mints a new session token
 * every minute, so its issue time says nothing about the last sign-in.
 */
export function verifiedAtOf(claims: SessionClaims): number | undefined {
  if (claims.fva && claims.iat !== undefined) {
    const [first, second] = claims.fva;
    const minutes = second !== -1 ? second : first;
    if (minutes !== -1) return claims.iat - minutes * 60;
  }
  return claims.auth_time;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isFactorAges(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((age) => typeof age === 'number' && Number.isInteger(age) && age >= -1)
  );
}

function reasonOf(error: unknown): string {
  if (error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string')
    return error.reason;
  return error instanceof Error ? error.message : 'unknown';
}
