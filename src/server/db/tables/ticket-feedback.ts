/**
 * Ticket feedback (docs/behaviour.md "Ticket feedback"): the link between a feedback submission (an area
 * with `ratesTicket` in its area.json, e.g. TicketFeedback) and the ticket it rates. The primary
 * key on `ticket_id` is the "one feedback per ticket" rule in the database itself, so two
 * concurrent submits cannot both be stored; the row is written in the same transaction as the
 * feedback submission and its history entries.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { submissions } from './submissions';

/** One feedback per ticket: the rated ticket, the feedback submission and its rating. */
export const ticketFeedback = pgTable('ticket_feedback', {
  /** The rated ticket: one feedback per ticket. */
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => submissions.id),
  /** The feedback submission (the form the requester filled in). */
  feedbackSubmissionId: uuid('feedback_submission_id')
    .notNull()
    .unique('ticket_feedback_submission_key')
    .references(() => submissions.id),
  /** The area's `ratingField` value (1–5), or null when the area has none. */
  rating: integer('rating'),
  createdAt: timestamptz('created_at')
    .notNull()
    .default(sql`now()`),
});
