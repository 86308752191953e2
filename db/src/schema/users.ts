import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * When `email` / `phone` was confirmed as the user's (a link by e-mail, a code by SMS); null until then.
     * Alerts go only to a confirmed destination; changing the value clears it.
     */
    emailVerifiedAt: instant(),
    phoneVerifiedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the day-11 'account will be deleted' warning went out (lifecycle job). */
    deletionWarnedAt: instant(),
    deletedAt: instant(),
    /** How realised gain and cost are worked out: 'average' (the default) or 'fifo'. */
    costMethod: text().notNull().default('average'),
    /** The currency prices and values are shown in: a domain DISPLAY_CURRENCIES code. */
    displayCurrency: text().notNull().default('usd'),
  },
  (t) => [
    uniqueIndex('users_identity_subject_key').on(t.identitySubject),
    // The poller asks which currencies are in use every few seconds; few users leave the dollar.
    index('users_display_currency_idx')
      .on(t.displayCurrency)
      .where(sql`${t.displayCurrency} <> 'usd'`),
  ],
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

/**
 * A pending confirmation of an alert destination: the SHA-256 of the e-mailed token or the SMS code,
 * never the secret itself. One row per user and channel; a new request replaces it.
 */
export const contactVerifications = pgTable(
  'contact_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'email' or 'sms'. */
    channel: text().notNull(),
    /** The address or number being confirmed; confirming checks it is still the profile's. */
    destination: text().notNull(),
    secretHash: text().notNull(),
    expiresAt: instant().notNull(),
    /** Wrong codes tried against this row. */
    attempts: integer().notNull().default(0),
    sentAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contact_verifications_user_channel_key').on(t.userId, t.channel),
    index('contact_verifications_secret_idx').on(t.secretHash),
  ],
);

/**
 * A local sign-up waiting for its e-mail to be confirmed: the account is made only when the e-mailed link
 * is opened, so an address nobody proved never becomes an account, and a sign-up reveals nothing about
 * whether the address has one. Holds the SHA-256 of the link's token, never the token. Each sign-up is its
 * own row (a later one does not void the link of an earlier one); opening one link drops every row of the
 * e-mail.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text(),
    tokenHash: text().notNull(),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_sign_ups_token_hash_key').on(t.tokenHash),
    index('pending_sign_ups_email_idx').on(sql`lower(${t.email})`),
    index('pending_sign_ups_expires_at_idx').on(t.expiresAt),
  ],
);
