/**
 * Account deletion needs the person, not only a session (a stolen or forgotten-open session must not delete
 * an account): a local account sends its password, checked as sign-in checks it (scrypt through a bounded
 * hashing queue, a wrong one counted against the same sign-in failure budgets), and an identity provider's
 * account needs a token from a sign-in in the last REAUTH_MAX_AGE_S seconds.
 */
import pLimit from 'p-limit';
import { DUMMY_PASSWORD_HASH, verifyPassword, type VerifiedIdentity } from '@coinpace/adapters';
import { findLocalCredential, type AppDb, type UserRecord } from '@coinpace/db';
import { AppError, REAUTH_MAX_AGE_S } from '@coinpace/domain';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../../middleware/limiters.ts';
import { SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_FAILURES_PER_EMAIL_AND_KEY } from '../auth/sign-in-guard.ts';

/**
 * Password checks for deletion at once per process, and how many may wait: scrypt takes 128 MiB and a
 * third of a second of a core, and deletions are rare, so one at a time; more waiting get 503.
 */
const CONCURRENT_CHECKS = 1;
const WAITING_CHECKS = 8;

/** What a confirmation is checked against: the request's client key (an IPv6 /64 is one) and verified token. */
export interface ConfirmRequest {
  clientKey: string;
  identity: VerifiedIdentity;
  now: Date;
}

/**
 * Makes the check. Its limiters are the sign-in route's by name, so with shared limiters (Redis, or one
 * per name in a process) a wrong password here and a wrong sign-in spend one budget.
 */
export function identityConfirmation(db: AppDb, limiters: LimiterFactory) {
  const perEmail = limiters('sign-in-failures', SIGN_IN_FAILURES_PER_EMAIL_AND_KEY);
  const perAddress = limiters('sign-in-failures-address', SIGN_IN_FAILURES_PER_ADDRESS);
  const hashing = pLimit(CONCURRENT_CHECKS);

  /** Resolves when `user` has proved it is them; throws REAUTH_REQUIRED, WRONG_PASSWORD or RATE_LIMITED. */
  return async function confirm(
    request: ConfirmRequest,
    user: UserRecord,
    password: string | undefined,
  ): Promise<void> {
    if (request.identity.provider !== 'local') return confirmRecentSignIn(request);
    if (password === undefined) {
      throw new AppError('REAUTH_REQUIRED', { message: 'Enter your password to confirm it is you.' });
    }
    const credential = await findLocalCredential(db, user.id);
    const emailKey = `sign-in:${request.clientKey}:${(credential?.email ?? user.id).toLowerCase()}`;
    await refuseWhenUsedUp(perAddress, request.clientKey);
    await refuseWhenUsedUp(perEmail, emailKey);
    if (hashing.pendingCount >= WAITING_CHECKS) throw new AppError('SIGN_IN_BUSY', { retryAfter: 2 });
    // Hashed even without a credential, so the answer's time does not tell local accounts from others.
    const ok = await hashing(() => verifyPassword(password, credential?.passwordHash ?? DUMMY_PASSWORD_HASH));
    if (!credential || !ok) {
      await Promise.all([perEmail.penalty(emailKey, 1), perAddress.penalty(request.clientKey, 1)]);
      throw new AppError('WRONG_PASSWORD');
    }
    await perEmail.delete(emailKey);
  };
}

/** An identity provider's token must come from a sign-in within REAUTH_MAX_AGE_S; else 403 asking for one. */
function confirmRecentSignIn({ identity, now }: ConfirmRequest): void {
  const age = identity.verifiedAt === undefined ? Infinity : now.getTime() / 1000 - identity.verifiedAt;
  if (age > REAUTH_MAX_AGE_S) {
    throw new AppError('REAUTH_REQUIRED', {
      message:
        'Please sign in again to delete your account: for your safety this needs a sign-in from the last 10 minutes.',
      details: { maxAgeSeconds: REAUTH_MAX_AGE_S },
    });
  }
}

async function refuseWhenUsedUp(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const used = await limiter.get(key);
  if (used && used.remainingPoints <= 0)
    throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, used.msBeforeNext / 1000) });
}
