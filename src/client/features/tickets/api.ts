/** Calls of the tickets feature (`/api/tickets`, `/api/changes`); shapes from src/shared/tickets.ts. */
import { api } from '../../lib/http';
import type {
  AssigneeOptions,
  BulkTicketPatch,
  BulkTicketResponse,
  ChangePage,
  NewTicketComment,
  Ticket,
  TicketComment,
  TicketCounts,
  TicketPage,
  TicketPatch,
} from '../../../shared/tickets';

/** The list's URL query (filters, sort, cursor) passed through to the API as-is. */
export function fetchTickets(query: URLSearchParams, signal?: AbortSignal): Promise<TicketPage> {
  return api.get('tickets', { searchParams: query, signal }).json<TicketPage>();
}

/** Tickets per status under the same filters. */
export function fetchTicketCounts(query: URLSearchParams, signal?: AbortSignal): Promise<TicketCounts> {
  const filters = new URLSearchParams(query);
  for (const name of ['cursor', 'sort', 'limit']) filters.delete(name);
  return api.get('tickets/counts', { searchParams: filters, signal }).json<TicketCounts>();
}

/** The filtered view as a CSV blob (authenticated fetch, so no token ever goes into a URL). */
export function fetchTicketsCsv(query: URLSearchParams): Promise<Blob> {
  const filters = new URLSearchParams(query);
  for (const name of ['cursor', 'limit']) filters.delete(name);
  return api.get('tickets/export.csv', { searchParams: filters }).blob();
}

/** One ticket with the actions allowed to the user; `etag` for the next PATCH. */
export async function fetchTicket(id: string, signal?: AbortSignal): Promise<{ ticket: Ticket; etag: string }> {
  const response = await api.get(`tickets/${id}`, { signal });
  return { ticket: await response.json<Ticket>(), etag: response.headers.get('etag') ?? '' };
}

/** PATCH with If-Match; throws ky's HTTPError (412 stale, 409 illegal transition, 403 field). */
export function updateTicket(id: string, etag: string, patch: TicketPatch): Promise<Ticket> {
  return api.patch(`tickets/${id}`, { json: patch, headers: { 'if-match': etag } }).json<Ticket>();
}

export function fetchComments(id: string, signal?: AbortSignal): Promise<TicketComment[]> {
  return api.get(`tickets/${id}/comments`, { signal }).json<TicketComment[]>();
}

/**
 * Posts a comment (`NewTicketComment`: rich-text document, internal flag, uploaded file ids);
 * `idempotencyKey` makes a retry safe. Throws ky's HTTPError (422 with field errors, 403, 404).
 */
export function postComment(id: string, comment: NewTicketComment, idempotencyKey: string): Promise<TicketComment> {
  return api
    .post(`tickets/${id}/comments`, { json: comment, headers: { 'idempotency-key': idempotencyKey } })
    .json<TicketComment>();
}

export function fetchChanges(query: URLSearchParams, signal?: AbortSignal): Promise<ChangePage> {
  return api.get('changes', { searchParams: query, signal }).json<ChangePage>();
}

/** Users and role groups a ticket can be assigned to (needs `tickets:work`). */
export function fetchAssignees(signal?: AbortSignal): Promise<AssigneeOptions> {
  return api.get('tickets/assignees', { signal }).json<AssigneeOptions>();
}

/**
 * `POST /api/tickets/bulk`: one change to up to 100 tickets (each with the version it was read at);
 * resolves with one result per ticket. Throws ky's HTTPError for the request as a whole (400/422 bad
 * body, 403 without `tickets:work`).
 */
export function bulkUpdateTickets(
  items: readonly { id: string; version: number }[],
  patch: BulkTicketPatch,
): Promise<BulkTicketResponse> {
  return api.post('tickets/bulk', { json: { items, patch } }).json<BulkTicketResponse>();
}
