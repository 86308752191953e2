import type { IdentityVerifier, VerifiedIdentity } from './port.ts';

/**
 * Remembers tokens `verifier` accepted until they expire, so a signed-in user's requests do not each
 * pay for a signature check (an RSA verify and a key import: the largest cost of a small signed-in
 * read). A token is immutable and its signature, issuer and parties do not change, so only its expiry
 * is checked again; a rejected token is not remembered. At most `max` tokens, the oldest dropped first.
 */
export function cacheVerifiedTokens(
  verifier: IdentityVerifier,
  options: { max?: number; now?: () => number } = {},
): IdentityVerifier {
  const max = options.max ?? 5_000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, VerifiedIdentity>();
  return {
    mode: verifier.mode,
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAt * 1000 > now()) return known;
      verified.delete(token);
      const identity = await verifier.verify(token);
      if (verified.size >= max) verified.delete(verified.keys().next().value!);
      verified.set(token, identity);
      return identity;
    },
  };
}
