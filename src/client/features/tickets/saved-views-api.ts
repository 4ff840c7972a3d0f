/**
 * Calls of the saved views of /Tickets (`/api/me/views`; shapes from src/shared/saved-views.ts).
 * Failures are ky's HTTPError: 422 with `errors` at `/name` or `/query`, 409 `duplicate_name` or
 * `too_many_views`, 404 for a view that is gone.
 */
import type { NewSavedView, SavedView } from '../../../shared/saved-views';
import { api } from '../../lib/http';

/** The built-in views, then the user's own, in order. */
export async function fetchSavedViews(signal?: AbortSignal): Promise<SavedView[]> {
  const body = await api.get('me/views', { signal }).json<{ items: SavedView[] }>();
  return body.items;
}

/** Saves a view; the answer carries the trimmed name and the normalized query. */
export function createSavedView(view: NewSavedView): Promise<SavedView> {
  return api.post('me/views', { json: view }).json<SavedView>();
}

/** Renames one of the user's views. */
export function renameSavedView(id: string, name: string): Promise<SavedView> {
  return api.patch(`me/views/${encodeURIComponent(id)}`, { json: { name } }).json<SavedView>();
}

/** Deletes one of the user's views. */
export async function deleteSavedView(id: string): Promise<void> {
  await api.delete(`me/views/${encodeURIComponent(id)}`);
}
