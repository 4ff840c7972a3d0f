/**
 * Saved views of /Tickets (docs/behaviour.md "Saved views"): a name and the page's URL query.
 * The built-in views are defined here, in code; a user's own views are rows on the server
 * (`/api/me/views`). Client and server check a view's query with {@link checkViewQuery}.
 */
import type { FieldError } from './api-error';
import { SLA_FILTERS } from './sla';
import {
  ASSIGNEE_KEYWORDS,
  DATE_TIME_PATTERN,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  TICKET_STATES,
  TICKET_STATUSES,
} from './tickets';

/** Most characters of a view's name (after trimming). */
export const SAVED_VIEW_NAME_MAX = 60;

/** Most views one user may save (the built-in views do not count). */
export const MAX_SAVED_VIEWS = 50;

/**
 * A view as `GET /api/me/views` lists it. `query`: the /Tickets URL query without `?`, keys in
 * alphabetical order (see {@link normalizeViewQuery}). `builtIn`: defined in code, the same for
 * everyone; it cannot be renamed or deleted.
 */
export type SavedView = { id: string; name: string; query: string; builtIn: boolean };

/** `POST /api/me/views` body: `name` 1–60 characters once trimmed; `query` the /Tickets URL query. */
export type NewSavedView = { name: string; query: string };

/** `PATCH /api/me/views/:id` body. */
export type SavedViewRename = { name: string };

/**
 * The built-in views, in the order they are listed. `query` takes the start of the current week
 * (Monday 00:00 in the portal's time zone, an ISO 8601 date-time with its offset), which the
 * server fills in when it lists them.
 */
export const BUILT_IN_VIEWS: readonly { id: string; name: string; query: (weekStart: string) => string }[] = [
  { id: 'builtin-my-open', name: 'My open tickets', query: () => 'assignee=me&state=open' },
  {
    id: 'builtin-my-groups-unassigned',
    name: 'Unassigned in my groups',
    query: () => 'assignee=my-groups-unassigned&state=open',
  },
  {
    id: 'builtin-waiting-on-requester',
    name: 'Waiting on requester',
    query: () => normalizeViewQuery(new URLSearchParams({ status: 'Waiting on requester' })),
  },
  {
    id: 'builtin-resolved-this-week',
    name: 'Resolved this week',
    query: (weekStart) => normalizeViewQuery(new URLSearchParams({ resolvedFrom: weekStart })),
  },
];

/** Parameters of the /Tickets URL that belong to a page, not to a view. */
const PAGE_KEYS = new Set(['cursor', 'limit']);

/**
 * The view part of a /Tickets URL query: without `cursor` and `limit`, keys in alphabetical order
 * (stable, so two queries naming the same filters compare equal), encoded as URLSearchParams does.
 */
export function normalizeViewQuery(params: URLSearchParams): string {
  const entries = [...params.entries()].filter(([key]) => !PAGE_KEYS.has(key));
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = new RegExp(DATE_TIME_PATTERN);

function oneOf(values: readonly string[]): (value: string) => string | null {
  return (value) => (values.includes(value) ? null : `must be one of ${values.join(', ')}`);
}

function text(max: number): (value: string) => string | null {
  return (value) => (value.length >= 1 && value.length <= max ? null : `must be 1 to ${max} characters`);
}

function isDateTime(value: string): boolean {
  if (!DATE_TIME.test(value)) return false;
  const year = new Date(value).getUTCFullYear();
  return !Number.isNaN(year) && year >= 1 && year <= 9999;
}

/**
 * Each filter and sort key of /Tickets and what its value must be (null: valid). A function, so a
 * bundle that only normalizes queries (the client) leaves the checks out.
 */
const viewKeys = (): Record<string, (value: string) => string | null> => ({
  area: text(64),
  status: oneOf(TICKET_STATUSES),
  state: oneOf(TICKET_STATES),
  resolvedFrom: (value) => (isDateTime(value) ? null : 'must be an ISO 8601 date-time with a time zone'),
  assignee: (value) =>
    (ASSIGNEE_KEYWORDS as readonly string[]).includes(value) || UUID.test(value)
      ? null
      : `must be one of ${ASSIGNEE_KEYWORDS.join(', ')} or a user id`,
  requester: (value) => (value === 'me' || UUID.test(value) ? null : 'must be me or a user id'),
  property: text(64),
  priority: oneOf(TICKET_PRIORITIES),
  overdue: oneOf(['true', 'false']),
  sla: oneOf(SLA_FILTERS),
  q: text(200),
  sort: oneOf(TICKET_SORTS),
});

/**
 * Checks a view's query (the /Tickets URL query, with or without `?`; `cursor` and `limit` are
 * dropped): every key a filter or sort of /Tickets, once, with a valid value. Returns the
 * normalized query ({@link normalizeViewQuery}) or the problems, each at `path` (default `/query`)
 * with a message naming the key.
 */
export function checkViewQuery(
  query: string,
  path = '/query',
): { ok: true; query: string } | { ok: false; errors: FieldError[] } {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const keys = viewKeys();
  for (const [key, value] of params) {
    if (PAGE_KEYS.has(key)) continue;
    const check = Object.hasOwn(keys, key) ? keys[key] : undefined;
    if (!check) errors.push({ path, message: `"${key}" is not a filter or sort of the ticket list.` });
    else if (seen.has(key)) errors.push({ path, message: `"${key}" appears more than once.` });
    else {
      const problem = check(value);
      if (problem) errors.push({ path, message: `"${key}" ${problem}.` });
    }
    seen.add(key);
  }
  return errors.length ? { ok: false, errors } : { ok: true, query: normalizeViewQuery(params) };
}

/** Checks a view's name: trimmed, 1 to {@link SAVED_VIEW_NAME_MAX} characters. */
export function checkViewName(
  name: string,
  path = '/name',
): { ok: true; name: string } | { ok: false; errors: FieldError[] } {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, errors: [{ path, message: 'Enter a name.' }] };
  if ([...trimmed].length > SAVED_VIEW_NAME_MAX) {
    return { ok: false, errors: [{ path, message: `Use at most ${SAVED_VIEW_NAME_MAX} characters.` }] };
  }
  return { ok: true, name: trimmed };
}
