/** Who a verified bearer token belongs to. */
export interface VerifiedIdentity {
  /** The identity provider's user id: Clerk's `user_…`, or `local_…` for a local account. */
  subject: string;
  provider: 'clerk' | 'local';
  /** Expiry of the token, unix seconds. */
  expiresAt: number;
  /**
   * When the user last proved who they are (entered a password or another factor), unix seconds, where the
   * token says: Clerk's factor verification age (`fva`), else an OIDC `auth_time`. Undefined when the token
   * does not say (local tokens: a local account proves itself with its password where it matters).
   */
  verifiedAt?: number;
}

/**
 * Verifies session tokens. Used by the API's auth middleware and the Socket.IO handshake.
 * Rejects with {@link TokenRejectedError}, never with anything else for a bad token.
 */
export interface IdentityVerifier {
  readonly mode: 'clerk' | 'local';
  verify(token: string): Promise<VerifiedIdentity>;
}

/** A token that did not verify; `reason` is for logs, not for users. */
export class TokenRejectedError extends Error {
  override name = 'TokenRejectedError';
  constructor(readonly reason: string) {
    super(`token rejected: ${reason}`);
  }
}

/**
 * Deletes identities at the identity provider (account deletion). Present only where the provider allows it
 * from the server: Clerk with CLERK_SECRET_KEY. Local accounts are deleted with the user's data instead.
 */
export interface IdentityAdmin {
  /** Deletes the provider's user; an already deleted (unknown) user is not an error. */
  deleteUser(subject: string): Promise<void>;
}
