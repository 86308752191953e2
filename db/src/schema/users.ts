import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns.ts';

/**
 * A person using Coinpace. `identitySubject` is the identity provider's user id (Clerk `sub`, or
 * `local_…` for local accounts). A deleted account keeps a scrubbed tombstone row (`deletedAt`).
 */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    identitySubject: text().notNull(),
    email: text(),
    firstName: text(),
    /** E.164, needed for SMS alerts. */
    phone: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the day-11 'account will be deleted' warning went out (lifecycle job). */
    deletionWarnedAt: instant(),
    deletedAt: instant(),
  },
  (t) => [uniqueIndex('users_identity_subject_key').on(t.identitySubject)],
);

/** E-mail and scrypt hash of a local account (embedded identity only). */
export const localCredentials = pgTable(
  'local_credentials',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    passwordHash: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('local_credentials_email_key').on(sql`lower(${t.email})`)],
);
