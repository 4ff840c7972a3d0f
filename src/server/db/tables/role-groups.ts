import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

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
