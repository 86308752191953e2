import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Beta waitlist requests; purged two years after sign-up. */
export const betaSignups = pgTable(
  'beta_signups',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    tradingKnowledge: text().notNull(),
    wallet: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('beta_signups_email_key').on(sql`lower(${t.email})`)],
);

/** Messages sent through the contact form. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text().notNull(),
  message: text().notNull(),
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
