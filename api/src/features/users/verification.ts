/**
 * Confirming the alert e-mail and phone: a request stores the hash of a fresh secret and queues the link /
 * code in the outbox in one transaction; confirming compares hashes and marks the destination confirmed if
 * it is still the profile's. Alerts go only to confirmed ones. A code goes out only past the caps of
 * `outgoing-codes.ts`, and an SMS code only to a mobile number of a served country, for a plan with SMS.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import {
  confirmContactDestination,
  enqueueOutbox,
  findContactVerification,
  findSubscription,
  saveContactVerification,
  takeVerificationTry,
  toSubscriptionState,
  type AppDb,
  type UserRecord,
} from '@coinpace/db';
import {
  AppError,
  VERIFICATION_RULES,
  VERIFICATION_TEXTS,
  ZConfirmVerification,
  ZRequestVerification,
  alreadyVerifiedText,
  findPlan,
  hasActivePlan,
  missingDestinationText,
  parseOrThrow,
  renderVerificationEmail,
  renderVerificationSms,
  type ContactChannel,
  type PendingVerifications,
  type VerificationSent,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { consumePoint } from '../../middleware/rate-limit.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { OutgoingCodes } from './outgoing-codes.ts';
import { checkSmsCountries, smsRefusal } from './sms-destination.ts';
import { toUserView } from './view.ts';

/** Verification requests one user may make per hour (each sends an e-mail or an SMS, which costs). */
export const VERIFICATION_REQUEST_RATE = { points: 10, duration: 3600 } as const;
/** Confirm calls one user may make per 10 minutes (the 5 tries per code hold besides). */
export const VERIFICATION_CONFIRM_RATE = { points: 30, duration: 600 } as const;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function destinationOf(user: UserRecord, channel: ContactChannel) {
  return channel === 'email'
    ? { value: user.email, verified: Boolean(user.emailVerifiedAt) }
    : { value: user.phone, verified: Boolean(user.phoneVerifiedAt) };
}

/**
 * Throws 403 unless the user's plan in force includes SMS alerts: a code costs money, and a number is
 * confirmed only for the SMS alerts a plan brings.
 */
async function requireSmsPlan(db: AppDb, userId: string): Promise<void> {
  const state = toSubscriptionState(await findSubscription(db, userId));
  const plan = hasActivePlan(state) ? findPlan(state.planId) : undefined;
  if (!plan || plan.features.smsAlerts <= 0) {
    throw new AppError('PLAN_REQUIRED', { message: VERIFICATION_TEXTS.smsNeedsPlan });
  }
}

/** Adds POST /me/verification, GET /me/verification (what is pending) and POST /me/verification/confirm. */
export function addVerificationRoutes(
  router: Router<AppState>,
  { config, db, limiters = memoryLimiters(), now = () => new Date() }: ApiDeps,
  codes: OutgoingCodes,
) {
  checkSmsCountries(config.verification.smsCountries);
  const requests = limiters('contact-verification', VERIFICATION_REQUEST_RATE);
  const confirms = limiters('contact-verification-confirm', VERIFICATION_CONFIRM_RATE);

  router.post('/me/verification', jsonBody(), async (ctx) => {
    const { channel } = parseOrThrow(ZRequestVerification, bodyOf(ctx));
    const user = currentUser(ctx);
    const destination = destinationOf(user, channel);
    if (!destination.value) throw new AppError('BAD_REQUEST', { message: missingDestinationText(channel) });
    if (destination.verified) throw new AppError('CONFLICT', { message: alreadyVerifiedText(channel) });
    if (channel === 'sms') {
      await requireSmsPlan(db, user.id);
      const refused = smsRefusal(destination.value, config.verification.smsCountries);
      if (refused) throw new AppError('BAD_REQUEST', { message: refused });
    }
    const at = now();
    const earlier = await findContactVerification(db, user.id, channel);
    const wait = earlier ? earlier.sentAt.getTime() + VERIFICATION_RULES.resendAfterMs - at.getTime() : 0;
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('RATE_LIMITED', {
        message: `You can ask for another ${channel === 'sms' ? 'code' : 'link'} in ${seconds} s.`,
        retryAfter: seconds,
      });
    }
    await consumePoint(requests, user.id);
    await codes.admit(channel, destination.value);

    const secret =
      channel === 'email'
        ? randomBytes(32).toString('base64url')
        : String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(at.getTime() + VERIFICATION_RULES[channel].ttlMs);
    const dedupeKey = `verification:${user.id}:${channel}:${at.getTime()}`;
    await db.transaction(async (tx) => {
      await saveContactVerification(tx, {
        userId: user.id,
        channel,
        destination: destination.value!,
        secretHash: hashSecret(secret),
        expiresAt,
        sentAt: at,
      });
      if (channel === 'email') {
        const link = `${config.publicUrl}/account?verify=email&code=${secret}`;
        const mail = renderVerificationEmail(link);
        await enqueueOutbox(tx, {
          channel: 'email',
          kind: 'verification',
          recipient: destination.value!,
          subject: mail.subject,
          bodyText: mail.text,
          dedupeKey,
          userId: user.id,
        });
      } else {
        await enqueueOutbox(tx, {
          channel: 'sms',
          kind: 'verification',
          recipient: destination.value!,
          bodyText: renderVerificationSms(secret),
          dedupeKey,
          userId: user.id,
        });
      }
    });
    ctx.state.log.info({ channel }, 'contact verification queued');
    const body: VerificationSent = {
      channel,
      destination: destination.value,
      expiresAt: expiresAt.toISOString(),
      resendAfter: new Date(at.getTime() + VERIFICATION_RULES.resendAfterMs).toISOString(),
    };
    ctx.status = 202;
    ctx.body = body;
  });

  // Leaving the account screen must not lose a code that still holds: the screen asks what is pending.
  router.get('/me/verification', async (ctx) => {
    const user = currentUser(ctx);
    const at = now().getTime();
    const pending: VerificationSent[] = [];
    for (const channel of ['email', 'sms'] as const) {
      const destination = destinationOf(user, channel);
      const row = await findContactVerification(db, user.id, channel);
      const usable =
        row &&
        !destination.verified &&
        row.destination === destination.value &&
        row.expiresAt.getTime() > at &&
        row.attempts < VERIFICATION_RULES.maxAttempts;
      if (!usable) continue;
      pending.push({
        channel,
        destination: row.destination,
        expiresAt: row.expiresAt.toISOString(),
        resendAfter: new Date(row.sentAt.getTime() + VERIFICATION_RULES.resendAfterMs).toISOString(),
      });
    }
    ctx.body = { pending } satisfies PendingVerifications;
  });

  router.post('/me/verification/confirm', jsonBody(), async (ctx) => {
    const { channel, code } = parseOrThrow(ZConfirmVerification, bodyOf(ctx));
    const user = currentUser(ctx);
    await consumePoint(confirms, user.id);
    const pending = await findContactVerification(db, user.id, channel);
    const refuse = (message: string) => new AppError('BAD_REQUEST', { message });
    if (!pending) throw refuse(VERIFICATION_TEXTS.nothingPending);
    if (pending.expiresAt.getTime() <= now().getTime()) throw refuse(VERIFICATION_TEXTS.expired);
    const tried = await takeVerificationTry(db, pending.id, VERIFICATION_RULES.maxAttempts, now());
    if (!tried) throw refuse(VERIFICATION_TEXTS.tooManyAttempts);
    if (!sameHash(hashSecret(code), tried.secretHash)) {
      throw refuse(
        tried.attempts >= VERIFICATION_RULES.maxAttempts
          ? VERIFICATION_TEXTS.tooManyAttempts
          : VERIFICATION_TEXTS.wrongCode,
      );
    }
    const confirmed = await confirmContactDestination(db, tried, now());
    if (!confirmed) throw refuse(VERIFICATION_TEXTS.changed);
    ctx.body = { user: toUserView(confirmed) };
  });
}
