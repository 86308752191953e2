import { createClerkClient } from '@clerk/backend';
import { isClerkAPIResponseError } from '@clerk/backend/errors';
import { AppError } from '@coinpace/domain';
import type { IdentityAdmin } from './port.ts';

export interface ClerkAdminOptions {
  /** CLERK_SECRET_KEY (sk_test_… / sk_live_…). */
  secretKey: string;
  /** Clerk's Backend API origin; default https://api.clerk.com. Tests point it at a local server. */
  apiUrl?: string;
}

/**
 * Deletes Clerk users through the Backend API (`DELETE /v1/users/{id}`) with `@clerk/backend`.
 * A 404 counts as done (deleted before, e.g. a retried account deletion). Clerk unreachable or failing:
 * AppError UNAVAILABLE (503), so the caller can stop before deleting anything else.
 */
export function createClerkAdmin(options: ClerkAdminOptions): IdentityAdmin {
  const clerk = createClerkClient({ secretKey: options.secretKey, apiUrl: options.apiUrl });
  return {
    async deleteUser(subject) {
      try {
        await clerk.users.deleteUser(subject);
      } catch (error) {
        if (isClerkAPIResponseError(error) && error.status === 404) return;
        throw new AppError('UNAVAILABLE', {
          message: 'The sign-in provider could not delete the account. Please try again shortly.',
          cause: error,
        });
      }
    },
  };
}
