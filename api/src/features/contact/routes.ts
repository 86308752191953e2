import { enqueueOutbox, insertContactMessage } from '@coinpace/db';
import { ZContactMessage, parseOrThrow } from '@coinpace/domain';
import { BODY_LIMITS, bodyOf, jsonBody } from '../../body.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import type { ApiDeps } from '../../deps.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { consumePoint, rateLimit } from '../../middleware/rate-limit.ts';
import { contactEmail } from './contact-email.ts';
import { createRouter } from '../../routers.ts';

/** Contact messages one address may send per 10 minutes. */
export const CONTACT_RATE = { points: 5, duration: 600 } as const;
/**
 * Requests of any kind one address may send to the contact route per 10 minutes, counted before the
 * body is read, so refused bodies cost the sender too while typing mistakes
 * do not use up the 5 messages.
 */
export const CONTACT_REQUEST_RATE = { points: 30, duration: 600 } as const;

/**
 * POST /api/contact `{name, email, message}` -> 201 `{success: true}`. The message is stored and,
 * in the same transaction, queued in the outbox as an e-mail to SUPPORT_EMAIL, so it is sent exactly
 * when it was saved (DESIGN.md section 5).
 */
export function contactRoutes({ config, db, limiters = memoryLimiters() }: ApiDeps) {
  const router = createRouter();
  const perAddress = limiters('contact', CONTACT_RATE);

  const requests = limiters('contact-requests', CONTACT_REQUEST_RATE);

  router.post(
    '/api/contact',
    rateLimit(requests, clientKeyOf),
    jsonBody({ limit: BODY_LIMITS.contact }),
    async (ctx) => {
      const message = parseOrThrow(ZContactMessage, bodyOf(ctx));
      await consumePoint(perAddress, clientKeyOf(ctx));
      const saved = await db.transaction(async (tx) => {
        const row = await insertContactMessage(tx, message);
        await enqueueOutbox(tx, {
          channel: 'email',
          kind: 'contact',
          recipient: config.mail.supportEmail,
          ...contactEmail(message, row.createdAt),
          dedupeKey: `contact:${row.id}`,
        });
        return row;
      });
      ctx.state.log.info({ contactMessageId: saved.id }, 'contact message queued');
      ctx.status = 201;
      ctx.body = { success: true };
    },
  );

  return router;
}
