import { updateUserProfile } from '@coinpace/db';
import {
  AppError,
  ZEnsureUser,
  ZUpdateMe,
  accountArchiveFilename,
  parseOrThrow,
  utcDay,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { billingDeps } from '../billing/billing-deps.ts';
import { accountArchive, zipArchive } from './export-account.ts';
import type { OutgoingCodes } from './outgoing-codes.ts';
import { addVerificationRoutes } from './verification.ts';
import { toUserView } from './view.ts';
import { createRouter } from '../../routers.ts';

/**
 * Data exports one user may download per hour: each reads every row the account has and zips it, and a
 * person downloads one, or a few while checking it.
 */
export const ACCOUNT_EXPORTS_PER_HOUR = 10;

/**
 * POST /api/users/ensure (SPEC.md section 7, but the user comes from the token), the contact
 * info of GET/PATCH /api/users/me, and the account's data export.
 */
export function userRoutes(deps: ApiDeps, codes: OutgoingCodes) {
  const { db, identity } = deps;
  const router = createRouter('/api/users');
  const exports = (deps.limiters ?? memoryLimiters())('account-exports', {
    points: ACCOUNT_EXPORTS_PER_HOUR,
    duration: 3600,
  });
  router.use(requireUser(identity.verifier, db));

  router.post('/ensure', jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZEnsureUser, bodyOf(ctx));
    let user = currentUser(ctx);
    if (input.clerkId !== undefined && input.clerkId !== user.identitySubject) {
      throw new AppError('FORBIDDEN', { message: 'clerkId does not match the signed-in user.' });
    }
    // Fill profile fields the identity provider knows and we do not; never overwrite what the user set.
    const fill: { email?: string; firstName?: string | null } = {};
    if (!user.email && input.email) fill.email = input.email;
    if (!user.firstName && input.firstName) fill.firstName = input.firstName;
    if (Object.keys(fill).length > 0) user = await updateUserProfile(db, user.id, fill);
    ctx.body = { user: toUserView(user) };
  });

  router.get('/me', (ctx) => {
    ctx.body = { user: toUserView(currentUser(ctx)) };
  });

  router.patch('/me', jsonBody(), async (ctx) => {
    const changes = parseOrThrow(ZUpdateMe, bodyOf(ctx));
    const user = await updateUserProfile(db, currentUser(ctx).id, changes);
    ctx.body = { user: toUserView(user) };
  });

  router.get(
    '/me/export',
    rateLimit(exports, (ctx) => `account-exports:${currentUser(ctx).id}`),
    async (ctx) => {
      const service = billingDeps(deps, ctx.state.log);
      const files = await accountArchive(service, currentUser(ctx), identity.verifier.mode);
      const at = service.now();
      ctx.type = 'application/zip';
      ctx.set(
        'Content-Disposition',
        `attachment; filename="${accountArchiveFilename(utcDay(at.getTime()))}"`,
      );
      ctx.set('Cache-Control', 'no-store');
      ctx.body = Buffer.from(await zipArchive(files, at));
    },
  );

  addVerificationRoutes(router, deps, codes);

  return router;
}
