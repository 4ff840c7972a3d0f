import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { JsonValue } from '../../../shared/json';
import { timestamptz } from './columns';
import { users } from './users';

/** Append-only history, one entry per change (docs/behaviour.md "History"): nobody edits or deletes it. */
export const changes = pgTable(
  'changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    at: timestamptz('at').notNull().defaultNow(),
    action: text('action').notNull(),
    diff: jsonb('diff').$type<JsonValue>().notNull(),
    /**
     * For a ticket's entry (`entity = 'submission'`), the ticket's requester; null otherwise. Set by
     * the database on insert (trigger `changes_ticket_requester`, migration 0010), never by the
     * app, so no write path can forget it; a ticket's requester never changes. It lets a
     * requester's `/api/changes` walk their own entries newest first on one index
     * (`changes_ticket_requester_idx`) instead of every entry (domains/tickets/history.ts).
     */
    ticketRequesterId: uuid('ticket_requester_id'),
  },
  (t) => [
    index('changes_entity_idx').on(t.entity, t.entityId, t.id),
    index('changes_actor_idx').on(t.actorId, t.id),
    index('changes_ticket_requester_idx').on(t.ticketRequesterId, t.id),
  ],
);
