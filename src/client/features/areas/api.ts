/**
 * Calls of the form-area API (issue 2 contract): area catalogue and definitions, the property
 * list for select fields, and submissions (list with keyset paging, one, create).
 */
import type { AreaDefinition, AreaSummary, FormSchemaVersion } from '../../../shared/area';
import { FORM_SCHEMA_VERSION_HEADER } from '../../../shared/form-areas';
import type { JsonObject } from '../../../shared/json';
import type { Property } from '../../../shared/me';
import type { Submission, SubmissionPage } from '../../../shared/submission';
import { DEFAULT_PAGE_SIZE } from '../../../shared/submission';
import { cachedPromise } from '../../lib/cache';
import { api, isNotFoundError } from '../../lib/http';

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

/** Query of one list page: search text, keyset cursor, page size and (nested areas) parent submission. */
export type SubmissionQuery = { q?: string; cursor?: string; limit?: number; parentId?: string };

/** `GET /api/areas/:key/submissions`: one keyset page, newest first. */
export function fetchSubmissions(key: string, query: SubmissionQuery, signal?: AbortSignal): Promise<SubmissionPage> {
  const searchParams: Record<string, string | number | undefined> = {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    cursor: query.cursor || undefined,
    q: query.q?.trim() || undefined,
    parentId: query.parentId || undefined,
  };
  return api.get(`areas/${encodeURIComponent(key)}/submissions`, { searchParams, signal }).json<SubmissionPage>();
}

/** `GET /api/areas/:key/submissions/:id`: one submission; 404 when unknown or of another area. */
export function fetchSubmission(key: string, id: string, signal?: AbortSignal): Promise<Submission> {
  return api
    .get(`areas/${encodeURIComponent(key)}/submissions/${encodeURIComponent(id)}`, { signal })
    .json<Submission>();
}

/**
 * The area of a stored submission, to show it with: the live definition, or — when the area's
 * folder was removed and the area left the catalogue (404) — a stand-in made of the stored
 * version `version` of its form, so its submissions stay readable (docs/behaviour.md "Form areas").
 */
export async function fetchAreaOfSubmission(key: string, version: number): Promise<AreaDefinition> {
  try {
    return await fetchArea(key);
  } catch (error) {
    if (!isNotFoundError(error)) throw error;
    const stored = await fetchSchemaVersion(key, version);
    const { schema, uiSchema, rules } = stored;
    const title = typeof schema.title === 'string' && schema.title ? schema.title : key;
    return { key, title, group: '', description: '', version, schema, uiSchema, rules, listColumns: [], handlers: [] };
  }
}

/**
 * `POST /api/areas/:key/submissions` with the form data as body (nested areas: `?parentId=`).
 * The `Idempotency-Key` header makes a retried request return the first result instead of
 * storing the submission twice; `Form-Schema-Version` names the version the form was rendered
 * with (a newer one on the server answers 409 `schema_changed`). Not retried automatically (ky
 * retries no POST).
 */
export function createSubmission(
  key: string,
  data: JsonObject,
  options: { idempotencyKey: string; parentId?: string; schemaVersion?: number },
): Promise<Submission> {
  const headers: Record<string, string> = { 'Idempotency-Key': options.idempotencyKey };
  if (options.schemaVersion !== undefined) headers[FORM_SCHEMA_VERSION_HEADER] = String(options.schemaVersion);
  return api
    .post(`areas/${encodeURIComponent(key)}/submissions`, {
      json: data,
      searchParams: { parentId: options.parentId || undefined },
      headers,
    })
    .json<Submission>();
}
