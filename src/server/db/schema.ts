/**
 * Drizzle tables (PostgreSQL dialect; the same migrations run on PGlite and PostgreSQL).
 * Timestamps are `timestamptz(3)`: millisecond precision, so a JavaScript Date round-trips exactly
 * and keyset cursors compare equal to what is stored.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JsonObject, JsonValue } from '../../shared/json';
import { assignmentRules } from './schema-assignments';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** Properties (buildings) that forms refer to by code; seeded (design.md §3 "Property"). */
export const properties = pgTable('properties', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Users appear on first sign-in, keyed by (issuer, subject), never by e-mail (issue 3). */
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

/** Role groups: scopes granted to members, to identity-provider groups, or to everyone (design.md §5). */
export const roleGroups = pgTable('role_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
  idpGroupIds: jsonb('idp_group_ids').$type<string[]>().notNull().default([]),
  includesEveryone: boolean('includes_everyone').notNull().default(false),
  /** Optimistic concurrency (issue 6): bumped on every update; a stale `version` answers 409. */
  version: integer('version').notNull().default(1),
});

export const roleGroupMembers = pgTable(
  'role_group_members',
  {
    roleGroupId: uuid('role_group_id')
      .notNull()
      .references(() => roleGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleGroupId, t.userId] }), index('role_group_members_user_idx').on(t.userId)],
);

/** Per-area number sequence, bumped in the same transaction as the insert it numbers. */
export const areaCounters = pgTable('area_counters', {
  area: text('area').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** One row per submitted form; carries the ticket fields (design.md §3 "Submission / ticket"). */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    area: text('area').notNull(),
    /** Per-area sequence behind `number`; sorting by it stays numeric past 999999. */
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    parentId: uuid('parent_id'),
    data: jsonb('data').$type<JsonObject>().notNull(),
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
    /** The routing rule that assigned this submission on creation (issue 5 "Assignments"). */
    assignmentRuleId: uuid('assignment_rule_id').references(() => assignmentRules.id, { onDelete: 'set null' }),
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
    // Cross-area ticket lists (issue 5 "/Tickets"): keyset order per common filter.
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
    // Filtered /Tickets pages (bench:lists, issue 5 "Data rules"): area and status filters sorted
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

/** Append-only history (design.md §3 "Change"): nobody edits or deletes it. */
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
     * (`changes_ticket_requester_idx`) instead of every entry (routes/api/tickets/changes.ts).
     */
    ticketRequesterId: uuid('ticket_requester_id'),
  },
  (t) => [
    index('changes_entity_idx').on(t.entity, t.entityId, t.id),
    index('changes_actor_idx').on(t.actorId, t.id),
    index('changes_ticket_requester_idx').on(t.ticketRequesterId, t.id),
  ],
);

/** oidc-provider's persistent storage (sessions, grants, codes, refresh tokens), one row per model. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
  ],
);

/** Demo accounts of the built-in identity provider; `id` is the subject. */
export const idpAccounts = pgTable('idp_accounts', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  groups: jsonb('groups').$type<string[]>().notNull().default([]),
});
export * from './schema-reports';

export * from './schema-rolegroups';

export * from './schema-assignments';

export * from './schema-tickets';
export * from './schema-attachments';
export * from './schema-schema-versions';
export * from './schema-feedback';
