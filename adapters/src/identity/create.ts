import type { Config } from '@coinpace/domain';
import { createClerkAdmin } from './clerk-admin.ts';
import { createClerkVerifier } from './clerk.ts';
import { createLocalIdentity, type LocalIdentity } from './local.ts';
import type { IdentityAdmin, IdentityVerifier } from './port.ts';
import { cacheVerifiedTokens } from './verified-cache.ts';

/** What the identity port gives the API: a verifier, and local accounts when they are on. */
export interface Identity {
  verifier: IdentityVerifier;
  /** Present only in local mode (the embedded default). */
  local?: LocalIdentity;
  /** Deletes identities at the provider; present with Clerk and CLERK_SECRET_KEY. */
  admin?: IdentityAdmin;
}

/** Builds the identity port from config: Clerk when configured, local accounts otherwise. */
export async function createIdentity(config: Pick<Config, 'identity' | 'dataDir'>): Promise<Identity> {
  if (config.identity.mode === 'clerk') {
    return {
      verifier: cacheVerifiedTokens(
        createClerkVerifier({
          jwtKey: config.identity.jwtKey,
          secretKey: config.identity.secretKey,
          authorizedParties: config.identity.authorizedParties,
        }),
      ),
      admin: config.identity.secretKey
        ? createClerkAdmin({ secretKey: config.identity.secretKey })
        : undefined,
    };
  }
  const local = await createLocalIdentity({ dataDir: config.dataDir });
  return { verifier: cacheVerifiedTokens(local), local };
}
