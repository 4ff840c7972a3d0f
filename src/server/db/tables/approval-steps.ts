import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { submissions } from './submissions';
import { users } from './users';

/**
 * The approval steps of a ticket (docs/behaviour.md "Approvals"), one row per step of its area's
 * `approvals` as they stood when it was submitted, in `position` order. `status`: `pending` (not
 * reached), `waiting` (the one being decided), `approved`, `rejected`, `skipped` (its condition did
 * not hold). Who decides: `approver_group` (a role group's name: any member) or `approver_email`
 * (stored lower-case). The partial indexes answer "what waits on me", oldest first.
 */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    stepKey: text('step_key').notNull(),
    name: text('name').notNull(),
    approverGroup: text('approver_group'),
    approverEmail: text('approver_email'),
    status: text('status').notNull(),
    waitingSince: timestamptz('waiting_since'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
    comment: text('comment'),
  },
  (t) => [
    unique('approval_steps_ticket_position_key').on(t.ticketId, t.position),
    index('approval_steps_waiting_group_idx')
      .on(t.approverGroup, t.waitingSince, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('approval_steps_waiting_email_idx')
      .on(t.approverEmail, t.waitingSince, t.id)
      .where(sql`${t.status} = 'waiting'`),
  ],
);
