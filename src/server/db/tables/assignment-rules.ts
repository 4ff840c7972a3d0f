/**
 * Assignment (routing) rules: area, optionally a property and one field value → an assignee user
 * and/or role group, in an order. The first enabled rule that matches a new submission assigns it
 * (domains/assignments/routing.ts; docs/behaviour.md "Routing" and "Routing rules").
 */
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import type { JsonValue } from '../../../shared/json';
import { properties } from './properties';
import { roleGroups } from './role-groups';
import { users } from './users';

/**
 * One routing rule. `position` orders rules (1 = tried first); `fieldPointer` is a JSON Pointer
 * (RFC 6901) into the submission data and `fieldValue` the value it must equal; both null when the
 * rule has no field condition. A deleted user or role group leaves the rule without that assignee
 * (`set null`); routing skips a rule left with no assignee at all.
 */
export const assignmentRules = pgTable(
  'assignment_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    position: integer('position').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    area: text('area').notNull(),
    propertyCode: text('property_code').references(() => properties.code),
    fieldPointer: text('field_pointer'),
    fieldValue: jsonb('field_value').$type<JsonValue>(),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeGroupId: uuid('assignee_group_id').references(() => roleGroups.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('assignment_rules_area_position_idx').on(t.area, t.position)],
);
