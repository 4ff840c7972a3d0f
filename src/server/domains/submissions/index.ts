/**
 * Submissions: creating one (and announcing it), reading and listing them, and who may read a
 * submission — the one visibility rule that tickets, history and attachments share.
 */
export { readMyActivity } from './activity';
export { listMyRequests } from './my-requests';
export { formAreaOverview } from './area-overview';
export { linkAttachments } from './attachment-links';
export { createSubmission } from './create';
export type {
  SubmissionAssignee,
  SubmissionClockColumns,
  SubmissionCreated,
  SubmissionDraft,
  SubmissionEvents,
  SubmissionPlan,
  SubmissionPlanning,
  SubmissionSettled,
  SubmissionStarting,
} from './events';
export { listSubmissions } from './list';
export { findVisibleSubmission, submissionColumns } from './repository';
export {
  assignedToMyGroups,
  historyVisibilityBranches,
  inAnyFirstPage,
  myGroupIdList,
  readableAreas,
  ticketHandling,
  ticketRoles,
  ticketVisibility,
  ticketVisibilityBranches,
  type HistoryBranch,
} from './visibility';
