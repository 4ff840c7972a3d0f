/**
 * Approval steps of a form area (docs/behaviour.md "Approvals"): declared in
 * `schemas/<key>/area.json` under `"approvals"`, in order. A step applies to a submission when its
 * `when` holds (always, without one); the applying steps are decided one after another, and only
 * a fully approved submission is routed.
 *
 * ```json
 * "approvals": [
 *   { "id": "accounting", "name": "Accounting approval",
 *     "when": { "field": "/amount", "op": ">", "value": 5000 },
 *     "approvers": { "group": "Accounting" } }
 * ]
 * ```
 *
 * `when` uses the words of a `compare` rule (src/shared/area-rules.ts): `field` (a JSON Pointer),
 * `op` (`<` `<=` `>` `>=` `==` `!=`) and either `value` (a number, text or boolean) or `other` (a
 * second pointer), compared as that rule compares (numbers numerically, dates as dates, text as
 * text); `{ "any": [ … ] }` holds when one comparison does, `{ "all": [ … ] }` when every one does.
 * A comparison whose values are missing or of different kinds does not hold. `approvers` names a
 * role group (any member decides) or a field holding the approver's e-mail address.
 */
import { compareValues, jsonType, schemaAt, valueAt, type CompareOp } from './area-rules';
import { parsePointer } from './form-validation';
import type { JsonObject } from './json';

/** One comparison of a `when`: `field op value`, or `field op other` (another field). */
export type ApprovalComparison = {
  field: string;
  op: CompareOp;
  value?: number | string | boolean;
  other?: string;
};

/** When a step applies: one comparison, or any / all of several. */
export type ApprovalCondition = ApprovalComparison | { any: ApprovalComparison[] } | { all: ApprovalComparison[] };

/** Who decides a step: any member of a role group, or the person whose e-mail address a field holds. */
export type ApprovalApprovers = { group: string } | { field: string };

/** One entry of `area.json` `approvals`. */
export type ApprovalStepDeclaration = {
  /** Unique within the area: letters, digits, `-` and `_`. */
  id: string;
  name: string;
  when?: ApprovalCondition;
  approvers: ApprovalApprovers;
};

/** Pattern of a step id. */
export const APPROVAL_STEP_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';

/** Statuses of one stored step. `pending`: a later step not reached yet; `skipped`: its `when` did not hold. */
export const APPROVAL_STEP_STATUSES = ['pending', 'waiting', 'approved', 'rejected', 'skipped'] as const;
export type ApprovalStepStatus = (typeof APPROVAL_STEP_STATUSES)[number];

/** The state of a ticket's approval as a whole. */
export const APPROVAL_STATUSES = ['waiting', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The ticket status of a submission that waits for a decision (docs/behaviour.md "Approvals"). */
export const WAITING_FOR_APPROVAL = 'Waiting for approval' as const;
/** The (closed) ticket status of a rejected submission. */
export const REJECTED = 'Rejected' as const;

/** Who decides a step, as the API shows it: a role group's name, or an e-mail address. */
export type ApproverRef = { group: string | null; email: string | null };

/** One step of a ticket's approval. Times are ISO 8601 UTC. */
export type ApprovalStepView = {
  id: string;
  name: string;
  approvers: ApproverRef;
  status: ApprovalStepStatus;
  decidedBy: { id: string; name: string } | null;
  decidedAt: string | null;
  /** The approver's comment; on a rejection, the reason. */
  comment: string | null;
};

/**
 * `approval` of `GET /api/tickets/{id}` and of a submission's detail: null when no step applied.
 * `canDecide`: the reader may decide the waiting step now.
 */
export type TicketApproval = { status: ApprovalStatus; steps: ApprovalStepView[]; canDecide: boolean };

/**
 * `POST /api/tickets/{id}/approval` body. A rejection needs a reason (`comment`). `version` is the
 * ticket version read, unless the `If-Match` header carries its ETag (as `PATCH` takes them).
 */
export type ApprovalDecisionBody = { decision: 'approve' | 'reject'; comment?: string; version?: number };

/** The longest comment or reason, in characters. */
export const APPROVAL_COMMENT_MAX = 2000;

/** One request that waits on the caller (`GET /api/approvals`). */
export type ApprovalQueueItem = {
  ticketId: string;
  number: string;
  area: string;
  summary: string | null;
  requester: { id: string; name: string };
  step: { id: string; name: string };
  /** When the step started waiting (ISO 8601 UTC). */
  waitingSince: string;
  /** The ticket's version, for `If-Match`. */
  version: number;
};

/** `GET /api/approvals`: oldest first. */
export type ApprovalQueuePage = { items: ApprovalQueueItem[]; nextCursor: string | null };

function comparisonHolds(comparison: ApprovalComparison, data: unknown): boolean {
  const left = valueAt(data, parsePointer(comparison.field));
  const right = comparison.other !== undefined ? valueAt(data, parsePointer(comparison.other)) : comparison.value;
  if (typeof left === 'boolean' || typeof right === 'boolean') {
    if (typeof left !== 'boolean' || typeof right !== 'boolean') return false;
    if (comparison.op === '==') return left === right;
    if (comparison.op === '!=') return left !== right;
    return false;
  }
  return compareValues(left, comparison.op, right) === true;
}

/** True when `when` holds for `data` (always without a `when`); see the module comment. */
export function approvalConditionHolds(when: ApprovalCondition | undefined, data: unknown): boolean {
  if (when === undefined) return true;
  if ('any' in when) return when.any.some((comparison) => comparisonHolds(comparison, data));
  if ('all' in when) return when.all.every((comparison) => comparisonHolds(comparison, data));
  return comparisonHolds(when, data);
}

function comparisonProblems(comparison: ApprovalComparison, schema: JsonObject): string[] {
  const problems: string[] = [];
  const typeOf = (name: string): string | undefined | null => {
    if (!name.startsWith('/')) {
      problems.push(`"${name}" is not a JSON Pointer (write "/${name}")`);
      return null;
    }
    const found = schemaAt(schema, parsePointer(name));
    if (!found) {
      problems.push(`"${name}" is not a property of the schema`);
      return null;
    }
    return jsonType(found);
  };
  if ((comparison.value === undefined) === (comparison.other === undefined)) {
    problems.push(`compares "${comparison.field}" with a "value" or an "other" field: give exactly one`);
  }
  const left = typeOf(comparison.field);
  const right =
    comparison.other !== undefined
      ? typeOf(comparison.other)
      : comparison.value === undefined
        ? null
        : typeof comparison.value;
  if (left && right && left !== right) {
    problems.push(
      `compares "${comparison.field}" (${left}) with ${comparison.other !== undefined ? `"${comparison.other}"` : JSON.stringify(comparison.value)} (${right}); the condition would never hold`,
    );
  }
  if (left === 'boolean' && !['==', '!='].includes(comparison.op)) {
    problems.push(`"${comparison.field}" is a boolean: compare it with "==" or "!="`);
  }
  return problems;
}

/**
 * Checks `steps` (an area's `approvals`) against `schema`: unique ids, conditions that name
 * properties of the schema with values of their type, and an approver field that is a top-level
 * text property with `"format": "email"`. Role groups are data (they may be created later) and are
 * not checked. Returns `[pointer, message]` per problem, pointers into `area.json`.
 */
export function describeApprovalProblems(
  steps: readonly ApprovalStepDeclaration[],
  schema: JsonObject,
): [string, string][] {
  const problems: [string, string][] = [];
  const seen = new Set<string>();
  steps.forEach((step, index) => {
    const at = `/approvals/${index}`;
    if (seen.has(step.id)) problems.push([`${at}/id`, `"${step.id}" is the id of an earlier step; ids must be unique`]);
    seen.add(step.id);
    const { when } = step;
    if (when !== undefined) {
      const comparisons = 'any' in when ? when.any : 'all' in when ? when.all : [when];
      for (const problem of comparisons.flatMap((comparison) => comparisonProblems(comparison, schema))) {
        problems.push([`${at}/when`, problem]);
      }
    }
    if ('field' in step.approvers) {
      const { field } = step.approvers;
      const found = field.startsWith('/') ? schemaAt(schema, parsePointer(field)) : null;
      const topLevel = parsePointer(field.startsWith('/') ? field : '/').length === 1;
      if (!found || !topLevel || found.type !== 'string' || found.format !== 'email') {
        problems.push([
          `${at}/approvers/field`,
          `"${field}" is not a top-level text property with "format": "email" (the approver's e-mail address)`,
        ]);
      }
    }
  });
  return problems;
}
