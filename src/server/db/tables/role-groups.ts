import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Role groups: scopes granted to members, to identity-provider groups, or to everyone
 * (docs/behaviour.md "Role groups").
 */
export const roleGroups = pgTable('role_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
  idpGroupIds: jsonb('idp_group_ids').$type<string[]>().notNull().default([]),
  includesEveryone: boolean('includes_everyone').notNull().default(false),
  /** Bumped on every update; a stale `version` answers 409 (docs/behaviour.md "Optimistic concurrency"). */
  version: integer('version').notNull().default(1),
});
