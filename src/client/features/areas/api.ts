/**
 * Calls of the form-area API that only the area pages make: one keyset page of an area's
 * submissions and one submission. The calls other features share (areas, properties, create) are
 * in lib/area-api.ts.
 */
import type { Submission, SubmissionPage } from '../../../shared/submission';
import { DEFAULT_PAGE_SIZE } from '../../../shared/submission';
import { api } from '../../lib/http';

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
