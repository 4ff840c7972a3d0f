/**
 * Wires the domains together at start, in one place: the app's domain-event bus (`app.events`,
 * lib/domain-events) with every reaction to what a domain announces, and the role-group
 * reference checks (`app.groupReferences`). Reading this file tells who reacts to what:
 *
 * - `submissionChecking`: ticket feedback objects to a rating of a ticket the requester may not rate;
 * - `submissionPlanning`, before the new row is written: approvals hold a submission one of its
 *   area's approval steps applies to (status Waiting for approval, not routed); any other is routed
 *   by the assignment rules (the approvals listener calls routing, so the order is plain); the
 *   insert writes the status and assignee they plan, then each plan writes its own rows (approval
 *   steps, the history entry);
 * - `submissionStarting` (next, with the status planned): the service-level clock's due times,
 *   written by the same insert (a held ticket's clock starts when its last approval routes it);
 * - `submissionCreated`: ticket feedback links a rating to the ticket it rates;
 * - `submissionSettled` (with the status and assignee the row holds): notifications tell the
 *   assignees and the resolver of a rated ticket (all inside the creating transaction);
 * - `ticketChanged`, `commentPosted`: the service-level clock moves (pauses, resumes, first
 *   response, resolution, reopening, priority), and notifications tell the new assignees and the
 *   requester, inside the changing transaction;
 * - `approvalRequested`, `approvalDecided`, `slaBreaching`: notifications tell the approvers, the
 *   requester, and the handlers of a ticket whose target is breaching or breached; every
 *   notification written tells each node's open notification streams (cluster topic
 *   `notifications`, when the transaction commits);
 * - `roleGroupsChanged`: the other API nodes are told to forget the access they remember (when the
 *   change commits; plugins/cluster-events.ts), and a node told so by another forgets its own;
 * - `assignmentRulesChanged`: likewise for the routing rules each node keeps (topic `rules`);
 * - deleting a role group is refused while routing rules or tickets are assigned to it.
 */
import { planApproval, type ApprovalEvents } from '../domains/approvals';
import { invalidateRoutingRules, planRouting, rulesAssigningTo, type AssignmentEvents } from '../domains/assignments';
import { GroupReferences, invalidateAccess, type RoleGroupEvents } from '../domains/role-groups';
import { advanceClockOnChange, advanceClockOnComment, startClockOnCreation, type SlaEvents } from '../domains/sla';
import {
  notifyOnApprovalDecided,
  notifyOnApprovalRequested,
  notifyOnCommentPosted,
  notifyOnSlaBreaching,
  notifyOnSubmissionSettled,
  notifyOnTicketChanged,
  type NotificationDeps,
} from '../domains/notifications';
import type { SubmissionEvents } from '../domains/submissions';
import {
  objectToFeedback,
  recordFeedbackOfSubmission,
  ticketsAssignedToGroup,
  type TicketEvents,
} from '../domains/tickets';
import { DomainEvents } from '../lib/domain-events';
import { sharedPlugin } from '../lib/shared-plugin';
import type { ClusterEvents } from './cluster-events';

/** Users per cluster message (uuids and commas: well below the message's limit). */
const USERS_PER_MESSAGE = 150;

/**
 * What the notification listeners need: `changed` publishes the users whose notifications changed
 * on the cluster topic `notifications` (every node, this one too, recounts their open streams
 * after the commit: plugins/notifications.ts).
 */
export function notificationDeps(cluster: ClusterEvents, publicUrl: string): NotificationDeps {
  return {
    publicUrl,
    async changed(tx, userIds) {
      for (let start = 0; start < userIds.length; start += USERS_PER_MESSAGE) {
        await cluster.publish(tx, 'notifications', userIds.slice(start, start + USERS_PER_MESSAGE).join(','));
      }
    },
  };
}

/** Every event the portal's domains announce. */
export type PortalEvents = SubmissionEvents &
  TicketEvents &
  RoleGroupEvents &
  AssignmentEvents &
  ApprovalEvents &
  SlaEvents;

/** See the module comment. Needs `app.db`, `app.cluster`, `app.slaPolicy` and `app.now`. */
export const domainsPlugin = sharedPlugin(async (app) => {
  const { cluster, db, slaPolicy, now } = app;
  const events = new DomainEvents<PortalEvents>();
  events.on('submissionChecking', objectToFeedback);
  events.on('submissionPlanning', planApproval(events, planRouting(db)));
  events.on('submissionStarting', startClockOnCreation(slaPolicy, now));
  events.on('submissionCreated', recordFeedbackOfSubmission);
  events.on('ticketChanged', advanceClockOnChange(slaPolicy, now));
  events.on('commentPosted', advanceClockOnComment(slaPolicy, now));
  const notifications = notificationDeps(app.cluster, app.config.publicUrl);
  events.on('submissionSettled', notifyOnSubmissionSettled(notifications));
  events.on('ticketChanged', notifyOnTicketChanged(notifications));
  events.on('commentPosted', notifyOnCommentPosted(notifications));
  events.on('approvalRequested', notifyOnApprovalRequested(notifications));
  events.on('approvalDecided', notifyOnApprovalDecided(notifications));
  events.on('slaBreaching', notifyOnSlaBreaching(notifications));
  events.on('roleGroupsChanged', ({ tx }) => cluster.publish(tx, 'access'));
  cluster.on('access', () => invalidateAccess(db));
  events.on('assignmentRulesChanged', ({ tx }) => cluster.publish(tx, 'rules'));
  cluster.on('rules', () => invalidateRoutingRules(db));

  const groupReferences = new GroupReferences();
  groupReferences.add(rulesAssigningTo);
  groupReferences.add(ticketsAssignedToGroup);

  app.decorate('events', events);
  app.decorate('groupReferences', groupReferences);
  await Promise.resolve();
});
