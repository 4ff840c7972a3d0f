/**
 * Part of the role groups' data (docs/behaviour.md "Role groups"). The identity-provider groups a
 * user's latest token named are remembered so an administrator can see every source of the user's
 * scopes — group claims live only in tokens, and the access view is read by someone else.
 */
import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/** The group claim (`OIDC_GROUPS_CLAIM`) and the OIDC_GROUP_MAP role groups of the user's latest token. */
export const userTokenGroups = pgTable('user_token_groups', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  idpGroups: jsonb('idp_groups').$type<string[]>().notNull().default([]),
  mappedGroups: jsonb('mapped_groups').$type<string[]>().notNull().default([]),
  seenAt: timestamptz('seen_at').notNull().defaultNow(),
});
