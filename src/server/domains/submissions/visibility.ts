/**
 * THE visibility rule of tickets (docs/behaviour.md "Ticket visibility"), used by every list and
 * by-id route — area lists, `/api/tickets`, comments and `/api/changes` — so they can never
 * disagree:
 *
 * - `admin` reads everything;
 * - a requester reads their own tickets;
 * - `forms:<Area>:read` reads every ticket of that area;
 * - anyone reads tickets assigned to them or to one of their role groups.
 *
 * A ticket outside the rule is answered as 404 by the routes, never 403.
 *
 * Also who HANDLES a ticket it admits (docs/behaviour.md "Ticket handlers"): `admin`, or
 * `tickets:work` together with one of the last two branches (the area, the assignment), never
 * `tickets:work` alone — {@link handlesTicket}, and {@link ticketHandling} in SQL.
 */
import { and, eq, inArray, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ADMIN_SCOPE, CHANGES_READ_SCOPE, scopeSet, TICKETS_WORK_SCOPE, hasScope } from '../../../shared/scopes';
import type { TicketRole } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { changes, roleGroups, submissions } from '../../db/schema';
import { bindAsParameter, type Bind } from '../../lib/prepared-by-shape';
import type { AuthUser } from '../role-groups';

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
 * The ids of the role groups `user` belongs to: those the auth hook cached with the user's scopes
 * (domains/role-groups/access.ts, invalidated on every role-group change), else one small query.
 * Lists pass them to {@link ticketVisibility} so the rule holds constants: the planner then
 * estimates each branch from column statistics and, for a user who sees few tickets, combines the
 * branch indexes instead of walking the whole sort index (bench:lists;
 * docs/performance.md).
 */
export async function myGroupIdList(db: Database, user: AuthUser): Promise<string[]> {
  if (!user.roleGroups.length) return [];
  if (user.roleGroupIds) return [...user.roleGroupIds];
  const rows = await db.select({ id: roleGroups.id }).from(roleGroups).where(inArray(roleGroups.name, user.roleGroups));
  return rows.map((row) => row.id);
}

/**
 * `assignee_group_id` is one of `groupIds` (from {@link myGroupIdList}), or of the user's groups by
 * name. `bind` takes each id (lib/prepared-by-shape).
 */
export function assignedToMyGroups(user: AuthUser, groupIds?: readonly string[], bind: Bind = bindAsParameter): SQL {
  if (!groupIds) return inMyGroups(user);
  return groupIds.length ? inArray(submissions.assigneeGroupId, groupIds.map(bind)) : sql`false`;
}

/**
 * The condition on `submissions` rows `user` may read, or undefined for an administrator.
 * With `area`, only that area's rule is built (the per-area lists). `groupIds` (from
 * {@link myGroupIdList}) replaces the by-name subquery with constants. `bind` takes every value
 * (the default binds them as parameters; lists pass placeholders: lib/prepared-by-shape).
 */
export function ticketVisibility(
  user: AuthUser,
  area?: string,
  groupIds?: readonly string[],
  bind: Bind = bindAsParameter,
): SQL | undefined {
  if (scopeSet(user.scope).has(ADMIN_SCOPE)) return undefined;
  const areas = readableAreas(user).filter((key) => area === undefined || key === area);
  if (area !== undefined && areas.length) return undefined;
  const conditions: (SQL | undefined)[] = [
    eq(submissions.requesterId, bind(user.id)),
    eq(submissions.assigneeUserId, bind(user.id)),
    user.roleGroups.length ? assignedToMyGroups(user, groupIds, bind) : undefined,
    areas.length ? inArray(submissions.area, areas.map(bind)) : undefined,
  ];
  return or(...conditions);
}

/** Up to this many role groups (or readable areas), each gets its own branch in {@link ticketVisibilityBranches}. */
export const MAX_BRANCHES_PER_KIND = 4;

/**
 * {@link ticketVisibility} as separate conditions whose union is the rule, each one answered by an
 * index in sort order (`(requester_id | assignee_user_id | assignee_group_id | area, updated_at, id)`):
 * the requester, the assignee user, one per role group id and one per readable area (a list longer
 * than {@link MAX_BRANCHES_PER_KIND} stays one `in (…)` branch). Undefined for an administrator
 * (no rule). For a user who reads no whole area, the ticket list takes the first page of each
 * branch and merges them (domains/tickets/list.ts `visibleAmong`), so a requester's page no
 * longer makes PostgreSQL sort every visible ticket, nor walk the `updated_at` index until a page
 * is full (first page at 1M tickets: 0.26 ms instead of 10–21 ms execution, bench:lists).
 * `groupIds` from {@link myGroupIdList}; `bind` takes every value (lib/prepared-by-shape).
 */
export function ticketVisibilityBranches(
  user: AuthUser,
  groupIds: readonly string[],
  bind: Bind = bindAsParameter,
): SQL[] | undefined {
  if (scopeSet(user.scope).has(ADMIN_SCOPE)) return undefined;
  const areas = readableAreas(user);
  const groups = user.roleGroups.length ? groupIds : [];
  return [
    eq(submissions.requesterId, bind(user.id)),
    eq(submissions.assigneeUserId, bind(user.id)),
    ...perValueBranches(groups, submissions.assigneeGroupId, bind),
    ...perValueBranches(areas, submissions.area, bind),
  ];
}

/**
 * SQL: `column in ((first page of branch 1) union all (first page of branch 2) …)`, the page
 * condition of a user whose visibility is read as branches (ticket list and history). Each
 * `firstPages` select is one branch's first `limit` ids in the page's order, planned on its own;
 * the page's rows are among them, and a row in two branches counts once under `in`.
 */
export function inAnyFirstPage(column: AnyColumn, firstPages: SQLWrapper[]): SQL {
  return sql`${column} in (${sql.join(
    firstPages.map((page) => sql`(${page})`),
    sql` union all `,
  )})`;
}

/** One `column = value` branch per value, or one `column in (…)` past {@link MAX_BRANCHES_PER_KIND} values. */
function perValueBranches(
  values: readonly string[],
  column: typeof submissions.area | typeof submissions.assigneeGroupId,
  bind: Bind,
): SQL[] {
  return values.length > MAX_BRANCHES_PER_KIND
    ? [inArray(column, values.map(bind))]
    : values.map((value) => eq(column, bind(value)));
}

/** One branch of {@link historyVisibilityBranches}: its condition, and whether it reads the entry's ticket. */
export type HistoryBranch = { condition: SQL; readsTicket: boolean };

/**
 * The same rule for history entries of tickets (`changes`, joined to their `submissions` row where
 * a branch reads it), as branches for a user who reads no whole area: entries of their own tickets
 * by `changes.ticket_requester_id` alone (kept by the database, db/tables/changes.ts; its own index,
 * newest first), then of tickets assigned to them and to each of their role groups; internal
 * comments are left out by the caller. Undefined (the caller keeps the single `or` of
 * {@link ticketVisibility}) for an administrator, a reader of whole areas, a holder of
 * `tickets:work` (reads the internal comments of the tickets they handle) and a reader of every
 * entity's history (`changes:read`).
 */
export function historyVisibilityBranches(
  user: AuthUser,
  groupIds: readonly string[],
  bind: Bind = bindAsParameter,
): HistoryBranch[] | undefined {
  // hasScope is also true for an administrator
  if (hasScope(user, TICKETS_WORK_SCOPE) || hasScope(user, CHANGES_READ_SCOPE) || readableAreas(user).length) {
    return undefined;
  }
  const groups = user.roleGroups.length ? groupIds : [];
  return [
    { condition: eq(changes.ticketRequesterId, bind(user.id)), readsTicket: false },
    ...[
      eq(submissions.assigneeUserId, bind(user.id)),
      ...perValueBranches(groups, submissions.assigneeGroupId, bind),
    ].map((condition) => ({ condition, readsTicket: true })),
  ];
}

/** Ticket fields the role check needs. */
export type TicketAccessRow = {
  area: string;
  requesterId: string;
  assigneeUserId: string | null;
  assigneeGroupId: string | null;
};

/**
 * True when `user` handles `ticket` (docs/behaviour.md "Ticket handlers"): an administrator, or a
 * holder of `tickets:work` who also reads the ticket's whole area (`forms:<Area>:read`), is its
 * assignee, or belongs to its assignee group. `tickets:work` alone makes a handler of nothing: an
 * IT handler who files an Accounting form is only its requester. `groupIds` from
 * {@link myGroupIdList}. {@link ticketHandling} is the same rule in SQL.
 */
function handlesTicket(user: AuthUser, ticket: TicketAccessRow, groupIds: readonly string[]): boolean {
  if (scopeSet(user.scope).has(ADMIN_SCOPE)) return true;
  if (!hasScope(user, TICKETS_WORK_SCOPE)) return false;
  return (
    readableAreas(user).includes(ticket.area) ||
    ticket.assigneeUserId === user.id ||
    (ticket.assigneeGroupId !== null && groupIds.includes(ticket.assigneeGroupId))
  );
}

/**
 * {@link handlesTicket} as a condition on `submissions` rows: undefined for an administrator (every
 * ticket), `false` without `tickets:work`, else the visibility rule without its requester branch.
 * Constants only (`groupIds` from {@link myGroupIdList}; `bind` takes every value), so it is a
 * filter on the row, never a subquery per row.
 */
export function ticketHandling(
  user: AuthUser,
  groupIds: readonly string[],
  bind: Bind = bindAsParameter,
): SQL | undefined {
  if (scopeSet(user.scope).has(ADMIN_SCOPE)) return undefined;
  if (!hasScope(user, TICKETS_WORK_SCOPE)) return sql`false`;
  const areas = readableAreas(user);
  const conditions: (SQL | undefined)[] = [
    eq(submissions.assigneeUserId, bind(user.id)),
    groupIds.length ? inArray(submissions.assigneeGroupId, groupIds.map(bind)) : undefined,
    areas.length ? inArray(submissions.area, areas.map(bind)) : undefined,
  ];
  return or(...conditions);
}

/**
 * The roles `user` holds on a ticket they can read: `handler` when they handle it
 * ({@link handlesTicket}), `requester` when they submitted it. Call only for a ticket that passed
 * {@link ticketVisibility}; `groupIds` from {@link myGroupIdList}.
 */
export function ticketRoles(user: AuthUser, ticket: TicketAccessRow, groupIds: readonly string[]): TicketRole[] {
  const roles: TicketRole[] = [];
  if (handlesTicket(user, ticket, groupIds)) roles.push('handler');
  if (ticket.requesterId === user.id) roles.push('requester');
  return roles;
}

/** `and` of the visibility rule with more conditions (undefined parts are dropped). */
export function visibleAnd(user: AuthUser, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(ticketVisibility(user), ...conditions);
}
