/**
 * Calls of the form-area API that several features and the form engine share: the area
 * catalogue and definitions, older schema versions, the property list for select fields, and
 * creating a submission (the create page and the offline outbox). All but the create call are
 * reference data, cached for the page's lifetime. Shapes from src/shared/area.ts and
 * src/shared/submission.ts.
 */
import type { AreaDefinition, AreaSummary, FormSchemaVersion } from '../../shared/area';
import { FORM_SCHEMA_VERSION_HEADER } from '../../shared/form-areas';
import type { JsonValue } from '../../shared/json';
import type { Property } from '../../shared/me';
import type { Submission } from '../../shared/submission';
import { cachedPromise, fulfilledValue } from './cache';
import { api, isNotFoundError } from './http';
import { loadValidatorModule } from './validator-modules';

const areaListCache = new Map<string, Promise<AreaSummary[]>>();
const areaCache = new Map<string, Promise<AreaDefinition>>();
const propertyCache = new Map<string, Promise<Property[]>>();

/** `GET /api/areas`: every area's key, title, group, description and parent (cached). */
export function fetchAreas(): Promise<AreaSummary[]> {
  return cachedPromise(areaListCache, 'all', () => api.get('areas').json<AreaSummary[]>());
}

/**
 * `GET /api/areas/:key`: schema, UI schema and list columns of one area (cached); 404 for an unknown
 * key. The area's validator module is imported as soon as the definition arrives, in the
 * background: the area's forms need it, and once loaded (and kept by the service worker) they also
 * open offline.
 */
export function fetchArea(key: string): Promise<AreaDefinition> {
  return cachedPromise(areaCache, key, async () => {
    const area = await api.get(`areas/${encodeURIComponent(key)}`).json<AreaDefinition>();
    // a failure is the form's to report, when it asks for the module again
    loadValidatorModule(area.validator).catch(() => undefined);
    return area;
  });
}

/** `{ value }` when {@link fetchArea}`(key)` has fulfilled already (no request), else undefined. */
export function knownArea(key: string): { value: AreaDefinition } | undefined {
  return fulfilledValue(areaCache.get(key));
}

const schemaVersionCache = new Map<string, Promise<FormSchemaVersion>>();

/** `GET /api/areas/:key/schema?version=N`: one version of an area's form (cached: versions never change). */
export function fetchSchemaVersion(key: string, version: number): Promise<FormSchemaVersion> {
  return cachedPromise(schemaVersionCache, `${key}@${version}`, () =>
    api.get(`areas/${encodeURIComponent(key)}/schema`, { searchParams: { version } }).json<FormSchemaVersion>(),
  );
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
    const { schema, uiSchema, rules, validator } = stored;
    const title = typeof schema.title === 'string' && schema.title ? schema.title : key;
    return {
      key,
      title,
      group: '',
      description: '',
      version,
      schema,
      uiSchema,
      validator,
      rules,
      listColumns: [],
      handlers: [],
    };
  }
}

/** `GET /api/properties`: the property list for `optionsFrom: "properties"` fields (cached). */
export function fetchProperties(): Promise<Property[]> {
  return cachedPromise(propertyCache, 'all', () => api.get('properties').json<Property[]>());
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
  data: JsonValue,
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
