/**
 * What the tickets domain announces when a ticket changes (lib/domain-events). Other domains react
 * through the app's bus (`app.events`, wired in plugins/domains.ts): service levels recompute their
 * due times, notifications tell the people concerned. Both events are announced inside the
 * transaction that writes the change and its history row, so whatever a listener writes commits or
 * rolls back with it.
 */
import type { JsonValue } from '../../../shared/json';
import type { TicketRole } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';
import type { AuthUser } from '../role-groups';
import type { TicketRow } from './repository';

/** One changed ticket field as written to the history: `from` and `to` in their history form. */
export type TicketFieldChange = { from: unknown; to: unknown };

/**
 * A ticket's handler fields changed (`PATCH /api/tickets/{id}`, or another domain's transition such
 * as an approval decision). `diff` names only what changed, with the keys the history uses:
 * `status` ({from, to} status names), `priority`, `assigneeUser` and `assigneeGroup` ({id, name} or
 * null), `dueAt` (ISO 8601 or null).
 */
export type TicketChanged = {
  /** The changing transaction. */
  tx: Database;
  /** The ticket as it was read before the change. */
  before: TicketRow;
  diff: Record<string, TicketFieldChange>;
  /** Who made the change, and what they are to this ticket (empty for a change the portal makes itself). */
  actor: AuthUser;
  actorRoles: readonly TicketRole[];
};

/** A comment was posted on a ticket (not for an idempotent replay, which writes nothing). */
export type CommentPosted = {
  /** The posting transaction. */
  tx: Database;
  /** The ticket as it was read before the comment (a requester's reply may have moved its status: see `statusChange`). */
  ticket: TicketRow;
  /** `body` as stored: the rich-text value (see comment-body.ts). */
  comment: { id: string; isInternal: boolean; body: JsonValue };
  /** The status change the comment made (a requester's reply to Waiting on requester), if any. */
  statusChange: TicketFieldChange | null;
  actor: AuthUser;
  actorRoles: readonly TicketRole[];
};

/** The events of the tickets domain; listeners return nothing. */
export type TicketEvents = {
  ticketChanged: { event: TicketChanged; result: void };
  commentPosted: { event: CommentPosted; result: void };
};

/** The bus as the tickets domain needs it: any bus that carries at least its events. */
export type TicketEventBus = Pick<DomainEvents<TicketEvents>, 'emit'>;
