/**
 * Schema versions of the form areas (docs/behaviour.md "Schema versions"). At start-up
 * each area's JSON Schema, UI schema and rules are hashed (sha256 of canonical JSON: keys sorted);
 * a hash not seen before for that area becomes a new row of `form_schema_versions` with the next
 * version number, so editing a schema in `schemas/` and restarting is all it takes. `area.json`
 * `version`, when given, is a floor for the first number (existing data keeps its numbers).
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, max } from 'drizzle-orm';
import type { AreaDefinition, FormSchemaVersion } from '../../../shared/area';
import type { JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import { formSchemaVersions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { canonicalJson } from './canonical-json';
import type { AreaRegistry } from './registry';
import { validatorModulePath } from './validator-code';

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

/**
 * Version `version` of an area's form (default: the current one) for
 * `GET /api/areas/:key/schema`. An area whose folder was removed is no longer in `areas`, but
 * the versions its submissions were stored with still answer (default: its latest), with
 * `current: false`, so those submissions stay readable. 404 `not_found` for an area that never
 * had a version, or a version it never had.
 */
export async function readFormSchemaVersion(
  db: Database,
  areas: AreaRegistry,
  key: string,
  version: number | undefined,
): Promise<FormSchemaVersion> {
  const live = areas.get(key)?.definition;
  const [row] = await db
    .select()
    .from(formSchemaVersions)
    .where(
      version === undefined && !live
        ? eq(formSchemaVersions.area, key)
        : and(eq(formSchemaVersions.area, key), eq(formSchemaVersions.version, version ?? live?.version ?? 0)),
    )
    .orderBy(desc(formSchemaVersions.version))
    .limit(1);
  if (!row) {
    throw notFound(
      live ? `The ${live.title} form has no version ${version ?? live.version}.` : `There is no form area "${key}".`,
    );
  }
  const answer: FormSchemaVersion = {
    key: row.area,
    version: row.version,
    current: row.version === live?.version,
    schema: row.schema,
    uiSchema: row.uiSchema,
    validator: validatorModulePath(row.area, row.schema),
    createdAt: row.createdAt.toISOString(),
  };
  if (Array.isArray(row.rules) && row.rules.length) answer.rules = row.rules as FormSchemaVersion['rules'];
  return answer;
}
