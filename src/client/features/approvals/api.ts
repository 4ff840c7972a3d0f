/** Calls of the approvals feature (`/api/approvals`, `/api/tickets/{id}/approval`); shapes from src/shared/approvals.ts. */
import { api } from '../../lib/http';
import type { ApprovalDecisionBody, ApprovalQueuePage } from '../../../shared/approvals';

/** One page of the requests waiting on the signed-in user, oldest first. */
export function fetchWaitingApprovals(cursor: string | null, signal?: AbortSignal): Promise<ApprovalQueuePage> {
  return api.get('approvals', { searchParams: cursor ? { cursor } : {}, signal }).json<ApprovalQueuePage>();
}

/**
 * Decides the step ticket `id` waits on; `version` is the ticket version the user saw. Throws ky's
 * HTTPError (403 not an approver, 409 decided meanwhile, 412 changed meanwhile, 422 no reason).
 */
export async function decideApproval(id: string, version: number, body: ApprovalDecisionBody): Promise<void> {
  await api.post(`tickets/${id}/approval`, { json: { ...body, version } });
}
