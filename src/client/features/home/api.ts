/** Calls of the home page: the user's own activity and the open tickets assigned to them or their groups. */
import type { MyActivity, MyRequestPage, MyRequestState } from '../../../shared/activity';
import { ACTIVITY_LIST_SIZE } from '../../../shared/activity';
import { MAX_PAGE_SIZE } from '../../../shared/submission';
import { DONE_STATUSES, type TicketListItem, type TicketPage } from '../../../shared/tickets';
import { api } from '../../lib/http';
import { compareCodeUnits } from '../../lib/compare-text';

/** `GET /api/me/activity`: open and recent submissions and most used areas of the signed-in user. */
export function fetchMyActivity(signal?: AbortSignal): Promise<MyActivity> {
  return api.get('me/activity', { signal }).json<MyActivity>();
}

/** `GET /api/me/requests`: one page of the user's own requests in `state`, after `cursor` (null: the first page). */
export function fetchMyRequests(
  state: MyRequestState,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MyRequestPage> {
  const searchParams: Record<string, string> = { state };
  if (cursor) searchParams.cursor = cursor;
  return api.get('me/requests', { searchParams, signal }).json<MyRequestPage>();
}

/** The two `assignee` filters of `GET /api/tickets` the home page merges: the user, and their role groups. */
export const ASSIGNED_FILTERS = ['me', 'my-groups'] as const;
export type AssignedFilter = (typeof ASSIGNED_FILTERS)[number];

/** Pages read per filter at most while looking for open tickets among recently finished ones. */
export const ASSIGNED_MAX_PAGES = 3;

/** One page of `GET /api/tickets?assignee=…&sort=-updatedAt` (cursor null for the first page). */
export type AssignedPageReader = (assignee: AssignedFilter, cursor: string | null) => Promise<TicketPage>;

/**
 * The open (not Resolved or Closed) tickets assigned to the user or one of their role groups,
 * most recently updated first, at most `size` (the home page's "tickets assigned to them or their
 * groups"). Reads both `assignee` filters newest first, page by page (at most
 * {@link ASSIGNED_MAX_PAGES} each), until each has `size` open tickets or no next page; a ticket
 * assigned to both the user and their group appears once. Errors: whatever `readPage` throws.
 */
export async function collectAssignedTickets(
  readPage: AssignedPageReader,
  size = ACTIVITY_LIST_SIZE,
): Promise<TicketListItem[]> {
  const perFilter = await Promise.all(
    ASSIGNED_FILTERS.map(async (assignee) => {
      const open: TicketListItem[] = [];
      let cursor: string | null = null;
      for (let read = 0; read < ASSIGNED_MAX_PAGES && open.length < size; read += 1) {
        const page: TicketPage = await readPage(assignee, cursor);
        open.push(...page.items.filter((ticket) => !DONE_STATUSES.includes(ticket.status)));
        cursor = page.nextCursor;
        if (cursor === null) break;
      }
      return open;
    }),
  );
  const byId = new Map<string, TicketListItem>();
  for (const ticket of perFilter.flat()) byId.set(ticket.id, ticket);
  return [...byId.values()]
    .sort((a, b) => compareCodeUnits(b.updatedAt, a.updatedAt) || compareCodeUnits(b.id, a.id))
    .slice(0, size);
}

/**
 * `GET /api/tickets?assignee=me|my-groups` (the ticket list, shape `{ items, nextCursor }`):
 * the open tickets assigned to the signed-in user or their role groups, see {@link collectAssignedTickets}.
 */
export function fetchAssignedTickets(signal?: AbortSignal): Promise<TicketListItem[]> {
  return collectAssignedTickets((assignee, cursor) =>
    api
      .get('tickets', {
        searchParams: { assignee, sort: '-updatedAt', limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
        signal,
      })
      .json<TicketPage>(),
  );
}
