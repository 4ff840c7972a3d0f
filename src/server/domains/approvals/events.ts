/**
 * What the approvals domain announces (lib/domain-events), inside the transaction that writes it:
 * a step starts waiting for a decision (`approvalRequested`, at submission and after each approval
 * that leads to another step) and a step was decided (`approvalDecided`). Status changes an
 * approval makes are also announced as the tickets domain's `ticketChanged`.
 */
import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';
import type { AuthUser } from '../role-groups';
import type { TicketEvents } from '../tickets';

/** The ticket an approval event is about. */
export type ApprovalTicketRef = { id: string; number: string; area: string; requesterId: string };

/** Who decides a step: the role group's id and its members' user ids, or the named approver's user id (null when unknown; no members). */
export type Approvers = { groupId: string | null; memberIds: readonly string[]; userId: string | null };

/** A step started waiting, to be decided by `approvers`. */
export type ApprovalRequested = {
  tx: Database;
  ticket: ApprovalTicketRef;
  step: { id: string; name: string };
  approvers: Approvers;
};

/** A step was decided; `final` when the request is now rejected or fully approved (routed). */
export type ApprovalDecided = {
  tx: Database;
  ticket: ApprovalTicketRef;
  step: { id: string; name: string };
  decision: 'approve' | 'reject';
  comment: string | null;
  actor: AuthUser;
  final: boolean;
};

/** The events of the approvals domain; listeners return nothing. */
export type ApprovalEvents = {
  approvalRequested: { event: ApprovalRequested; result: void };
  approvalDecided: { event: ApprovalDecided; result: void };
};

/** The bus as the approvals domain needs it: its own events and `ticketChanged`. */
export type ApprovalEventBus = Pick<DomainEvents<ApprovalEvents & TicketEvents>, 'emit'>;
