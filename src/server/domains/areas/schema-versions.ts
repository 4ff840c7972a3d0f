/**
 * Schema versions of the form areas (docs/behaviour.md "Schema versions"). At start-up
 * each area's JSON Schema, UI schema and rules are hashed (sha256 of canonical JSON: keys sorted);
 * a hash not seen before for that area becomes a new row of `form_schema_versions` with the next
 * version number, so editing a schema in `schemas/` and restarting is all it takes. `area.json`
 * `version`, when given, is a floor for the first number (existing data keeps its numbers).
 */
import { createHash } from 'node:crypto';
import { and, eq, max } from 'drizzle-orm';
import type { AreaDefinition } from '../../../shared/area';
import type { JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import { formSchemaVersions } from '../../db/schema';

/** JSON text with object keys sorted at every level, so equal content gives equal text. */
export function canonicalJson(value: JsonValue | undefined): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 (hex) of what makes an area's form: JSON Schema, UI schema and rules. */
export function formContentHash(definition: AreaDefinition): string {
  const content = {
    schema: definition.schema,
    uiSchema: definition.uiSchema,
    rules: (definition.rules ?? []) as JsonValue,
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

async function versionOfHash(db: Database, area: string, hash: string): Promise<number | null> {
  const [row] = await db
    .select({ version: formSchemaVersions.version })
    .from(formSchemaVersions)
    .where(and(eq(formSchemaVersions.area, area), eq(formSchemaVersions.contentHash, hash)))
    .limit(1);
  return row?.version ?? null;
}

/**
 * The version number of `definition`'s current content, recording it as a new version when it
 * is new. Safe when several nodes start at once on one PostgreSQL (conflicts are retried).
 */
export async function recordSchemaVersion(db: Database, definition: AreaDefinition): Promise<number> {
  const hash = formContentHash(definition);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const known = await versionOfHash(db, definition.key, hash);
    if (known !== null) return known;
    const [latest] = await db
      .select({ version: max(formSchemaVersions.version) })
      .from(formSchemaVersions)
      .where(eq(formSchemaVersions.area, definition.key));
    const version = Math.max((latest?.version ?? 0) + 1, definition.version);
    await db
      .insert(formSchemaVersions)
      .values({
        area: definition.key,
        version,
        contentHash: hash,
        schema: definition.schema,
        uiSchema: definition.uiSchema,
        rules: (definition.rules ?? null) as JsonValue,
      })
      .onConflictDoNothing();
  }
  throw new Error(`could not record a schema version for area ${definition.key}`);
}

/** One stored version of an area's form, or null. */
export async function findSchemaVersion(db: Database, area: string, version: number) {
  const [row] = await db
    .select()
    .from(formSchemaVersions)
    .where(and(eq(formSchemaVersions.area, area), eq(formSchemaVersions.version, version)))
    .limit(1);
  return row ?? null;
}
