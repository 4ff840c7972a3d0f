import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { roleGroups } from './role-groups';
import { users } from './users';

/** Explicit members of role groups: one row per (group, user); deleting either side deletes the row. */
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
