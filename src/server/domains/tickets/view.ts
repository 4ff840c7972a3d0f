/**
 * One ticket as its view shows it: the ticket, its feedback, and what the reader may do on it
 * (their roles, the next statuses they may set, the fields they may change, whether they may write
 * internal comments, and the feedback form to rate it). The rules are in docs/behaviour.md
 * "Ticket transitions" and "Ticket changes".
 */
import type { AssigneeOptions } from '../../../shared/assignment';
import {
  allowedNextStatuses,
  DONE_STATUSES,
  TICKET_FIELD_ROLES,
  type Ticket,
  type TicketFeedbackRef,
  type TicketField,
  type TicketStatus,
} from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { assigneeOptions, type AuthUser } from '../role-groups';
import { myGroupIdList, ticketRoles } from '../submissions';
import { findTicketFeedback } from './feedback';
import { findVisibleTicket, toTicket, type TicketRow } from './repository';

/** The most users the ticket assignee picker lists (the rest are found by typing in the directory). */
const MAX_ASSIGNEE_USERS = 1000;

/**
 * `row` with its feedback and what `user` may do on it. `feedbackArea` is the key of the area that
 * rates tickets (area.json `ratesTicket`), if any: the requester of a Resolved or Closed ticket
 * without feedback gets a link to its form, pre-linked to the ticket.
 */
function withPermissions(
  user: AuthUser,
  groupIds: readonly string[],
  row: TicketRow,
  feedback: TicketFeedbackRef | null,
  feedbackArea: string | undefined,
): Ticket {
  const roles = ticketRoles(user, row, groupIds);
  const canRate =
    feedbackArea !== undefined &&
    feedback === null &&
    roles.includes('requester') &&
    DONE_STATUSES.includes(row.status as TicketStatus);
  const fields = (Object.keys(TICKET_FIELD_ROLES) as TicketField[]).filter((field) =>
    (TICKET_FIELD_ROLES[field] as readonly string[]).some((role) => (roles as string[]).includes(role)),
  );
  return {
    ...toTicket(row),
    feedback,
    allowed: {
      roles,
      nextStatuses: allowedNextStatuses(row.status as TicketStatus, roles),
      fields,
      canCommentInternal: roles.includes('handler'),
      feedbackForm: canRate ? `/${feedbackArea}/Form?ticket=${encodeURIComponent(row.number)}` : null,
    },
  };
}

/**
 * Ticket `id` as `user` sees it (see {@link withPermissions}). Errors: 404 `not_found` when the
 * ticket does not exist, `id` is not a uuid, or the user may not read it (the same answer for all
 * three, so an id does not reveal that someone else's ticket exists).
 */
export async function readTicket(
  db: Database,
  user: AuthUser,
  id: string,
  feedbackArea: string | undefined,
): Promise<Ticket> {
  const row = await findVisibleTicket(db, user, id);
  if (!row) throw notFound(`There is no ticket ${id} that you can see.`);
  const groupIds = await myGroupIdList(db, user);
  return withPermissions(user, groupIds, row, await findTicketFeedback(db, row.id), feedbackArea);
}

/** Users and role groups a ticket can be assigned to, by name (at most 1,000 users). */
export async function ticketAssigneeOptions(db: Database): Promise<AssigneeOptions> {
  return assigneeOptions(db, MAX_ASSIGNEE_USERS);
}
