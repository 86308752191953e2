/**
 * Local sign-up by e-mailed link: sign-up answers 202 with the same body and no session whether the e-mail
 * is new or has an account, after one password hash either way, so neither the answer nor its time tells
 * which. A new e-mail gets the link that makes the account; an e-mail with an account gets a note to its
 * owner instead. Opening the link (POST /confirm-email) makes the account, its e-mail confirmed, and signs in.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword, type LocalIdentity } from '@coinpace/adapters';
import { completePendingSignUp, enqueueOutbox, findLocalAccount, savePendingSignUp } from '@coinpace/db';
import {
  AppError,
  SIGN_UP_CONFIRM_PATH,
  SIGN_UP_LINK_TTL_MS,
  SIGN_UP_TEXTS,
  ZConfirmSignUp,
  ZLocalSignUp,
  parseOrThrow,
  renderSignUpAttemptEmail,
  renderSignUpEmail,
  signUpAcceptedText,
  type AuthResult,
  type SignUpAccepted,
} from '@coinpace/domain';
import type { Middleware } from 'koa';
import { bodyOf } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import type { OutgoingCodes } from '../users/outgoing-codes.ts';
import { toUserView } from '../users/view.ts';
import type { HashQueue, HashSender } from './password-hashing.ts';

export interface SignUpDeps extends Pick<ApiDeps, 'config' | 'db' | 'now'> {
  /** The local identity, or a thrown 403 (maintenance, or Clerk is the identity provider). */
  available: () => LocalIdentity;
  /** The bounded password-hashing queue sign-in uses too, and how it knows the sender. */
  hashing: HashQueue;
  senderOf: (ctx: { ip: string }) => Promise<HashSender>;
  codes: OutgoingCodes;
}

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** POST /api/auth/local/sign-up `{email, password, firstName?}` -> 202 {@link SignUpAccepted}. */
export function signUpHandler({
  config,
  db,
  available,
  hashing,
  senderOf,
  codes,
  now = () => new Date(),
}: SignUpDeps): Middleware<AppState> {
  return async (ctx) => {
    available();
    const input = parseOrThrow(ZLocalSignUp, bodyOf(ctx));
    // Both kinds of answer send the address an e-mail, so both count against its caps (no inbox flood).
    await codes.admit('email', input.email);
    const passwordHash = await hashing.run(() => hashPassword(input.password), await senderOf(ctx));
    const existing = await findLocalAccount(db, input.email);
    const at = now();
    if (existing) {
      const mail = renderSignUpAttemptEmail(`${config.publicUrl}/#sign-in`);
      await enqueueOutbox(db, {
        channel: 'email',
        kind: 'sign-up-attempt',
        recipient: input.email,
        subject: mail.subject,
        bodyText: mail.text,
        dedupeKey: `sign-up-attempt:${existing.user.id}:${randomUUID()}`,
        userId: existing.user.id,
      });
    } else {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = sha256(token);
      const mail = renderSignUpEmail(`${config.publicUrl}${SIGN_UP_CONFIRM_PATH}?code=${token}`);
      await db.transaction(async (tx) => {
        await savePendingSignUp(
          tx,
          {
            email: input.email,
            passwordHash,
            firstName: input.firstName ?? null,
            tokenHash,
            expiresAt: new Date(at.getTime() + SIGN_UP_LINK_TTL_MS),
          },
          at,
        );
        await enqueueOutbox(tx, {
          channel: 'email',
          kind: 'sign-up',
          recipient: input.email,
          subject: mail.subject,
          bodyText: mail.text,
          dedupeKey: `sign-up:${tokenHash}`,
        });
      });
    }
    ctx.status = 202;
    ctx.body = { email: input.email, message: signUpAcceptedText(input.email) } satisfies SignUpAccepted;
  };
}

/**
 * POST /api/auth/local/confirm-email `{code}` -> 201 {@link AuthResult}: the account of the sign-up, its
 * e-mail confirmed, signed in. 400 when the link is unknown, used or expired; 409 when the e-mail got an
 * account meanwhile (another of its links was opened first).
 */
export function confirmSignUpHandler({
  db,
  available,
  now = () => new Date(),
}: Pick<SignUpDeps, 'db' | 'available' | 'now'>): Middleware<AppState> {
  return async (ctx) => {
    const local = available();
    const { code } = parseOrThrow(ZConfirmSignUp, bodyOf(ctx));
    const done = await completePendingSignUp(db, sha256(code), local.newSubject(), now());
    if (done.outcome === 'invalid') throw new AppError('BAD_REQUEST', { message: SIGN_UP_TEXTS.linkInvalid });
    if (done.outcome === 'taken') throw new AppError('CONFLICT', { message: SIGN_UP_TEXTS.alreadyConfirmed });
    ctx.state.log.info({ userId: done.user.id }, 'local account created from its confirmed sign-up');
    ctx.status = 201;
    ctx.body = {
      token: local.issueToken(done.user.identitySubject),
      user: toUserView(done.user),
    } satisfies AuthResult;
  };
}
