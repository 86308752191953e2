/** Test support: codes, tokens and sign-up links queued for users (read from the outbox). */
import { outboxMessages, type AppDb } from '@coinpace/db';
import { signUpLinkCode } from '@coinpace/domain';
import { and, desc, eq } from 'drizzle-orm';

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
