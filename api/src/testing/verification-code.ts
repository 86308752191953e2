/** Test support: codes, tokens and sign-up links queued for users (read from the outbox). */
import { outboxMessages, type AppDb } from '@coinpace/db';
import { createTestSubscription } from '@coinpace/db/testing';
import { signUpLinkCode } from '@coinpace/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { TestApi } from './harness.ts';

export async function sentVerificationCode(db: AppDb, userId: string, channel: 'email' | 'sms') {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.userId, userId),
        eq(outboxMessages.kind, 'verification'),
        eq(outboxMessages.channel, channel),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${channel} verification queued for ${userId}`);
  const code = channel === 'sms' ? /\b(\d{6})\b/.exec(row.bodyText) : /[?&]code=([\w-]+)/.exec(row.bodyText);
  if (!code) throw new Error(`no code in: ${row.bodyText}`);
  return code[1]!;
}

/** Test support: the e-mails of `kind` ('sign-up', 'sign-up-attempt') queued to `email`, oldest first. */
export async function sentSignUpMails(db: AppDb, email: string, kind: 'sign-up' | 'sign-up-attempt') {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, kind)))
    .orderBy(outboxMessages.createdAt);
}

/** Test support: the token of the last sign-up link e-mailed to `email`. */
export async function sentSignUpCode(db: AppDb, email: string): Promise<string> {
  const row = (await sentSignUpMails(db, email, 'sign-up')).at(-1);
  if (!row) throw new Error(`no sign-up link queued for ${email}`);
  const code = signUpLinkCode(row.bodyText);
  if (!code) throw new Error(`no link in: ${row.bodyText}`);
  return code;
}

/**
 * Test support: a fresh account whose profile has `profile`'s e-mail or phone (someone else's, for a
 * flood of codes), on the basic plan (which includes SMS) when `paid`; returns its session token.
 */
export async function accountWith(
  api: TestApi,
  profile: { email?: string; phone?: string },
  paid = false,
): Promise<string> {
  const { token, user } = await api.signUp();
  const changed = await api.call('PATCH', '/api/users/me', { token, body: profile });
  if (changed.status !== 200) throw new Error(`profile not saved: ${JSON.stringify(changed.body)}`);
  if (paid) await createTestSubscription(api.database.db, user.id, { planId: 'basic' });
  return token;
}

/** Test support: asks for a verification code on `channel` to the account's own address or number. */
export const requestCode = (
  api: Pick<TestApi, 'call'>,
  token: string,
  channel: 'email' | 'sms',
  headers?: Record<string, string>,
) => api.call('POST', '/api/users/me/verification', { token, body: { channel }, headers });

/** Test support: how many messages the outbox holds for `recipient` (an e-mail address or a number). */
export const outboxCountTo = async (db: AppDb, recipient: string): Promise<number> =>
  (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))).length;
