/**
 * Assignment-rule payloads of `/api/assignment-rules` (docs/behaviour.md "Routing",
 * "Routing rules"). Times are ISO 8601 UTC strings.
 */
import type { PersonRef } from './submission';

/** A role group as shown on a rule or a ticket. */
export type GroupRef = { id: string; name: string };

/** The optional field condition: the submission's value at `pointer` (RFC 6901) equals `value`. */
export type FieldCondition = { pointer: string; value: string | number | boolean };

/** A stored routing rule, as listed (in `position` order, 1 first). */
export type AssignmentRule = {
  id: string;
  name: string;
  position: number;
  enabled: boolean;
  area: string;
  /** Property code the submission must carry, or null for any property. */
  property: string | null;
  field: FieldCondition | null;
  assigneeUser: PersonRef | null;
  assigneeGroup: GroupRef | null;
  /** Optimistic-concurrency version; send it back on every write (stale → 412). */
  version: number;
  createdAt: string;
  updatedAt: string;
};

/**
 * The body of `POST /api/assignment-rules` and `PUT /api/assignment-rules/:id` (the latter also
 * carries `version`). `field.pointer` may be a JSON Pointer (`/incidentType`) or a top-level field
 * name (`incidentType`). At least one of `assigneeUserId` / `assigneeGroupId` is required.
 */
export type AssignmentRuleInput = {
  name: string;
  enabled?: boolean;
  area: string;
  property?: string | null;
  field?: FieldCondition | null;
  assigneeUserId?: string | null;
  assigneeGroupId?: string | null;
};

/** `PUT /api/assignment-rules/order`: every rule id, in the new order. */
export type AssignmentRuleOrder = { ids: string[] };

/** One recent submission a rule would match (`…/preview`). */
export type PreviewMatch = {
  id: string;
  number: string;
  area: string;
  summary: string | null;
  property: string | null;
  status: string;
  createdAt: string;
};

/** `…/preview`: of the `examined` most recent submissions of the rule's area, those it matches. */
export type AssignmentPreview = { examined: number; matches: PreviewMatch[] };

/** `GET /api/assignment-rules/assignees`: who a rule may assign to. */
export type AssigneeOptions = { users: PersonRef[]; groups: GroupRef[] };

/** `GET /api/areas/:key/submissions/:id/assignment`: who a ticket is assigned to, and by which rule. */
export type SubmissionAssignment = {
  status: string;
  assigneeUser: PersonRef | null;
  assigneeGroup: GroupRef | null;
  rule: { id: string; name: string } | null;
};

/** How many recent submissions of the area a preview examines. */
export const PREVIEW_LIMIT = 50;
