/**
 * `GET /api/areas/{key}/validators/{hash}.js` (./validator-generation.ts writes the modules): each
 * module is generated on its first request, not at start (the 27 areas take ~0.45 s together on a
 * quiet machine, ~2 s on a busy one), and kept in memory.
 */
import { eq } from 'drizzle-orm';
import type { JsonObject } from '../../../shared/json';
import type { Database } from '../../db/client';
import { formSchemaVersions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AreaRegistry } from './registry';
import { validatorHash } from './validator-code';

/** At most this many modules are kept; the oldest is dropped first (a module is ~20–70 KB). */
const MAX_CACHED_MODULES = 500;

const cache = new Map<string, string>();

function remember(cacheKey: string, text: string): string {
  cache.set(cacheKey, text);
  if (cache.size > MAX_CACHED_MODULES) cache.delete(cache.keys().next().value as string);
  return text;
}

/** The schema of area `key` (its live one, else a stored version) whose validator hash is `hash`. */
async function schemaWithHash(
  db: Database,
  areas: AreaRegistry,
  key: string,
  hash: string,
): Promise<JsonObject | null> {
  const live = areas.get(key)?.definition;
  if (live && live.validator.endsWith(`/${hash}.js`)) return live.schema;
  const rows = await db
    .select({ schema: formSchemaVersions.schema })
    .from(formSchemaVersions)
    .where(eq(formSchemaVersions.area, key));
  return rows.find((row) => validatorHash(row.schema) === hash)?.schema ?? null;
}

/**
 * `GET /api/areas/{key}/validators/{hash}.js`: the validator module (see
 * ./validator-generation.ts) of the current schema of area `key` or of one of its stored
 * versions, generated on first request and then served from memory. `onIncomplete` is told of a
 * subschema that could not be precompiled. 404 `not_found` when no schema of the area has that hash.
 */
export async function readValidatorModule(
  db: Database,
  areas: AreaRegistry,
  key: string,
  hash: string,
  onIncomplete?: (error: Error) => void,
): Promise<string> {
  const cacheKey = `${key}/${hash}`;
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  const schema = await schemaWithHash(db, areas, key, hash);
  if (!schema) throw notFound(`The form area "${key}" has no validator ${hash}.`);
  const generation = await import('./validator-generation');
  return remember(cacheKey, generation.generateValidatorModule(schema, onIncomplete));
}
