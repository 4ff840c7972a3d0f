/**
 * Calls of `/api/assignment-rules` (the routing rules of `/Assignments`) and of a submission's assignment.
 * Writes send the version the page read; a stale one answers 412 (see `isStaleError`).
 */
import { isHTTPError } from 'ky';
import type {
  AssigneeOptions,
  AssignmentPreview,
  AssignmentRule,
  AssignmentRuleInput,
  SubmissionAssignment,
} from '../../../shared/assignment';
import { api } from '../../lib/http';

const BASE = 'assignment-rules';

/** True when `error` is a 412 answer: someone else changed the rule (or the list) first. */
export function isStaleError(error: unknown): boolean {
  return isHTTPError(error) && error.response.status === 412;
}

/** `GET /api/assignment-rules`: every rule, in order. */
export function fetchRules(signal?: AbortSignal): Promise<AssignmentRule[]> {
  return api.get(BASE, { signal }).json<AssignmentRule[]>();
}

/** `GET /api/assignment-rules/assignees`: users and role groups a rule may name. */
export function fetchAssignees(signal?: AbortSignal): Promise<AssigneeOptions> {
  return api.get(`${BASE}/assignees`, { signal }).json<AssigneeOptions>();
}

/** `POST /api/assignment-rules`: 201 with the rule (last in order); 422 per field. */
export function createRule(input: AssignmentRuleInput): Promise<AssignmentRule> {
  return api.post(BASE, { json: input }).json<AssignmentRule>();
}

/** `PUT /api/assignment-rules/:id` with the version read; 412 when stale. */
export function updateRule(id: string, version: number, input: AssignmentRuleInput): Promise<AssignmentRule> {
  return api.put(`${BASE}/${encodeURIComponent(id)}`, { json: { ...input, version } }).json<AssignmentRule>();
}

/** `PUT /api/assignment-rules/:id/enabled`; 412 when stale. */
export function setRuleEnabled(rule: AssignmentRule, enabled: boolean): Promise<AssignmentRule> {
  return api
    .put(`${BASE}/${encodeURIComponent(rule.id)}/enabled`, { json: { enabled, version: rule.version } })
    .json<AssignmentRule>();
}

/** `DELETE /api/assignment-rules/:id?version=`; 412 when stale. */
export async function deleteRule(rule: AssignmentRule): Promise<void> {
  await api.delete(`${BASE}/${encodeURIComponent(rule.id)}`, { searchParams: { version: rule.version } });
}

/** `PUT /api/assignment-rules/order`: every rule id in the new order → the reordered list. */
export function reorderRules(ids: string[]): Promise<AssignmentRule[]> {
  return api.put(`${BASE}/order`, { json: { ids } }).json<AssignmentRule[]>();
}

/** `POST /api/assignment-rules/preview`: which recent submissions the (unsaved) rule would match. */
export function previewRule(input: AssignmentRuleInput): Promise<AssignmentPreview> {
  return api.post(`${BASE}/preview`, { json: input }).json<AssignmentPreview>();
}

/** `GET /api/areas/:key/submissions/:id/assignment`: assignee and the rule that routed the ticket. */
export function fetchSubmissionAssignment(
  area: string,
  id: string,
  signal?: AbortSignal,
): Promise<SubmissionAssignment> {
  return api
    .get(`areas/${encodeURIComponent(area)}/submissions/${encodeURIComponent(id)}/assignment`, { signal })
    .json<SubmissionAssignment>();
}
