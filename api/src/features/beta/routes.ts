import { addBetaSignup, countBetaSignups } from '@coinpace/db';
import { AppError, ZBetaSignup, parseOrThrow, type BetaSignupCount } from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import type { ApiDeps } from '../../deps.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { consumePoint, rateLimit } from '../../middleware/rate-limit.ts';
import { createRouter } from '../../routers.ts';

/** Valid beta requests one address may send per hour; stops one visitor taking every spot. */
export const BETA_SIGNUP_RATE = { points: 20, duration: 3600 } as const;
/** Requests of any kind per address per hour, counted before the body is read. */
export const BETA_REQUEST_RATE = { points: 60, duration: 3600 } as const;

/**
 * The beta waitlist (SPEC.md sections 2 and 7): GET /api/beta-signup/count -> `{count, remaining}`;
 * POST /api/beta-signup `{email, tradingKnowledge, wallet}` -> 201 `{count, remaining}`, 409 'Beta
 * signup is full' once BETA_SIGNUP_LIMIT people are on it, 409 when the e-mail is already on it.
 */
export function betaRoutes({ config, db, limiters = memoryLimiters() }: ApiDeps) {
  const router = createRouter('/api/beta-signup');
  const limit = config.beta.signupLimit;
  const perAddress = limiters('beta-signup', BETA_SIGNUP_RATE);
  const answer = (count: number): BetaSignupCount => ({ count, remaining: Math.max(0, limit - count) });

  router.get('/count', async (ctx) => {
    ctx.body = answer(await countBetaSignups(db));
  });

  const requests = limiters('beta-requests', BETA_REQUEST_RATE);

  router.post(
    '/',
    rateLimit(requests, (ctx) => clientKeyOf(ctx)),
    jsonBody({ limit: BODY_LIMITS.auth }),
    async (ctx) => {
      const entry = parseOrThrow(ZBetaSignup, bodyOf(ctx));
      // Counted after validation, so typing mistakes do not use up a visitor's attempts.
      await consumePoint(perAddress, clientKeyOf(ctx));
      const outcome = await addBetaSignup(db, entry, limit);
      if (outcome.status === 'full') throw new AppError('BETA_FULL');
      if (outcome.status === 'duplicate') throw new AppError('BETA_ALREADY_JOINED');
      ctx.status = 201;
      ctx.body = answer(outcome.count);
    },
  );

  return router;
}
