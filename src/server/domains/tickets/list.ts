/**
 * `GET /api/tickets` and friends: every ticket the user may read across all areas, filtered,
 * searched and keyset-paged in the database (docs/behaviour.md "List paging": keyset
 * `WHERE (key, id) < (…)` stays fast at a million rows; OFFSET does not). The same filters drive
 * the CSV export and the per-status counts.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  notInArray,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { SLA_BREACHING_WINDOW_MS, type SlaFilter } from '../../../shared/sla';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/submission';
import {
  COUNT_CAP,
  DATE_TIME_PATTERN,
  DONE_STATUSES,
  type TicketCounts,
  type TicketFilters,
  type TicketPage,
  type TicketSort,
  type TicketState,
} from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import { decodeCursor, encodeCursor, type Cursor } from '../../lib/cursor';
import { badRequest } from '../../lib/errors';
import { buildPrefixTsQuery, escapeLike, ticketNumberPrefix } from '../../lib/search-query';
import { bindAsParameter, PlaceholderBindings, PreparedByShape, type Bind } from '../../lib/prepared-by-shape';
import {
  assignedToMyGroups,
  inAnyFirstPage,
  myGroupIdList,
  readableAreas,
  ticketVisibility,
  ticketVisibilityBranches,
} from '../submissions';
import type { AuthUser } from '../role-groups';
import { storableDate } from '../../lib/storable-input';
import { UUID_PATTERN } from '../../lib/uuid';
import { selectTicketList, toTicketListItem, type TicketListRow } from './repository';

type SortSpec = {
  column: typeof submissions.updatedAt | typeof submissions.createdAt | typeof submissions.slaNextDueAt;
  descending: boolean;
  key: (row: TicketListRow) => Date;
};

// slaDue: `sla_next_due_at` is never null (9999-12-31 without a running target), so the keyset
// comparison needs no NULL branch and walks `submissions_sla_next_due_idx`.
const SORTS: Record<TicketSort, SortSpec> = {
  '-updatedAt': { column: submissions.updatedAt, descending: true, key: (row) => row.updatedAt },
  updatedAt: { column: submissions.updatedAt, descending: false, key: (row) => row.updatedAt },
  '-createdAt': { column: submissions.createdAt, descending: true, key: (row) => row.createdAt },
  createdAt: { column: submissions.createdAt, descending: false, key: (row) => row.createdAt },
  slaDue: { column: submissions.slaNextDueAt, descending: false, key: (row) => row.slaNextDueAt },
  '-slaDue': { column: submissions.slaNextDueAt, descending: true, key: (row) => row.slaNextDueAt },
};

function keyOf(row: TicketListRow, sort: TicketSort): string {
  return SORTS[sort].key(row).toISOString();
}

/**
 * The `sla` filter as of `now` (epoch ms), on `sla_next_due_at` (the soonest running target's due
 * time; a later running target is never due sooner): `breached` — past due; `breaching` — due
 * within the hour, not yet past (docs/behaviour.md "Service levels").
 */
function slaCondition(filter: SlaFilter, now: number, bind: Bind): SQL {
  const at = sql`${bind(new Date(now).toISOString())}::timestamptz`;
  if (filter === 'breached') return sql`${submissions.slaNextDueAt} <= ${at}`;
  const until = sql`${bind(new Date(now + SLA_BREACHING_WINDOW_MS).toISOString())}::timestamptz`;
  return sql`${submissions.slaNextDueAt} > ${at} and ${submissions.slaNextDueAt} <= ${until}`;
}

function parseCursor(text: string, sort: TicketSort): Cursor {
  const cursor = decodeCursor(text);
  if (
    !cursor ||
    cursor.sort !== `tickets${sort}` ||
    typeof cursor.key !== 'string' ||
    !storableDate(cursor.key) ||
    !UUID_PATTERN.test(cursor.id)
  ) {
    throw badRequest('The cursor is not valid for this list and sort order; start again from the first page.');
  }
  return cursor;
}

function personCondition(
  column: typeof submissions.requesterId | typeof submissions.assigneeUserId,
  value: string,
  user: AuthUser,
  bind: Bind,
): SQL {
  if (value === 'me') return eq(column, bind(user.id));
  if (!UUID_PATTERN.test(value)) throw badRequest(`"${value}" is not "me" or a user id.`);
  return eq(column, bind(value));
}

function assigneeCondition(value: string, user: AuthUser, bind: Bind, groupIds?: readonly string[]): SQL {
  if (value === 'my-groups') return assignedToMyGroups(user, groupIds, bind);
  if (value === 'my-groups-unassigned') {
    return and(assignedToMyGroups(user, groupIds, bind), isNull(submissions.assigneeUserId)) as SQL;
  }
  if (value === 'none') return and(isNull(submissions.assigneeUserId), isNull(submissions.assigneeGroupId)) as SQL;
  return personCondition(submissions.assigneeUserId, value, user, bind);
}

/** `state`: open — not in a done status; done — in one (docs/behaviour.md "Ticket list filters"). */
function stateCondition(state: TicketState): SQL {
  return state === 'done'
    ? inArray(submissions.status, [...DONE_STATUSES])
    : notInArray(submissions.status, [...DONE_STATUSES]);
}

const dateTimePattern = new RegExp(DATE_TIME_PATTERN);

/**
 * `resolvedFrom`: resolved at or after the instant (`resolved_at`, kept by the database; the
 * partial index `submissions_resolved_idx`). 400 for a value that is not an ISO 8601 date-time
 * with a zone in the years 1–9999.
 */
function resolvedFromCondition(value: string, bind: Bind): SQL {
  const date = dateTimePattern.test(value) ? storableDate(value) : null;
  if (!date) throw badRequest(`resolvedFrom "${value}" is not an ISO 8601 date-time with a time zone.`);
  return sql`${submissions.resolvedAt} >= ${bind(date.toISOString())}::timestamptz`;
}

/**
 * Search: every word as a prefix of a word in the data (GIN `search` index), or a ticket number
 * prefix as spelt (the routes rewrite a number typed in another case first: {@link withStoredNumberCase}).
 */
function searchCondition(q: string, bind: Bind): SQL {
  const tsQuery = buildPrefixTsQuery(q);
  const numberPrefix = ticketNumberPrefix(q, []);
  const conditions: SQL[] = [];
  if (tsQuery) conditions.push(sql`${submissions.search} @@ to_tsquery('simple', ${bind(tsQuery)})`);
  if (numberPrefix) conditions.push(sql`${submissions.number} like ${bind(`${escapeLike(numberPrefix)}%`)}`);
  return conditions.length ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`;
}

/**
 * The visibility rule and every filter, as one list of conditions (status optional for counts);
 * `groupIds` from {@link myGroupIdList} puts the user's group ids in as constants; `bind` takes
 * every value that comes from the request or the user (placeholders for {@link listTickets}).
 */
export function filterConditions(
  user: AuthUser,
  filters: TicketFilters,
  withStatus = true,
  groupIds?: readonly string[],
  bind: Bind = bindAsParameter,
  now = Date.now(),
): (SQL | undefined)[] {
  return [
    ticketVisibility(user, undefined, groupIds, bind),
    ...filterOnlyConditions(user, filters, withStatus, groupIds, bind, now),
  ];
}

/** {@link filterConditions} without the visibility rule. */
function filterOnlyConditions(
  user: AuthUser,
  filters: TicketFilters,
  withStatus: boolean,
  groupIds: readonly string[] | undefined,
  bind: Bind,
  now: number,
): (SQL | undefined)[] {
  return [
    filters.area ? eq(submissions.area, bind(filters.area)) : undefined,
    withStatus && filters.status ? eq(submissions.status, bind(filters.status)) : undefined,
    filters.state ? stateCondition(filters.state) : undefined,
    filters.resolvedFrom !== undefined ? resolvedFromCondition(filters.resolvedFrom, bind) : undefined,
    filters.priority ? eq(submissions.priority, bind(filters.priority)) : undefined,
    filters.property ? eq(submissions.propertyCode, bind(filters.property)) : undefined,
    filters.assignee ? assigneeCondition(filters.assignee, user, bind, groupIds) : undefined,
    filters.requester ? personCondition(submissions.requesterId, filters.requester, user, bind) : undefined,
    filters.overdue
      ? and(lt(submissions.dueAt, sql`now()`), notInArray(submissions.status, [...DONE_STATUSES]))
      : undefined,
    filters.sla ? slaCondition(filters.sla, now, bind) : undefined,
    filters.q?.trim() ? searchCondition(filters.q, bind) : undefined,
  ];
}

/**
 * `filters` with a ticket number in `q` rewritten to the stored spelling of its area key
 * (`residentservice-000318` → `ResidentService-000318`; lib/search-query ticketNumberPrefix).
 */
export function withStoredNumberCase<F extends TicketFilters>(filters: F, areaKeys: readonly string[]): F {
  const numberPrefix = filters.q === undefined ? null : ticketNumberPrefix(filters.q, areaKeys);
  return numberPrefix ? { ...filters, q: numberPrefix } : filters;
}

/**
 * One page request of the ticket list: filters, sort, page size, the cursor (absent: first page)
 * and the time the `sla` filter and the items' service levels are judged at (epoch ms, default now).
 */
export type ListTicketsInput = {
  filters: TicketFilters;
  sort: TicketSort;
  limit: number;
  cursor: string | undefined;
  now?: number;
};

/**
 * Whether `user`'s page is built from one first page per visibility branch ({@link visibleAmong})
 * rather than one `or` of the branches. Branches pay off when each is a short index range: a user
 * who reads no whole area (a requester, a handler of assigned tickets) and no full-text search. A
 * reader of whole areas sees a large share of all tickets, which one walk down the sort index
 * finds at once, and a search is answered best by one pass over the GIN index for all branches;
 * with branches they took 1.08 vs 0.48 ms (first page) and 64.7 vs 11.1 ms (two search words) at 1M
 * tickets (EXPLAIN execution time, back-to-back bench:lists runs, PostgreSQL 15).
 */
function mergesBranches(user: AuthUser, filters: TicketFilters): boolean {
  return readableAreas(user).length === 0 && !filters.q?.trim();
}

/**
 * The page's condition: `conditions` for an administrator (no visibility rule); otherwise
 * `id in (…)` the union of, per visibility branch (domains/submissions/visibility.ts
 * {@link ticketVisibilityBranches}), the first `limit` ids of that branch under `conditions` in the
 * page's order. The page's first `limit` rows are among them (each is within the first `limit` of
 * a branch it belongs to), and each branch is a plain `and` that PostgreSQL plans on its own, most
 * often as one index range in sort order: a requester's first page reads ~25 rows instead of
 * sorting all their tickets (bench:lists). A ticket in two branches is counted once by `in`.
 */
function visibleAmong(
  db: Database,
  branches: SQL[] | undefined,
  conditions: (SQL | undefined)[],
  order: SQL[],
  limit: number | Placeholder<string, number>,
): SQL | undefined {
  if (branches === undefined) return and(...conditions);
  return inAnyFirstPage(
    submissions.id,
    branches.map((branch) =>
      db
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(branch, ...conditions))
        .orderBy(...order)
        .limit(limit),
    ),
  );
}

/** The ticket list's statements, one per shape (lib/prepared-by-shape). */
const ticketListShapes = new PreparedByShape<TicketListRow>();

/**
 * One page of tickets `user` may read. Errors: 400 for a bad cursor, assignee or requester.
 * The statement is built once per shape of filters and visibility (lib/prepared-by-shape).
 */
export async function listTickets(db: Database, user: AuthUser, input: ListTicketsInput): Promise<TicketPage> {
  const spec = SORTS[input.sort];
  const bindings = new PlaceholderBindings();
  const { bind } = bindings;
  const groupIds = await myGroupIdList(db, user);
  const now = input.now ?? Date.now();
  const conditions = filterOnlyConditions(user, input.filters, true, groupIds, bind, now);
  if (input.cursor !== undefined) {
    const cursor = parseCursor(input.cursor, input.sort);
    const row = sql`(${spec.column}, ${submissions.id})`;
    const bound = sql`(${bind(cursor.key)}::timestamptz, ${bind(cursor.id)}::uuid)`;
    conditions.push(spec.descending ? sql`${row} < ${bound}` : sql`${row} > ${bound}`);
  }
  const order = spec.descending ? [desc(spec.column), desc(submissions.id)] : [asc(spec.column), asc(submissions.id)];
  const limit = bind(input.limit + 1);
  let where: SQL | undefined;
  if (input.filters.assignee === 'my-groups-unassigned' && groupIds.length) {
    // One first page per group off submissions_group_unassigned_updated_idx: as one `in (…)` the
    // planner walked submissions_updated_idx past every row when the groups had no such ticket
    // (4.3 s at 1M in bench:lists).
    const perGroup = groupIds.map((id) => eq(submissions.assigneeGroupId, bind(id)));
    const visibility = ticketVisibility(user, undefined, groupIds, bind);
    where = visibleAmong(db, perGroup, [visibility, ...conditions], order, limit);
  } else {
    where = mergesBranches(user, input.filters)
      ? visibleAmong(db, ticketVisibilityBranches(user, groupIds, bind), conditions, order, limit)
      : and(ticketVisibility(user, undefined, groupIds, bind), ...conditions);
  }
  const rows = await ticketListShapes.run(db, input.sort, where, bindings, () =>
    selectTicketList(db)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > input.limit && last
      ? encodeCursor({ sort: `tickets${input.sort}`, key: keyOf(last, input.sort), id: last.id })
      : null;
  return { items: page.map((row) => toTicketListItem(row, now)), nextCursor };
}

/** The exact count's statements, one per shape (lib/prepared-by-shape). */
const exactCountShapes = new PreparedByShape<{ status: string; n: number }>();

/** Visible sets up to this size are counted exactly in one grouped pass (see {@link countTickets}). */
export const EXACT_COUNT_LIMIT = 5000;

/**
 * Tickets per status under the filters (the status filter itself is ignored: the chart shows all).
 * A set of at most {@link EXACT_COUNT_LIMIT} tickets (a requester's, a narrow filter) is counted
 * exactly in one grouped pass over a `limit`ed subquery. A larger set is counted per status up to
 * {@link COUNT_CAP} + 1, in one statement of `limit`ed subqueries, so the cost is bounded instead of
 * a scan of every visible ticket (~1 s for 350,000 at 1M, bench:lists); statuses past the cap are
 * listed in `capped`.
 * The exact count's statement is built once per shape (lib/prepared-by-shape).
 */
export async function countTickets(db: Database, user: AuthUser, filters: TicketFilters): Promise<TicketCounts> {
  const groupIds = await myGroupIdList(db, user);
  const counts = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
  const bindings = new PlaceholderBindings();
  const visibleWhere = and(...filterConditions(user, filters, false, groupIds, bindings.bind));
  const exact = await exactCountShapes.run(db, '', visibleWhere, bindings, () => {
    const visible = db
      .select({ status: submissions.status })
      .from(submissions)
      .where(visibleWhere)
      .limit(EXACT_COUNT_LIMIT + 1)
      .as('visible');
    return db.select({ status: visible.status, n: count() }).from(visible).groupBy(visible.status);
  });
  if (exact.reduce((sum, row) => sum + row.n, 0) <= EXACT_COUNT_LIMIT) {
    for (const row of exact) if (row.status in counts) counts[row.status as TicketStatus] = row.n;
    return { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0), capped: [] };
  }
  const conditions = filterConditions(user, filters, false, groupIds);
  const where = and(...conditions, sql`${submissions.status} = s.status`);
  const statuses = sql.join(
    TICKET_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }` of plain objects.
  type Row = { status: TicketStatus; n: number };
  const result: unknown = await db.execute<Row>(
    sql`select s.status, (select count(*)::int from (select 1 from ${submissions} where ${where} limit ${COUNT_CAP + 1}) as capped) as n
        from unnest(array[${statuses}]::text[]) as s(status)`,
  );
  const capped: TicketStatus[] = [];
  for (const row of (result as { rows: Row[] }).rows) {
    counts[row.status] = Math.min(row.n, COUNT_CAP);
    if (row.n > COUNT_CAP) capped.push(row.status);
  }
  return { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0), capped };
}
