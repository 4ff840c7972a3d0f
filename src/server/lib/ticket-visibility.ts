/**
 * THE visibility rule of tickets (issue 5 "Data rules"), used by every list and by-id route —
 * area lists, `/api/tickets`, comments and `/api/changes` — so they can never disagree:
 *
 * - `admin` reads everything;
 * - a requester reads their own tickets;
 * - `forms:<Area>:read` reads every ticket of that area;
 * - anyone reads tickets assigned to them or to one of their role groups.
 *
 * A ticket outside the rule is answered as 404 by the routes, never 403.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_SCOPE, scopeSet, TICKETS_WORK_SCOPE, hasScope } from '../../shared/scopes';
import type { TicketRole } from '../../shared/tickets';
import { roleGroups, submissions } from '../db/schema';
import type { AuthUser } from '../plugins/auth';

const AREA_READ_SCOPE = /^forms:([^:]+):read$/;

/** The areas whose every ticket `user` may read through `forms:<Area>:read`. */
export function readableAreas(user: AuthUser): string[] {
  return [...scopeSet(user.scope)].flatMap((scope) => AREA_READ_SCOPE.exec(scope)?.[1] ?? []);
}

/**
 * SQL: `assignee_group_id` is one of the role groups `user` belongs to (by name, as the profile
 * carries them). Written `= any(array(select …))`, not `in (select …)`: the array is computed once
 * (an InitPlan) and the comparison is an index condition, so the planner can combine it with the
 * other branches of the visibility rule in a BitmapOr instead of a semi-join over every ticket.
 */
export function inMyGroups(user: AuthUser): SQL {
  if (!user.roleGroups.length) return sql`false`;
  return sql`${submissions.assigneeGroupId} = any(array(select ${roleGroups.id} from ${roleGroups} where ${inArray(roleGroups.name, user.roleGroups)}))`;
}

/**
 * The condition on `submissions` rows `user` may read, or undefined for an administrator.
 * With `area`, only that area's rule is built (the per-area lists).
 */
export function ticketVisibility(user: AuthUser, area?: string): SQL | undefined {
  if (scopeSet(user.scope).has(ADMIN_SCOPE)) return undefined;
  const areas = readableAreas(user).filter((key) => area === undefined || key === area);
  if (area !== undefined && areas.length) return undefined;
  const conditions: (SQL | undefined)[] = [
    eq(submissions.requesterId, user.id),
    eq(submissions.assigneeUserId, user.id),
    user.roleGroups.length ? inMyGroups(user) : undefined,
    areas.length ? inArray(submissions.area, areas) : undefined,
  ];
  return or(...conditions);
}

/** Ticket fields the role check needs. */
export type TicketAccessRow = { area: string; requesterId: string };

/**
 * The roles `user` holds on a ticket they can read: `handler` with `tickets:work` (or admin),
 * `requester` when they submitted it. Call only for a ticket that passed {@link ticketVisibility}.
 */
export function ticketRoles(user: AuthUser, ticket: TicketAccessRow): TicketRole[] {
  const roles: TicketRole[] = [];
  if (hasScope(user, TICKETS_WORK_SCOPE)) roles.push('handler');
  if (ticket.requesterId === user.id) roles.push('requester');
  return roles;
}

/** `and` of the visibility rule with more conditions (undefined parts are dropped). */
export function visibleAnd(user: AuthUser, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(ticketVisibility(user), ...conditions);
}
