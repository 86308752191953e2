import type { IdentityVerifier, VerifiedIdentity } from './port.ts';
import { verifiedAtOf, verifySessionJwt } from './verify-jwt.ts';

export interface ClerkVerifierOptions {
  /** PEM public key (CLERK_JWT_KEY); with it verification makes no network call. */
  jwtKey?: string;
  /** Secret key (CLERK_SECRET_KEY); used to fetch the JWKS only when no jwtKey is given. */
  secretKey?: string;
  /** Origins allowed in the token's `azp` claim. */
  authorizedParties?: string[];
  /** Allowed clock skew, ms (Clerk's default is 5000). */
  clockSkewInMs?: number;
}

/**
 * Verifies Clerk session JWTs with `verifyToken` from `@clerk/backend`, the maintained successor of
 * the end-of-life `@clerk/clerk-sdk-node` (DESIGN.md section 3).
 */
export function createClerkVerifier(options: ClerkVerifierOptions): IdentityVerifier {
  if (!options.jwtKey && !options.secretKey)
    throw new Error('Clerk verification needs CLERK_JWT_KEY or CLERK_SECRET_KEY');
  return {
    mode: 'clerk',
    async verify(token: string): Promise<VerifiedIdentity> {
      const claims = await verifySessionJwt(token, {
        jwtKey: options.jwtKey,
        secretKey: options.jwtKey ? undefined : options.secretKey,
        authorizedParties: options.authorizedParties,
        clockSkewInMs: options.clockSkewInMs,
      });
      return {
        subject: claims.sub,
        provider: 'clerk',
        expiresAt: claims.exp,
        verifiedAt: verifiedAtOf(claims),
      };
    },
  };
}
