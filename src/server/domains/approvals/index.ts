/**
 * Approvals: the approval steps a submission passes before it is routed (area.json `approvals`,
 * src/shared/approvals.ts; docs/behaviour.md "Approvals") — holding a new submission for approval
 * (the `submissionPlanning` listener, in place of routing), deciding a step, a ticket's approval, and
 * what waits on a user. Announces `approvalRequested` and `approvalDecided`.
 */
export { decideApproval } from './decide';
export type { ApprovalDecided, ApprovalEvents, ApprovalRequested } from './events';
export { listWaitingApprovals } from './queue';
export { planApproval, readApproval } from './steps';
