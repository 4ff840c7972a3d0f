import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Demo accounts of the built-in identity provider; `id` is the subject. */
export const idpAccounts = pgTable('idp_accounts', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  groups: jsonb('groups').$type<string[]>().notNull().default([]),
});
