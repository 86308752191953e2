import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactVerifications, users } from '../schema/index.ts';
import { createTestDatabase, createTestUser, testEngines, type TestDatabase } from '../testing.ts';
import { deleteAccountData } from './account.ts';
import { saveContactVerification, takeVerificationTry } from './contact-verifications.ts';

const t = (iso: string) => new Date(iso);

describe.each(testEngines(process.env.DATABASE_URL))('contact verifications on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, process.env.DATABASE_URL);
  });
  afterAll(() => database?.close());

  async function pendingFor(userId: string, channel: string, destination: string) {
    await saveContactVerification(database.db, {
      userId,
      channel,
      destination,
      secretHash: 'a'.repeat(64),
      expiresAt: t('2026-05-01T00:10:00Z'),
      sentAt: t('2026-05-01T00:00:00Z'),
    });
    const [row] = await database.db
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.userId, userId));
    return row!;
  }

  it('gives thirty concurrent tries of one row five, each counted once', async () => {
    const user = await createTestUser(database.db);
    const row = await pendingFor(user.id, 'sms', '+12025550123');
    const tries = await Promise.all(
      Array.from({ length: 30 }, () =>
        takeVerificationTry(database.db, row.id, 5, t('2026-05-01T00:05:00Z')),
      ),
    );
    expect(
      tries
        .filter(Boolean)
        .map((r) => r!.attempts)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(await takeVerificationTry(database.db, row.id, 5, t('2026-05-01T00:05:00Z'))).toBeUndefined();
  });

  it('gives an expired row no try', async () => {
    const user = await createTestUser(database.db);
    const row = await pendingFor(user.id, 'sms', '+12025550123');
    expect(await takeVerificationTry(database.db, row.id, 5, t('2026-05-01T00:10:00Z'))).toBeUndefined();
  });

  it('deleting the account deletes its pending confirmations and forgets what was confirmed', async () => {
    const user = await createTestUser(database.db, { phone: '+12025550123' });
    const other = await createTestUser(database.db, { phone: '+12025550124' });
    await pendingFor(user.id, 'sms', '+12025550123');
    await pendingFor(user.id, 'email', user.email!);
    await pendingFor(other.id, 'sms', '+12025550124');

    await database.db.transaction((tx) =>
      deleteAccountData(tx, user.id, t('2026-05-02T00:00:00Z'), { releaseSubject: false }),
    );

    const left = await database.db
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.userId, user.id));
    expect(left).toEqual([]);
    const [tomb] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(tomb).toMatchObject({ emailVerifiedAt: null, phoneVerifiedAt: null, phone: null });
    const kept = await database.db
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.userId, other.id));
    expect(kept).toHaveLength(1);
  });
});
