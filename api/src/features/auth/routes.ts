import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  passwordNeedsRehash,
  verifyPassword,
  type LocalIdentity,
} from '@coinpace/adapters';
import type { Middleware } from 'koa';
import { findLocalAccount, updateLocalPasswordHash } from '@coinpace/db';
import { AppError, ZLocalSignIn, parseOrThrow, type AuthResult } from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import type { AppContext, AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import type { OutgoingCodes } from '../users/outgoing-codes.ts';
import { toUserView } from '../users/view.ts';
import { createHashQueue } from './password-hashing.ts';
import { signInGuard } from './sign-in-guard.ts';
import { confirmSignUpHandler, signUpHandler } from './sign-up.ts';
import { createRouter } from '../../routers.ts';

/**
 * Local accounts, the embedded identity (DESIGN.md section 4): sign-up answers 202 and e-mails a link;
 * opening it (confirm-email) and sign-in answer `{token, user}`. Refused with 403 in maintenance mode and
 * when Clerk is the identity provider.
 */
export function authRoutes(
  { config, db, identity, logger, limiters = memoryLimiters(), now }: ApiDeps,
  codes: OutgoingCodes,
) {
  const router = createRouter('/api/auth/local');
  // Sign-ups are capped per client key to stop account spraying; the sign-in limits are the guard's.
  const signUps = limiters('sign-up', { points: 50, duration: 3600 });
  const guard = signInGuard(limiters, logger);
  const hashing = createHashQueue({ onRefused: guard.refused });
  const signUpLinks = limiters('sign-up-confirm', SIGN_UP_CONFIRMS_PER_ADDRESS);

  const available = (): LocalIdentity => {
    if (config.maintenanceMode) throw new AppError('MAINTENANCE');
    if (!identity.local) throw new AppError('LOCAL_ACCOUNTS_DISABLED');
    return identity.local;
  };

  // Checked before the body is read: a blocked client key or a sign-in flood costs no parse and no hash.
  const notBlocked: Middleware<AppState> = async (ctx, next) => {
    await guard.admit(ctx);
    await next();
  };

  /**
   * Signs in to `account` with `password`, or counts a failure against the e-mail, the client key,
   * everyone and the account and answers 401. Hashes even without an account, so the answer time does
   * not tell which e-mails exist.
   */
  const signInTo = async (
    ctx: AppContext,
    account: LocalAccount | undefined,
    input: { email: string; password: string },
  ): Promise<AuthResult> => {
    const local = available();
    const sender = await guard.admit(ctx);
    await guard.beforeAttempt(sender, input.email);
    const ok = await hashing.run(
      () => verifyPassword(input.password, account?.passwordHash ?? DUMMY_PASSWORD_HASH),
      sender,
    );
    if (!account || !ok) {
      await guard.failed(sender, input.email);
      throw new AppError('BAD_CREDENTIALS');
    }
    await guard.succeeded(sender, input.email);
    // A hash made with an older scrypt cost is replaced while the password is at hand.
    if (passwordNeedsRehash(account.passwordHash)) {
      const upgraded = await hashing.run(() => hashPassword(input.password), sender);
      await updateLocalPasswordHash(db, account.user.id, upgraded);
    }
    return { token: local.issueToken(account.user.identitySubject), user: toUserView(account.user) };
  };

  // Sign-up never says whether an e-mail has an account, and gives no session: the e-mailed link makes
  // the account and signs in (sign-up.ts). Its password hash waits in the same queue as sign-in's.
  const signUp = { config, db, available, hashing, senderOf: guard.senderOf, codes, now };
  router.post(
    '/sign-up',
    rateLimit(signUps, (ctx) => `sign-up:${clientKeyOf(ctx)}`),
    jsonBody({ limit: BODY_LIMITS.auth }),
    signUpHandler(signUp),
  );
  router.post(
    '/confirm-email',
    rateLimit(signUpLinks, (ctx) => `confirm-email:${clientKeyOf(ctx)}`),
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

/** Sign-up links one client key may open per 15 minutes (each token is 32 random bytes; this bounds the work). */
export const SIGN_UP_CONFIRMS_PER_ADDRESS = { points: 30, duration: 15 * 60 } as const;
