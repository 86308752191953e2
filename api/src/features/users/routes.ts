import Router from '@koa/router';
import { updateUserProfile } from '@coinpace/db';
import { AppError, ZEnsureUser, ZUpdateMe, parseOrThrow } from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import type { OutgoingCodes } from './outgoing-codes.ts';
import { addVerificationRoutes } from './verification.ts';
import { toUserView } from './view.ts';

/**
 * POST /api/users/ensure (SPEC.md section 7, but the user comes from the token) and the contact
 * info of GET/PATCH /api/users/me.
 */
export function userRoutes(deps: ApiDeps, codes: OutgoingCodes) {
  const { db, identity } = deps;
  const router = new Router<AppState>({ prefix: '/api/users' });
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

  addVerificationRoutes(router, deps, codes);

  return router;
}
