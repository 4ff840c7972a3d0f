/**
 * Calls of the form-area API that several features and the form engine share: the area
 * catalogue and definitions, older schema versions, the property list for select fields, and
 * creating a submission (the create page and the offline outbox). All but the create call are
 * reference data, cached for the page's lifetime. Shapes from src/shared/area.ts and
 * src/shared/submission.ts.
 */
import type { AreaDefinition, AreaSummary, FormSchemaVersion } from '../../shared/area';
import type { JsonValue } from '../../shared/json';
import type { Property } from '../../shared/me';
import type { Submission } from '../../shared/submission';
import { cachedPromise } from './cache';
import { api } from './http';

const areaListCache = new Map<string, Promise<AreaSummary[]>>();
const areaCache = new Map<string, Promise<AreaDefinition>>();
const propertyCache = new Map<string, Promise<Property[]>>();

/** `GET /api/areas`: every area's key, title, group, description and parent (cached). */
export function fetchAreas(): Promise<AreaSummary[]> {
  return cachedPromise(areaListCache, 'all', () => api.get('areas').json<AreaSummary[]>());
}

/** `GET /api/areas/:key`: schema, UI schema and list columns of one area (cached); 404 for an unknown key. */
export function fetchArea(key: string): Promise<AreaDefinition> {
  return cachedPromise(areaCache, key, () => api.get(`areas/${encodeURIComponent(key)}`).json<AreaDefinition>());
}

const schemaVersionCache = new Map<string, Promise<FormSchemaVersion>>();

/** `GET /api/areas/:key/schema?version=N`: one version of an area's form (cached: versions never change). */
export function fetchSchemaVersion(key: string, version: number): Promise<FormSchemaVersion> {
  return cachedPromise(schemaVersionCache, `${key}@${version}`, () =>
    api.get(`areas/${encodeURIComponent(key)}/schema`, { searchParams: { version } }).json<FormSchemaVersion>(),
  );
}

/** `GET /api/properties`: the property list for `optionsFrom: "properties"` fields (cached). */
export function fetchProperties(): Promise<Property[]> {
  return cachedPromise(propertyCache, 'all', () => api.get('properties').json<Property[]>());
}

/**
 * `POST /api/areas/:key/submissions` with the form data as body (nested areas: `?parentId=`).
 * The `Idempotency-Key` header makes a retried request return the first result instead of
 * storing the submission twice. Not retried automatically (ky retries no POST).
 */
export function createSubmission(
  key: string,
  data: JsonValue,
  options: { idempotencyKey: string; parentId?: string },
): Promise<Submission> {
  return api
    .post(`areas/${encodeURIComponent(key)}/submissions`, {
      json: data,
      searchParams: { parentId: options.parentId || undefined },
      headers: { 'Idempotency-Key': options.idempotencyKey },
    })
    .json<Submission>();
}
