/**
 * Comments on a ticket. Status, priority, assignee and due date live on `submissions`; history
 * goes to `changes` (changes.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import type { JsonValue } from '../../../shared/json';
import { submissions } from './submissions';
import { users } from './users';

/**
 * A comment on a ticket (docs/behaviour.md "Comments"): rich-text body (slate JSON or an HTML string),
 * public or internal (handlers only), author and time. `idempotency_key` makes a retried POST
 * return the first comment (unique per author).
 */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: jsonb('body').$type<JsonValue>().notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`now()`),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('ticket_comments_submission_idx').on(t.submissionId, t.createdAt, t.id),
    unique('ticket_comments_author_idempotency_key').on(t.authorId, t.idempotencyKey),
  ],
);
