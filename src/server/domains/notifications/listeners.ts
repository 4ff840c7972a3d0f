/**
 * The notification listeners, one factory per event (wired in plugins/domains.ts). Who is told
 * what (docs/behaviour.md "Notifications"), never the one who acted:
 *
 * - `submissionSettled`: routing assigned the new ticket (the assignee its creating transaction
 *   settled) → its assignee user and the members of its assignee group; a feedback that rates a ticket →
 *   whoever last moved that ticket to Resolved.
 * - `ticketChanged`: a new assignee user or group → that user, the group's members; a status
 *   change → the requester (except the changes an approval decision makes: `approvalDecided`
 *   tells those).
 * - `commentPosted`: a public comment → the requester. An internal comment notifies nobody.
 * - `approvalRequested` → the named approver, else the approvers' group (not the requester);
 *   `approvalDecided`, once final (rejected, or approved at the last step) → the requester.
 * - `slaBreaching` → the assignee user, else the members of the assignee group.
 */
import { isJsonObject, type JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import type { SubmissionSettled } from '../submissions';
import type { TicketStatus } from '../../../shared/submission';
import { lastResolverId, ratedTicketOf, type CommentPosted, type TicketChanged } from '../tickets';
import type { ApprovalDecided, ApprovalRequested, SlaBreaching } from './events';
import { notify, type NotificationDeps } from './notify';

/** Statuses only an approval decision moves a ticket out of or into (the approvals domain's). */
const APPROVAL_FROM: TicketStatus = 'Waiting for approval';
const APPROVAL_TO: TicketStatus = 'Rejected';

/** The readable text of a stored comment body: a rich-text document's text, or an HTML string without tags. */
export function plainText(value: JsonValue): string {
  if (typeof value === 'string')
    return value
      .replace(/<[^>]*>/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .trim();
  const blocks: string[] = [];
  const walk = (node: JsonValue, out: string[]) => {
    if (Array.isArray(node)) for (const child of node) walk(child, out);
    else if (isJsonObject(node)) {
      if (typeof node.text === 'string') out.push(node.text);
      if (node.children !== undefined) walk(node.children, out);
    }
  };
  for (const block of Array.isArray(value) ? value : [value]) {
    const parts: string[] = [];
    walk(block, parts);
    if (parts.join('').trim()) blocks.push(parts.join(''));
  }
  return blocks.join('\n');
}

function idOf(value: unknown): string | null {
  return isJsonObject(value) && typeof (value as { id?: unknown }).id === 'string'
    ? (value as { id: string }).id
    : null;
}

function nameOf(value: unknown): string {
  const name = isJsonObject(value) ? (value as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : 'your group';
}

/** Tells the assignee user, then the assignee group's members (one notification each), of an assignment. */
async function notifyAssigned(
  tx: Database,
  deps: NotificationDeps,
  eventKey: string,
  actorId: string | null,
  ticket: { id: string; number: string; area: string; summary: string | null },
  userId: string | null,
  group: { id: string; name: string } | null,
): Promise<void> {
  const text = ticket.summary ?? '';
  const ref = { id: ticket.id, number: ticket.number, area: ticket.area };
  if (userId) {
    await notify(tx, deps, [userId], actorId, {
      kind: 'assigned',
      eventKey,
      ticket: ref,
      title: `${ticket.number} was assigned to you`,
      text,
    });
  }
  if (group) {
    await notify(tx, deps, { groupId: group.id }, actorId, {
      kind: 'assigned',
      eventKey,
      ticket: ref,
      title: `${ticket.number} was assigned to ${group.name}`,
      text,
    });
  }
}

/** `submissionSettled` listener (see the module comment). */
export function notifyOnSubmissionSettled(deps: NotificationDeps) {
  return async ({ tx, submission, requester }: SubmissionSettled): Promise<void> => {
    const { assignee } = submission;
    if (assignee && (assignee.userId || assignee.groupId)) {
      const group = assignee.groupId ? { id: assignee.groupId, name: assignee.groupName ?? 'your group' } : null;
      const ticket = {
        id: submission.id,
        number: submission.number,
        area: submission.area.key,
        summary: submission.summary,
      };
      await notifyAssigned(tx, deps, `submission:${submission.id}`, requester.id, ticket, assignee.userId, group);
    }
    if (!submission.area.ratesTicket) return;
    const rated = await ratedTicketOf(tx, submission.id);
    if (!rated) return;
    const resolver = await lastResolverId(tx, rated.ticketId);
    if (!resolver) return;
    await notify(tx, deps, [resolver], requester.id, {
      kind: 'rated',
      eventKey: `feedback:${submission.id}`,
      ticket: { id: rated.ticketId, number: rated.number, area: rated.area },
      title: `${requester.name} rated ${rated.number}${rated.rating === null ? '' : ` ${rated.rating}/5`}`,
      text: `Feedback ${submission.number}`,
    });
  };
}

/** `ticketChanged` listener (see the module comment). */
export function notifyOnTicketChanged(deps: NotificationDeps) {
  return async ({ tx, before, diff, actor }: TicketChanged): Promise<void> => {
    const ticket = { id: before.id, number: before.number, area: before.area, summary: before.summary };
    const key = `change:${before.id}:${before.version}`;
    const userId = diff.assigneeUser ? idOf(diff.assigneeUser.to) : null;
    const groupId = diff.assigneeGroup ? idOf(diff.assigneeGroup.to) : null;
    const group = groupId ? { id: groupId, name: nameOf(diff.assigneeGroup?.to) } : null;
    await notifyAssigned(tx, deps, key, actor.id, ticket, userId, group);
    const status = diff.status;
    if (status && status.from !== APPROVAL_FROM && status.to !== APPROVAL_TO) {
      await notify(tx, deps, [before.requesterId], actor.id, {
        kind: 'statusChanged',
        eventKey: key,
        ticket,
        title: `Your request ${before.number} is now ${String(status.to)}`,
        text: before.summary ?? '',
      });
    }
  };
}

/** `commentPosted` listener (see the module comment). */
export function notifyOnCommentPosted(deps: NotificationDeps) {
  return async ({ tx, ticket, comment, actor }: CommentPosted): Promise<void> => {
    if (comment.isInternal) return;
    await notify(tx, deps, [ticket.requesterId], actor.id, {
      kind: 'commented',
      eventKey: `comment:${comment.id}`,
      ticket: { id: ticket.id, number: ticket.number, area: ticket.area },
      title: `${actor.name} commented on your request ${ticket.number}`,
      text: plainText(comment.body),
    });
  };
}

/** `approvalRequested` listener (see the module comment). */
export function notifyOnApprovalRequested(deps: NotificationDeps) {
  return async ({ tx, ticket, step, approvers }: ApprovalRequested): Promise<void> => {
    const recipients = approvers.userId ? [approvers.userId] : approvers.memberIds;
    await notify(
      tx,
      deps,
      recipients.filter((id) => id !== ticket.requesterId),
      null,
      {
        kind: 'approvalRequested',
        eventKey: `approval:${ticket.id}:${step.id}`,
        ticket,
        title: `${ticket.number} waits for your approval`,
        text: `Approval step: ${step.name}`,
      },
    );
  };
}

/** `approvalDecided` listener (see the module comment). */
export function notifyOnApprovalDecided(deps: NotificationDeps) {
  return async ({ tx, ticket, step, decision, comment, actor, final }: ApprovalDecided): Promise<void> => {
    if (!final) return;
    const verb = decision === 'approve' ? 'approved' : 'rejected';
    await notify(tx, deps, [ticket.requesterId], actor.id, {
      kind: 'approvalDecided',
      eventKey: `approval:${ticket.id}:${step.id}:${decision}`,
      ticket,
      title: `Your request ${ticket.number} was ${verb}`,
      text: [`${actor.name} ${verb} it (${step.name}).`, comment ?? ''].filter(Boolean).join('\n'),
    });
  };
}

const TARGET_LABELS = { firstResponse: 'first response', resolution: 'resolution' } as const;

/** `slaBreaching` listener (see the module comment). */
export function notifyOnSlaBreaching(deps: NotificationDeps) {
  return async ({ tx, ticket, target, dueAt, state }: SlaBreaching): Promise<void> => {
    const recipients = ticket.assigneeUserId
      ? [ticket.assigneeUserId]
      : ticket.assigneeGroupId
        ? { groupId: ticket.assigneeGroupId }
        : [];
    const label = TARGET_LABELS[target];
    await notify(tx, deps, recipients, null, {
      kind: 'slaBreaching',
      eventKey: `sla:${ticket.id}:${target}:${state}:${dueAt}`,
      ticket: { id: ticket.id, number: ticket.number, area: ticket.area },
      title:
        state === 'breaching' ? `${ticket.number}: ${label} due within the hour` : `${ticket.number}: ${label} overdue`,
      text: `Due ${dueAt.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC')}.`,
    });
  };
}
