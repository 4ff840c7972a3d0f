/** Reading tickets: one select (ticket + requester + assignee user + assignee group + rating) and the API shape. */
import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ticketSla } from '../../../shared/sla';
import type { TicketPriority, TicketStatus } from '../../../shared/submission';
import { isOverdue, type Ticket, type TicketListItem } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { roleGroups, submissions, ticketFeedback, users } from '../../db/schema';
import { submissionColumns, ticketVisibility } from '../submissions';
import type { AuthUser, GroupReference } from '../role-groups';
import { UUID_PATTERN } from '../../lib/uuid';

const assignee = alias(users, 'assignee');

/** `columns` without `data`. */
function withoutData<T extends { data: unknown }>(columns: T): Omit<T, 'data'> {
  return Object.fromEntries(Object.entries(columns).filter(([key]) => key !== 'data')) as Omit<T, 'data'>;
}

/** Columns of a ticket list row: everything but the submission's `data` (lists do not show it). */
export const ticketListColumns = {
  ...withoutData(submissionColumns),
  dueAt: submissions.dueAt,
  assigneeUserId: assignee.id,
  assigneeUserName: assignee.name,
  assigneeUserEmail: assignee.email,
  assigneeGroupId: roleGroups.id,
  assigneeGroupName: roleGroups.name,
  rating: ticketFeedback.rating,
  slaFirstResponseDueAt: submissions.slaFirstResponseDueAt,
  slaResolutionDueAt: submissions.slaResolutionDueAt,
  slaFirstRespondedAt: submissions.slaFirstRespondedAt,
  slaResolvedAt: submissions.slaResolvedAt,
  slaPausedSince: submissions.slaPausedSince,
  slaNextDueAt: submissions.slaNextDueAt,
};

/** Columns of a ticket row. */
export const ticketColumns = { ...ticketListColumns, data: submissions.data };

/** A select of tickets with their requester, assignee user, assignee group and feedback rating (one row per ticket: `ticket_feedback` is keyed by ticket). */
export function selectTickets(db: Database) {
  return db
    .select(ticketColumns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.requesterId))
    .leftJoin(assignee, eq(assignee.id, submissions.assigneeUserId))
    .leftJoin(roleGroups, eq(roleGroups.id, submissions.assigneeGroupId))
    .leftJoin(ticketFeedback, eq(ticketFeedback.ticketId, submissions.id));
}

/** {@link selectTickets} without `data`: the rows of the ticket list and its CSV export. */
export function selectTicketList(db: Database) {
  return db
    .select(ticketListColumns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.requesterId))
    .leftJoin(assignee, eq(assignee.id, submissions.assigneeUserId))
    .leftJoin(roleGroups, eq(roleGroups.id, submissions.assigneeGroupId))
    .leftJoin(ticketFeedback, eq(ticketFeedback.ticketId, submissions.id));
}

/** One row of {@link selectTickets}. */
export type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];
/** One row of {@link selectTicketList}. */
export type TicketListRow = Awaited<ReturnType<ReturnType<typeof selectTicketList>['execute']>>[number];

/** Maps a row to the API's {@link Ticket} (ISO 8601 UTC times; `isOverdue` as of now). */
export function toTicket(row: TicketRow, now = Date.now()): Ticket {
  return { ...toTicketListItem(row, now), data: row.data };
}

/** Maps a list row to a {@link TicketListItem} (ISO 8601 UTC times; `isOverdue` as of now). */
export function toTicketListItem(row: TicketListRow, now = Date.now()): TicketListItem {
  const status = row.status as TicketStatus;
  const dueAt = row.dueAt?.toISOString() ?? null;
  return {
    id: row.id,
    number: row.number,
    area: row.area,
    parentId: row.parentId,
    status,
    priority: row.priority as TicketPriority,
    property: row.propertyCode,
    summary: row.summary,
    schemaVersion: row.schemaVersion,
    requester: { id: row.requesterId, name: row.requesterName, email: row.requesterEmail },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    assigneeUser:
      row.assigneeUserId && row.assigneeUserName !== null
        ? { id: row.assigneeUserId, name: row.assigneeUserName, email: row.assigneeUserEmail }
        : null,
    assigneeGroup:
      row.assigneeGroupId && row.assigneeGroupName !== null
        ? { id: row.assigneeGroupId, name: row.assigneeGroupName }
        : null,
    dueAt,
    isOverdue: isOverdue({ status, dueAt }, now),
    rating: row.rating,
    sla: ticketSla(
      {
        firstResponseDueAt: row.slaFirstResponseDueAt,
        resolutionDueAt: row.slaResolutionDueAt,
        firstRespondedAt: row.slaFirstRespondedAt,
        resolvedAt: row.slaResolvedAt,
        pausedSince: row.slaPausedSince,
      },
      now,
    ),
  };
}

/** The ticket with this id if `user` may read it, else null (unknown, not a uuid, not visible). */
export async function findVisibleTicket(db: Database, user: AuthUser, id: string): Promise<TicketRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await selectTickets(db)
    .where(and(eq(submissions.id, id), ticketVisibility(user)))
    .limit(1);
  return row ?? null;
}

/**
 * Ticket `id` whoever may read it, or null: for another domain's change of a ticket it has already
 * checked (an approval decision), which announces `ticketChanged` with the row as it was.
 */
export async function readTicketRow(db: Database, id: string): Promise<TicketRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await selectTickets(db).where(eq(submissions.id, id)).limit(1);
  return row ?? null;
}

/** The strong ETag of a ticket version (RFC 9110 section 8.8.3): `"v<version>"`. */
export function ticketEtag(version: number): string {
  return `"v${version}"`;
}

/** The version named by an `If-Match` value (`"v3"` or `W/"v3"`), or null when it names none. */
export function versionFromIfMatch(header: string | undefined): number | null {
  const match = header === undefined ? null : /^\s*(?:W\/)?"v(\d{1,9})"\s*$/.exec(header);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/**
 * Tickets assigned to role group `groupId`, as a group reference: they keep a foreign key to the
 * group, so deleting it is refused with 409 naming how many there are.
 */
export async function ticketsAssignedToGroup(db: Database, groupId: string): Promise<GroupReference[]> {
  const [row] = await db.select({ n: count() }).from(submissions).where(eq(submissions.assigneeGroupId, groupId));
  const n = row?.n ?? 0;
  return n ? [{ kind: 'tickets assigned to it', name: `${n} ticket${n === 1 ? '' : 's'}` }] : [];
}
