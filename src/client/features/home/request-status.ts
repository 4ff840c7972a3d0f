/**
 * How the "My requests" page tells a requester where their request stands: the status in words and
 * who it is waiting for, never handler jargon (docs/behaviour.md "My requests").
 */
import type { MyRequest } from '../../../shared/activity';

/** The status of a request in the requester's words. Unknown statuses are shown as they are. */
export function statusInWords(status: string): string {
  switch (status) {
    case 'New':
      return 'Received';
    case 'Assigned':
      return 'Assigned to a team';
    case 'In progress':
      return 'Being worked on';
    case 'Waiting on requester':
      return 'Needs your reply';
    case 'Waiting for approval':
      return 'Waiting for approval';
    case 'Resolved':
      return 'Resolved';
    case 'Closed':
      return 'Closed';
    case 'Rejected':
      return 'Not approved';
    default:
      return status;
  }
}

/** Who or what the request waits for now, as a sentence; null once it is finished. */
export function waitingFor(request: Pick<MyRequest, 'status' | 'assigneeGroup'>): string | null {
  const team = request.assigneeGroup ? `the ${request.assigneeGroup} team` : 'the team';
  const status: string = request.status;
  switch (status) {
    case 'New':
      return 'Waiting for a team to pick it up.';
    case 'Assigned':
    case 'In progress':
      return `Waiting for ${team}.`;
    case 'Waiting on requester':
      return 'Waiting for you: reply with a comment to continue.';
    case 'Waiting for approval':
      return 'Waiting for an approver.';
    case 'Resolved':
      return 'Waiting for you: close it, rate it, or reopen it if the problem is back.';
    default:
      return null;
  }
}

/** What the last update was, in words ("changed the status", "commented"); the actor goes before it. */
export function updateInWords(action: string): string {
  switch (action) {
    case 'created':
      return 'submitted the request';
    case 'status':
      return 'changed the status';
    case 'assigned':
      return 'assigned the request';
    case 'commented':
      return 'commented';
    case 'approved':
      return 'approved the request';
    case 'rejected':
      return 'did not approve the request';
    case 'feedback':
      return 'rated the request';
    default:
      return 'updated the request';
  }
}
