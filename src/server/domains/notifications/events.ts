/**
 * The payloads of the events notifications react to that other domains announce later
 * (approvals: `approvalRequested`, `approvalDecided`; service levels: `slaBreaching`). Declared
 * here, as the shared contract words them, until those domains exist on main; then their own
 * `events.ts` types replace these (plugins/domains.ts wires them).
 */
import type { Database } from '../../db/client';
import type { AuthUser } from '../role-groups';

/** The ticket an approval or service-level event is about. */
type TicketRef = { id: string; number: string; area: string };

/** An approval step started waiting: on its approvers' role group, or on one named user. */
export type ApprovalRequested = {
  tx: Database;
  ticket: TicketRef & { requesterId: string };
  step: { id: string; name: string };
  approvers: { groupId: string | null; userId: string | null };
};

/** An approver decided a step; `final` when the request is now rejected or fully approved. */
export type ApprovalDecided = {
  tx: Database;
  ticket: TicketRef & { requesterId: string };
  step: { id: string; name: string };
  decision: 'approve' | 'reject';
  comment: string | null;
  actor: AuthUser;
  final: boolean;
};

/** A service-level target of a ticket will be missed within the hour (`breaching`) or was (`breached`). */
export type SlaBreaching = {
  tx: Database;
  ticket: TicketRef & { assigneeUserId: string | null; assigneeGroupId: string | null };
  target: 'firstResponse' | 'resolution';
  /** ISO 8601. */
  dueAt: string;
  state: 'breaching' | 'breached';
};

/** The events above, in the bus's shape (lib/domain-events); listeners return nothing. */
export type NotificationSourceEvents = {
  approvalRequested: { event: ApprovalRequested; result: void };
  approvalDecided: { event: ApprovalDecided; result: void };
  slaBreaching: { event: SlaBreaching; result: void };
};
