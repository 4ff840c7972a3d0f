/**
 * `GET /api/changes` (docs/behaviour.md "History"): the append-only history the user may read,
 * newest first, keyset-paged on the entry id. Ticket entries follow the one ticket visibility rule
 * (domains/submissions/visibility.ts); internal-comment entries only for the ticket's handlers
 * (`ticketHandling`: `tickets:work` alone is not enough); entries of other
 * entities (role groups, rules…) need `changes:read`. Each entry carries what its sentence needs
 * (./history-details.ts): the titles of the form fields it changes and the text of the comment it
 * records. There is no route that edits or deletes history.
 */
import { and, desc, eq, gte, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { CHANGES_READ_SCOPE, hasScope } from '../../../shared/scopes';
import type { ChangeEntry, ChangePage } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { changes, submissions, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { badRequest } from '../../lib/errors';
import { PlaceholderBindings, PreparedByShape, type Bind } from '../../lib/prepared-by-shape';
import {
  type HistoryBranch,
  historyVisibilityBranches,
  inAnyFirstPage,
  myGroupIdList,
  ticketHandling,
  ticketVisibility,
} from '../submissions';
import type { AuthUser } from '../role-groups';
import { storableDate } from '../../lib/storable-input';
import { UUID_PATTERN } from '../../lib/uuid';
import type { AreaRegistry } from '../areas';
import { historyDetails } from './history-details';

/** The history list's filters (docs/behaviour.md "History"); every one is optional. */
export type ChangeFilters = {
  area?: string;
  /** Ticket id (uuid) or number (`AP-000123`). */
  ticket?: string;
  /** `me` or a user id. */
  user?: string;
  /** ISO 8601; inclusive lower bound. */
  from?: string;
  /** ISO 8601; exclusive upper bound. */
  to?: string;
};

const CURSOR_SORT = 'changes';

function dateOf(text: string, name: string): Date {
  const date = storableDate(text);
  if (!date) throw badRequest(`"${name}" must be an ISO 8601 date or date-time in the years 1 to 9999.`);
  return date;
}

/**
 * The filters' conditions, and whether any of them reads the entry's ticket (`submissions`: an
 * area or a ticket number; a ticket id is the entry's own `entity_id`).
 */
function filterConditions(
  user: AuthUser,
  filters: ChangeFilters,
  bind: Bind,
): { conditions: (SQL | undefined)[]; readsTicket: boolean } {
  const conditions: (SQL | undefined)[] = [];
  let readsTicket = false;
  if (filters.area) {
    conditions.push(eq(submissions.area, bind(filters.area)));
    readsTicket = true;
  }
  if (filters.ticket) {
    if (UUID_PATTERN.test(filters.ticket)) {
      conditions.push(and(eq(changes.entity, 'submission'), eq(changes.entityId, bind(filters.ticket.toLowerCase()))));
    } else {
      conditions.push(eq(submissions.number, bind(filters.ticket.trim().toUpperCase())));
      readsTicket = true;
    }
  }
  if (filters.user) {
    if (filters.user !== 'me' && !UUID_PATTERN.test(filters.user))
      throw badRequest('"user" must be "me" or a user id.');
    conditions.push(eq(changes.actorId, bind(filters.user === 'me' ? user.id : filters.user)));
  }
  // bound as ISO 8601 text: a placeholder's value skips drizzle's Date mapping
  if (filters.from)
    conditions.push(gte(changes.at, sql`${bind(dateOf(filters.from, 'from').toISOString())}::timestamptz`));
  if (filters.to) conditions.push(lt(changes.at, sql`${bind(dateOf(filters.to, 'to').toISOString())}::timestamptz`));
  return { conditions, readsTicket };
}

/**
 * The entry's ticket, for a join from `changes` to `submissions`. CASE keeps the uuid cast away
 * from other entities' ids (PostgreSQL evaluates CASE lazily).
 */
const TICKET_OF_ENTRY = sql`${submissions.id} = (case when ${changes.entity} = 'submission' then ${changes.entityId}::uuid end)`;

/** Leaves out internal comments (for a user who handles no ticket). */
const NOT_INTERNAL_COMMENT = sql`${changes.action} <> 'commented_internal'`;

/**
 * The entries of tickets `user` may read; internal-comment entries only of the tickets they handle
 * (docs/behaviour.md "Ticket handlers"): a filter on the joined ticket row with constants
 * (`groupIds`), no subquery per entry.
 */
function visibilityOf(user: AuthUser, groupIds: readonly string[], bind: Bind): SQL | undefined {
  const handling = ticketHandling(user, groupIds, bind);
  const tickets = and(
    sql`${submissions.id} is not null`,
    ticketVisibility(user, undefined, undefined, bind),
    handling === undefined ? undefined : or(NOT_INTERNAL_COMMENT, handling),
  );
  return hasScope(user, CHANGES_READ_SCOPE) ? or(tickets, sql`${changes.entity} <> 'submission'`) : tickets;
}

/** The history list's statements, one per shape (lib/prepared-by-shape). */
const changeListShapes = new PreparedByShape<ChangeRow>();

function selectChanges(db: Database) {
  return db
    .select({
      id: changes.id,
      entity: changes.entity,
      entityId: changes.entityId,
      action: changes.action,
      at: changes.at,
      diff: changes.diff,
      actorId: users.id,
      actorName: users.name,
      actorIssuer: users.issuer,
      actorSubject: users.subject,
      ticketNumber: submissions.number,
      ticketArea: submissions.area,
      ticketSchemaVersion: submissions.schemaVersion,
    })
    .from(changes)
    .leftJoin(submissions, TICKET_OF_ENTRY)
    .leftJoin(users, eq(users.id, changes.actorId));
}

type ChangeRow = Awaited<ReturnType<ReturnType<typeof selectChanges>['execute']>>[number];

/**
 * A requester's page (no `tickets:work`, no `changes:read`, no whole area;
 * domains/submissions/visibility.ts {@link historyVisibilityBranches}): `id in (…)` the union of
 * each branch's first `limit` entry ids under `conditions`, newest first. Their own tickets'
 * entries come off `changes_ticket_requester_idx` in order, without the ticket unless a filter
 * reads it (`area`, a ticket number): with the join PostgreSQL expected few entries to match and
 * read all 4,000 of a requester's entries for one page (36 ms at 1M tickets, bench:lists). The
 * other branches join the ticket by its id both ways (uuid and text) so PostgreSQL can go from
 * ticket to entries (`changes_entity_idx`). Internal comments are left out.
 */
function visibleAmong(
  db: Database,
  branches: HistoryBranch[],
  conditions: (SQL | undefined)[],
  filtersReadTicket: boolean,
  limit: number | Placeholder<string, number>,
): SQL {
  return inAnyFirstPage(
    changes.id,
    branches.map(({ condition, readsTicket }) => {
      const entries = db.select({ id: changes.id }).from(changes);
      const where = and(condition, NOT_INTERNAL_COMMENT, ...conditions);
      // both ways (uuid and text), so PostgreSQL can also go from a ticket to its entries
      const select =
        readsTicket || filtersReadTicket
          ? entries
              .innerJoin(
                submissions,
                and(
                  eq(changes.entity, 'submission'),
                  TICKET_OF_ENTRY,
                  sql`${changes.entityId} = ${submissions.id}::text`,
                ),
              )
              .where(where)
          : entries.where(where);
      return select.orderBy(desc(changes.id)).limit(limit);
    }),
  );
}

/**
 * One page of history entries, newest first, each with its field titles (from the schema version
 * of its submission, read from `areas`) and comment text. Errors: 400 for a bad cursor, user or
 * date. The statement is built once per shape of filters and visibility (lib/prepared-by-shape).
 */
export async function listChanges(
  db: Database,
  areas: AreaRegistry,
  user: AuthUser,
  filters: ChangeFilters,
  limit: number,
  cursorText: string | undefined,
): Promise<ChangePage> {
  const bindings = new PlaceholderBindings();
  const { bind } = bindings;
  const groupIds = await myGroupIdList(db, user);
  const branches = historyVisibilityBranches(user, groupIds, bind);
  const { conditions, readsTicket: filtersReadTicket } = filterConditions(user, filters, bind);
  if (cursorText !== undefined) {
    const cursor = decodeCursor(cursorText);
    if (!cursor || cursor.sort !== CURSOR_SORT || typeof cursor.key !== 'number') {
      throw badRequest('The cursor is not valid for this list; start again from the first page.');
    }
    conditions.push(lt(changes.id, bind(cursor.key)));
  }
  const bound = bind(limit + 1);
  const where = branches
    ? visibleAmong(db, branches, conditions, filtersReadTicket, bound)
    : and(visibilityOf(user, groupIds, bind), ...conditions);
  const rows = await changeListShapes.run(db, '', where, bindings, () =>
    selectChanges(db).where(where).orderBy(desc(changes.id)).limit(bound),
  );
  const page = rows.slice(0, limit);
  const details = await historyDetails(
    db,
    areas,
    page.map((row) => ({
      action: row.action,
      entityId: row.entityId,
      diff: row.diff,
      ticket:
        row.ticketArea !== null && row.ticketSchemaVersion !== null
          ? { area: row.ticketArea, schemaVersion: row.ticketSchemaVersion }
          : null,
    })),
  );
  const items: ChangeEntry[] = page.map((row, index) => ({
    id: row.id,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    at: row.at.toISOString(),
    actor:
      row.actorId && row.actorName !== null && row.actorIssuer !== null && row.actorSubject !== null
        ? { id: row.actorId, name: row.actorName, issuer: row.actorIssuer, subject: row.actorSubject }
        : null,
    ticket:
      row.ticketNumber !== null && row.ticketArea !== null ? { number: row.ticketNumber, area: row.ticketArea } : null,
    diff: row.diff,
    fieldTitles: details[index]?.fieldTitles ?? {},
    comment: details[index]?.comment ?? null,
  }));
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ sort: CURSOR_SORT, key: last.id, id: '-' }) : null;
  return { items, nextCursor };
}

/**
 * Who last moved ticket `ticketId` to Resolved, from its history (the newest entry whose status
 * change ends in Resolved), or null when nobody did (or the portal did it itself).
 */
export async function lastResolverId(db: Database, ticketId: string): Promise<string | null> {
  const [row] = await db
    .select({ actorId: changes.actorId })
    .from(changes)
    .where(
      and(
        eq(changes.entity, 'submission'),
        eq(changes.entityId, ticketId),
        sql`${changes.diff} -> 'status' ->> 'to' = 'Resolved'`,
      ),
    )
    .orderBy(desc(changes.id))
    .limit(1);
  return row?.actorId ?? null;
}
