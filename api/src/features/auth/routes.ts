import Router from '@koa/router';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  passwordNeedsRehash,
  verifyPassword,
  type LocalIdentity,
} from '@coinpace/adapters';
import type { Middleware } from 'koa';
import { createLocalAccount, findLocalAccount, updateLocalPasswordHash } from '@coinpace/db';
import { AppError, ZLocalSignIn, ZLocalSignUp, parseOrThrow, type AuthResult } from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import type { AppContext, AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { toUserView } from '../users/view.ts';
import { createHashQueue } from './password-hashing.ts';
import { signInGuard } from './sign-in-guard.ts';

/**
 * Local accounts, the embedded identity (DESIGN.md section 4): sign-up and sign-in answer
 * `{token, user}`. Refused with 403 in maintenance mode and when Clerk is the identity provider.
 */
export function authRoutes({ config, db, identity, logger, limiters = memoryLimiters() }: ApiDeps) {
  const router = new Router<AppState>({ prefix: '/api/auth/local' });
  // Sign-ups are capped per client key to stop account spraying; the sign-in limits are the guard's.
  const signUps = limiters('sign-up', { points: 50, duration: 3600 });
  const guard = signInGuard(limiters, logger);
  const hashing = createHashQueue({ onRefused: guard.refused });

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

  // A taken e-mail is never named (issue 13, finding 7): sign-up with it is a sign-in. Its owner, with
  // the account's password, is signed in with the same 201 a new account gets; anyone else gets sign-in's
  // 'Incorrect e-mail or password.', counted as a failed sign-in, so probing e-mails here is limited
  // as at sign-in.
  router.post(
    '/sign-up',
    rateLimit(signUps, (ctx) => `sign-up:${clientKeyOf(ctx)}`),
    jsonBody({ limit: BODY_LIMITS.auth }),
    async (ctx) => {
      const local = available();
      const input = parseOrThrow(ZLocalSignUp, bodyOf(ctx));
      const existing = await findLocalAccount(db, input.email);
      const user = existing
        ? undefined
        : await createLocalAccount(db, {
            subject: local.newSubject(),
            email: input.email,
            passwordHash: await hashing.run(() => hashPassword(input.password), await guard.senderOf(ctx)),
            firstName: input.firstName ?? null,
          });
      if (user) {
        ctx.status = 201;
        ctx.body = {
          token: local.issueToken(user.identitySubject),
          user: toUserView(user),
        } satisfies AuthResult;
        return;
      }
      // Taken, or taken meanwhile by a concurrent sign-up: every sign-in limit applies (signInTo's).
      const result = await signInTo(ctx, existing ?? (await findLocalAccount(db, input.email)), input);
      ctx.status = 201;
      ctx.body = result;
    },
  );

  router.post('/sign-in', notBlocked, jsonBody({ limit: BODY_LIMITS.auth }), async (ctx) => {
    available();
    const input = parseOrThrow(ZLocalSignIn, bodyOf(ctx));
    ctx.body = await signInTo(ctx, await findLocalAccount(db, input.email), input);
  });

  return router;
}

type LocalAccount = NonNullable<Awaited<ReturnType<typeof findLocalAccount>>>;
