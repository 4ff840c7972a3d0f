import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { JsonValue } from '../../../shared/json';
import { timestamptz, tsvector } from './columns';
import { properties } from './properties';
import { users } from './users';
import { roleGroups } from './role-groups';
import { assignmentRules } from './assignment-rules';

/** One row per submitted form; carries the ticket fields (docs/behaviour.md "Submissions", "Ticket changes"). */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    area: text('area').notNull(),
    /** Per-area sequence behind `number`; sorting by it stays numeric past 999999. */
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    parentId: uuid('parent_id'),
    /** The form data: an object, or the value itself for a form whose root is not an object. */
    data: jsonb('data').$type<JsonValue>().notNull(),
    schemaVersion: integer('schema_version').notNull(),
    propertyCode: text('property_code').references(() => properties.code),
    summary: text('summary'),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('New'),
    priority: text('priority').notNull().default('Normal'),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id),
    assigneeGroupId: uuid('assignee_group_id').references(() => roleGroups.id),
    dueAt: timestamptz('due_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    idempotencyKey: text('idempotency_key'),
    /** The routing rule that assigned this submission on creation (docs/behaviour.md "Routing"). */
    assignmentRuleId: uuid('assignment_rule_id').references(() => assignmentRules.id, { onDelete: 'set null' }),
    // Service levels (docs/behaviour.md "Service levels"; domains/sla). All null on a ticket
    // without a clock: one older than the feature, of an area without targets, or still waiting
    // for approval.
    /** When the first-response clock started (the ticket was routed). */
    slaStartedAt: timestamptz('sla_started_at'),
    /** When the resolution clock (re)started: the start, or the last reopening. */
    slaResolutionStartedAt: timestamptz('sla_resolution_started_at'),
    /** Set while the clock is paused (Waiting on requester, Waiting for approval). */
    slaPausedSince: timestamptz('sla_paused_since'),
    /** Working time paused since the resolution clock (re)started, in ms (ended pauses only). */
    slaPausedMs: bigint('sla_paused_ms', { mode: 'number' }).notNull().default(0),
    slaFirstResponseDueAt: timestamptz('sla_first_response_due_at'),
    slaResolutionDueAt: timestamptz('sla_resolution_due_at'),
    slaFirstRespondedAt: timestamptz('sla_first_responded_at'),
    slaResolvedAt: timestamptz('sla_resolved_at'),
    /**
     * When the ticket last moved to Resolved; kept while it stays Resolved or is Closed from there,
     * null once it is open again (or was never resolved). Set by the database (trigger
     * `submissions_resolved_at`, migration 0016), never by the app, so no write path can forget it;
     * the `resolvedFrom` filter of /Tickets reads it (docs/behaviour.md "Ticket list filters").
     */
    resolvedAt: timestamptz('resolved_at'),
    /**
     * The due time of the soonest running target, or 9999-12-31 when none runs (paused, met, no
     * clock): never null, so keyset pages on `(sla_next_due_at, id)` need no NULL branch.
     */
    slaNextDueAt: timestamptz('sla_next_due_at')
      .notNull()
      .default(sql`'9999-12-31 00:00:00+00'`),
    /** When the breach check must next look at this ticket; null when nothing is pending. */
    slaCheckAt: timestamptz('sla_check_at'),
    /** Breach notifications sent: `"<target>:<state>"` → the due time (epoch ms) they were sent for. */
    slaNotified: jsonb('sla_notified').$type<Record<string, number>>().notNull().default({}),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`jsonb_to_tsvector('simple'::regconfig, "data", '["string","numeric"]'::jsonb)`),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'submissions_parent_id_fk' }),
    unique('submissions_area_sequence_key').on(t.area, t.sequence),
    unique('submissions_requester_idempotency_key').on(t.requesterId, t.idempotencyKey),
    index('submissions_area_created_idx').on(t.area, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('submissions_area_requester_created_idx').on(
      t.area,
      t.requesterId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('submissions_area_requester_sequence_idx').on(t.area, t.requesterId, t.sequence),
    index('submissions_parent_idx').on(t.parentId),
    index('submissions_search_idx').using('gin', t.search),
    // Cross-area ticket lists (GET /api/tickets): keyset order per common filter.
    index('submissions_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('submissions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('submissions_status_updated_idx').on(t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('submissions_requester_updated_idx').on(
      t.requesterId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('submissions_assignee_user_updated_idx').on(
      t.assigneeUserId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('submissions_assignee_group_updated_idx').on(
      t.assigneeGroupId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('submissions_due_idx').on(t.dueAt),
    // "Unassigned in my groups" (assignee=my-groups-unassigned): one first page per group, the
    // group's tickets no person has by last update (domains/tickets/list.ts).
    index('submissions_group_unassigned_updated_idx')
      .on(t.assigneeGroupId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.assigneeUserId} is null`),
    // The resolvedFrom filter ("Resolved this week"): a range over the few resolved rows.
    index('submissions_resolved_idx')
      .on(t.resolvedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.resolvedAt} is not null`),
    // Service levels: the sla filter and the slaDue sort of /Tickets; the breach check's queue.
    index('submissions_sla_next_due_idx').on(t.slaNextDueAt, t.id),
    index('submissions_sla_check_idx')
      .on(t.slaCheckAt)
      .where(sql`${t.slaCheckAt} is not null`),
    // Filtered /Tickets pages (bench:lists, docs/performance.md): area and status filters sorted
    // by last update, and "assigned to me" with a status, seek instead of intersecting bitmaps.
    index('submissions_area_updated_idx').on(t.area, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('submissions_area_status_updated_idx').on(
      t.area,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('submissions_assignee_group_status_updated_idx').on(
      t.assigneeGroupId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('submissions_assignee_user_status_updated_idx').on(
      t.assigneeUserId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
