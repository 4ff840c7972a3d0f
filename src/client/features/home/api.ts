/** Calls of the home page: the user's own activity and, when the ticket API exists, tickets assigned to them. */
import { isHTTPError } from 'ky';
import type { MyActivity } from '../../../shared/activity';
import type { Submission } from '../../../shared/submission';
import { api } from '../../lib/http';

/** `GET /api/me/activity`: open and recent submissions and most used areas of the signed-in user. */
export function fetchMyActivity(signal?: AbortSignal): Promise<MyActivity> {
  return api.get('me/activity', { signal }).json<MyActivity>();
}

/**
 * `GET /api/tickets?assignee=me`: open tickets assigned to the user or their role groups (the
 * cross-area ticket API, issue 4). Resolves null when this portal has no such API (404/400/405)
 * so the home page simply leaves the section out.
 */
export async function fetchAssignedTickets(signal?: AbortSignal): Promise<Submission[] | null> {
  try {
    const page = await api.get('tickets', { searchParams: { assignee: 'me', limit: 10 }, signal }).json<unknown>();
    const items = typeof page === 'object' && page !== null ? (page as { items?: unknown }).items : undefined;
    return Array.isArray(items) ? (items as Submission[]) : null;
  } catch (error) {
    if (isHTTPError(error) && [400, 404, 405].includes(error.response.status)) return null;
    throw error;
  }
}
