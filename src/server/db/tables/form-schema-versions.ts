/**
 * Every version of every area's form (docs/behaviour.md "Schema versions"): recorded at
 * start-up whenever an area's JSON Schema, UI schema or rules change, so a stored submission can
 * be shown with the schema it was submitted with (`submissions.schema_version`).
 */
import { integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import type { JsonObject, JsonValue } from '../../../shared/json';

/** One (area, version); `contentHash` is the sha256 (hex) of the canonical JSON of schema + UI schema + rules. */
export const formSchemaVersions = pgTable(
  'form_schema_versions',
  {
    area: text('area').notNull(),
    version: integer('version').notNull(),
    contentHash: text('content_hash').notNull(),
    schema: jsonb('schema').$type<JsonObject>().notNull(),
    uiSchema: jsonb('ui_schema').$type<JsonObject>().notNull(),
    rules: jsonb('rules').$type<JsonValue>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.area, t.version] }),
    unique('form_schema_versions_area_hash_key').on(t.area, t.contentHash),
  ],
);
