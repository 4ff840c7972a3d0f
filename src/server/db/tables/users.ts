import { pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Users appear on first sign-in, keyed by (issuer, subject), never by e-mail
 * (docs/behaviour.md "Access-token checks").
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [unique('users_issuer_subject_key').on(t.issuer, t.subject)],
);
