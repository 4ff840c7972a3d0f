/**
 * `GET /api/me/activity`: what the home page shows a signed-in user about their own requests
 * (docs/behaviour.md "List paging").
 */
import type { Submission, TicketStatus } from './submission';

/** How many submissions each list of {@link MyActivity} holds at most. */
export const ACTIVITY_LIST_SIZE = 10;
/** How many form areas `mostUsed` names at most. */
export const MOST_USED_AREAS = 5;

/** The user's own submissions: still open (not Resolved or Closed), the most recent, and the areas they use most. */
export type MyActivity = {
  open: Submission[];
  recent: Submission[];
  /** Areas by number of the user's submissions, most first (ties: area key). */
  mostUsed: { area: string; count: number }[];
};

/** Which of the user's requests `GET /api/me/requests` lists: still open, finished, or all. */
export const MY_REQUEST_STATES = ['open', 'closed', 'all'] as const;
export type MyRequestState = (typeof MY_REQUEST_STATES)[number];

/** Page size of `GET /api/me/requests`. */
export const MY_REQUESTS_PAGE_SIZE = 25;

/**
 * One of the signed-in user's requests (`GET /api/me/requests`), as the requester sees it: no
 * handler-only detail. `lastUpdate` is the newest history entry the requester may read (never an
 * internal comment): when, who, and its action (`created`, `status`, `assigned`, `commented`, …).
 * `assigneeGroup` is the team working on it (name), null before routing.
 */
export type MyRequest = {
  id: string;
  number: string;
  area: string;
  /** The parent record of a nested area's request (its pages live under the parent), else null. */
  parentId: string | null;
  summary: string | null;
  status: TicketStatus;
  createdAt: string;
  assigneeGroup: string | null;
  lastUpdate: { at: string; actor: string | null; action: string } | null;
};

/** One keyset page of {@link MyRequest}s, most recently updated first. */
export type MyRequestPage = { items: MyRequest[]; nextCursor: string | null };
