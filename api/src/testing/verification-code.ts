/** Test support: the code or token of the last verification queued for a user (read from the outbox). */
import { outboxMessages, type AppDb } from '@coinpace/db';
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
