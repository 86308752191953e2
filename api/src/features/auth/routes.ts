import Router from '@koa/router';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword, type LocalIdentity } from '@coinpace/adapters';
import { createLocalAccount, findLocalAccount } from '@coinpace/db';
import { AppError, ZLocalSignIn, ZLocalSignUp, parseOrThrow, type AuthResult } from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { toUserView } from '../users/view.ts';

/**
 * Local accounts, the embedded identity (DESIGN.md section 4): sign-up and sign-in answer
 * `{token, user}`. Refused with 403 in maintenance mode and when Clerk is the identity provider.
 */
export function authRoutes({ config, db, identity, limiters = memoryLimiters() }: ApiDeps) {
  const router = new Router<AppState>({ prefix: '/api/auth/local' });
  // Ten failed sign-ins per address and e-mail in 15 minutes slows password guessing without
  // bothering people; sign-ups are capped per address to stop account spraying.
  const failedSignIns = limiters('sign-in-failures', { points: 10, duration: 15 * 60 });
  const signUps = limiters('sign-up', { points: 50, duration: 3600 });

  const available = (): LocalIdentity => {
    if (config.maintenanceMode) throw new AppError('MAINTENANCE');
    if (!identity.local) throw new AppError('LOCAL_ACCOUNTS_DISABLED');
    return identity.local;
  };

  router.post(
    '/sign-up',
    rateLimit(signUps, (ctx) => `sign-up:${ctx.ip}`),
    jsonBody(),
    async (ctx) => {
      const local = available();
      const input = parseOrThrow(ZLocalSignUp, bodyOf(ctx));
      const user = await createLocalAccount(db, {
        subject: local.newSubject(),
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName ?? null,
      });
      if (!user) throw new AppError('EMAIL_TAKEN');
      ctx.status = 201;
      ctx.body = {
        token: local.issueToken(user.identitySubject),
        user: toUserView(user),
      } satisfies AuthResult;
    },
  );

  router.post('/sign-in', jsonBody(), async (ctx) => {
    const local = available();
    const input = parseOrThrow(ZLocalSignIn, bodyOf(ctx));
    const limitKey = `sign-in:${ctx.ip}:${input.email}`;
    const used = await failedSignIns.get(limitKey);
    if (used && used.remainingPoints <= 0)
      throw new AppError('RATE_LIMITED', { retryAfter: used.msBeforeNext / 1000 });
    const account = await findLocalAccount(db, input.email);
    // Hash even when the account is unknown, so the answer time does not tell which e-mails exist.
    const ok = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!account || !ok) {
      await failedSignIns.penalty(limitKey, 1);
      throw new AppError('BAD_CREDENTIALS');
    }
    await failedSignIns.delete(limitKey);
    ctx.body = {
      token: local.issueToken(account.user.identitySubject),
      user: toUserView(account.user),
    } satisfies AuthResult;
  });

  return router;
}
