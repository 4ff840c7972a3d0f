/**
 * Resolves the area pages' route parameters against the API (no per-area code, no hard-coded
 * key list): `/:area…` must name an area from `/api/areas/:key`; `/:parentArea/:parentId/:area…`
 * must name a child area whose `parent` is `parentArea`, under an existing parent submission.
 */
import { AREA_KEY_PATTERN, RESERVED_ROUTE_SEGMENTS, type AreaDefinition } from '../../../shared/area';
import type { Submission } from '../../../shared/submission';
import type { AreaLocation } from '../../config/paths';
import { isNotFoundError } from '../../lib/http';
import { fetchArea, knownArea } from '../../lib/area-api';
import { fetchSubmission } from './api';

/** Everything an area page needs about where it is. */
export type AreaContext = {
  location: AreaLocation;
  area: AreaDefinition;
  parentArea?: AreaDefinition;
  parentSubmission?: Submission;
};

/** Route parameters of the area pages. */
export type AreaRouteParams = { area?: string; parentArea?: string; parentId?: string };

/** The outcome: the page's context, or "not found" (404 page). Other failures reject. */
export type AreaResolution = { kind: 'found'; context: AreaContext } | { kind: 'not-found' };

const RESERVED = new Set(RESERVED_ROUTE_SEGMENTS.map((segment) => segment.toLowerCase()));

/** True when `segment` can be an area key: the key pattern, and not one of the portal's fixed routes. */
export function isAreaKeyCandidate(segment: string | undefined): segment is string {
  return segment !== undefined && AREA_KEY_PATTERN.test(segment) && !RESERVED.has(segment.toLowerCase());
}

async function orNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

/**
 * The area pages' route `loader`: starts the area requests {@link resolveAreaRoute} will make
 * (the area, and the parent area of a nested route; both cached, `lib/area-api.ts`), so they go
 * out as the route opens instead of after the page's first render. Returns nothing to wait for;
 * a key that cannot be an area starts nothing.
 */
export function areaRouteLoader({ params }: { params: AreaRouteParams }): null {
  for (const key of [params.area, params.parentArea]) {
    // a failure is reported by the page's own resolution, which asks again
    if (isAreaKeyCandidate(key)) fetchArea(key).catch(() => undefined);
  }
  return null;
}

/** The resolution of a top-level route that names `area`. */
function foundTopLevel(area: AreaDefinition): AreaResolution {
  return { kind: 'found', context: { location: { area: area.key }, area } };
}

/**
 * What {@link resolveAreaRoute} would give, when that needs no request: a top-level route whose
 * key cannot be an area (`not-found`) or whose area is loaded already. Undefined otherwise, and
 * always for a nested route (its parent submission is asked for every time).
 */
export function knownAreaRoute(params: AreaRouteParams): { value: AreaResolution } | undefined {
  if (params.parentArea !== undefined || params.parentId !== undefined) return undefined;
  if (!isAreaKeyCandidate(params.area)) return { value: { kind: 'not-found' } };
  const known = knownArea(params.area);
  if (!known) return undefined;
  return { value: foundTopLevel(known.value) };
}

/** Checks `params` against the API; unknown areas, wrong nesting or an unknown parent give `not-found`. */
export async function resolveAreaRoute(params: AreaRouteParams, signal?: AbortSignal): Promise<AreaResolution> {
  const notFound: AreaResolution = { kind: 'not-found' };
  if (!isAreaKeyCandidate(params.area)) return notFound;
  const isNested = params.parentArea !== undefined || params.parentId !== undefined;
  if (!isNested) {
    const area = await orNotFound(fetchArea(params.area));
    return area ? foundTopLevel(area) : notFound;
  }
  if (!isAreaKeyCandidate(params.parentArea) || !params.parentId) return notFound;
  const [area, parentArea] = await Promise.all([
    orNotFound(fetchArea(params.area)),
    orNotFound(fetchArea(params.parentArea)),
  ]);
  if (!area || !parentArea || area.parent !== parentArea.key) return notFound;
  const parentSubmission = await orNotFound(fetchSubmission(parentArea.key, params.parentId, signal));
  if (!parentSubmission) return notFound;
  const location: AreaLocation = { area: area.key, parent: { area: parentArea.key, id: parentSubmission.id } };
  return { kind: 'found', context: { location, area, parentArea, parentSubmission } };
}
