import Router from '@koa/router';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  passwordNeedsRehash,
  verifyPassword,
  type LocalIdentity,
} from '@coinpace/adapters';
import type { Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { findLocalAccount, updateLocalPasswordHash } from '@coinpace/db';
import { AppError, ZLocalSignIn, parseOrThrow, type AuthResult } from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import type { AppContext, AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import type { OutgoingCodes } from '../users/outgoing-codes.ts';
import { toUserView } from '../users/view.ts';
import { createHashQueue } from './password-hashing.ts';
import { confirmSignUpHandler, signUpHandler } from './sign-up.ts';

/**
 * Local accounts, the embedded identity (DESIGN.md section 4): sign-up answers 202 and e-mails a link;
 * opening it (confirm-email) and sign-in answer `{token, user}`. Refused with 403 in maintenance mode and
 * when Clerk is the identity provider.
 */
export function authRoutes(
  { config, db, identity, limiters = memoryLimiters(), now }: ApiDeps,
  codes: OutgoingCodes,
) {
  const router = new Router<AppState>({ prefix: '/api/auth/local' });
  // Ten failed sign-ins per address and e-mail in 15 minutes slows password guessing without
  // bothering people; sign-ups are capped per address to stop account spraying.
  const failedSignIns = limiters('sign-in-failures', { points: 10, duration: 15 * 60 });
  // Spraying many e-mails from one address, and many addresses at once (issue 13, finding 6).
  const failedPerAddress = limiters('sign-in-failures-address', SIGN_IN_FAILURES_PER_ADDRESS);
  const failedEverywhere = limiters('sign-in-failures-global', SIGN_IN_FAILURES_GLOBAL);
  const signUps = limiters('sign-up', { points: 50, duration: 3600 });
  const signUpLinks = limiters('sign-up-confirm', SIGN_UP_CONFIRMS_PER_ADDRESS);
  const hashing = createHashQueue();

  const available = (): LocalIdentity => {
    if (config.maintenanceMode) throw new AppError('MAINTENANCE');
    if (!identity.local) throw new AppError('LOCAL_ACCOUNTS_DISABLED');
    return identity.local;
  };

  // Checked before the body is read: a blocked address or a sign-in flood costs no parse and no hash.
  const notBlocked: Middleware<AppState> = async (ctx, next) => {
    await refuseWhenUsedUp(failedPerAddress, ctx.ip);
    await refuseWhenUsedUp(failedEverywhere, GLOBAL_KEY);
    await next();
  };

  /**
   * Signs in to `account` with `password`, or counts a failure against the e-mail, the address and
   * everyone and answers 401. Hashes even without an account, so the answer time does not tell
   * which e-mails exist.
   */
  const signInTo = async (
    ctx: AppContext,
    account: LocalAccount | undefined,
    input: { email: string; password: string },
  ): Promise<AuthResult> => {
    const local = available();
    const limitKey = `sign-in:${ctx.ip}:${input.email}`;
    await refuseWhenUsedUp(failedSignIns, limitKey);
    const ok = await hashing.run(() =>
      verifyPassword(input.password, account?.passwordHash ?? DUMMY_PASSWORD_HASH),
    );
    if (!account || !ok) {
      await Promise.all([
        failedSignIns.penalty(limitKey, 1),
        failedPerAddress.penalty(ctx.ip, 1),
        failedEverywhere.penalty(GLOBAL_KEY, 1),
      ]);
      throw new AppError('BAD_CREDENTIALS');
    }
    await failedSignIns.delete(limitKey);
    // A hash made with an older scrypt cost is replaced while the password is at hand.
    if (passwordNeedsRehash(account.passwordHash)) {
      const upgraded = await hashing.run(() => hashPassword(input.password));
      await updateLocalPasswordHash(db, account.user.id, upgraded);
    }
    return { token: local.issueToken(account.user.identitySubject), user: toUserView(account.user) };
  };

  // Sign-up never says whether an e-mail has an account, and gives no session: the e-mailed link makes
  // the account and signs in (sign-up.ts).
  const signUp = { config, db, available, hashing, codes, now };
  router.post(
    '/sign-up',
    rateLimit(signUps, (ctx) => `sign-up:${ctx.ip}`),
    jsonBody({ limit: BODY_LIMITS.auth }),
    signUpHandler(signUp),
  );
  router.post(
    '/confirm-email',
    rateLimit(signUpLinks, (ctx) => `confirm-email:${ctx.ip}`),
    jsonBody({ limit: BODY_LIMITS.auth }),
    confirmSignUpHandler(signUp),
  );

  router.post('/sign-in', notBlocked, jsonBody({ limit: BODY_LIMITS.auth }), async (ctx) => {
    available();
    const input = parseOrThrow(ZLocalSignIn, bodyOf(ctx));
    ctx.body = await signInTo(ctx, await findLocalAccount(db, input.email), input);
  });

  return router;
}

type LocalAccount = NonNullable<Awaited<ReturnType<typeof findLocalAccount>>>;

/** Sign-up links one address may open per 15 minutes (each token is 32 random bytes; this bounds the work). */
export const SIGN_UP_CONFIRMS_PER_ADDRESS = { points: 30, duration: 15 * 60 } as const;
/** Failed sign-ins one address may make across every e-mail in 15 minutes (password spraying). */
export const SIGN_IN_FAILURES_PER_ADDRESS = { points: 30, duration: 15 * 60 } as const;
/**
 * Failed sign-ins across all addresses per minute: a distributed guessing run is slowed for
 * everyone rather than left to hash at full speed; people who sign in right are never counted.
 */
export const SIGN_IN_FAILURES_GLOBAL = { points: 300, duration: 60 } as const;
const GLOBAL_KEY = 'all';

async function refuseWhenUsedUp(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const used = await limiter.get(key);
  if (used && used.remainingPoints <= 0)
    throw new AppError('RATE_LIMITED', { retryAfter: Math.max(1, used.msBeforeNext / 1000) });
}
