import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * A user's saved views of /Tickets (docs/behaviour.md "Saved views"): a name and the page's URL
 * query. Names are unique per user whatever their case; the built-in views are code, not rows.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The /Tickets URL query without `?` (known filter and sort keys only). */
    query: text('query').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_user_name_key').on(t.userId, sql`lower(${t.name})`),
    index('saved_views_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);
