/**
 * Routing of new submissions by assignment rules (docs/behaviour.md "Routing"): the enabled rules
 * of the submission's area are tried in `position` order and the FIRST one that matches assigns the
 * submission — assignee user and/or role group, status `Assigned`, the rule's id on the row — and
 * writes one `assigned` change naming the rule, in the caller's transaction.
 */
import { and, asc, eq } from 'drizzle-orm';
import { parsePointer } from '../../../shared/form-validation';
import type { JsonPrimitive, JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import { assignmentRules, changes, roleGroups, submissions, users } from '../../db/schema';
import type { SubmissionCreated } from '../submissions';

/** What a rule is matched against: the area, property code and data of a submission. */
export type RoutingTarget = { area: string; propertyCode: string | null; data: JsonValue };

/** The parts of a rule that decide whether it matches. */
export type RuleCondition = {
  area: string;
  propertyCode: string | null;
  fieldPointer: string | null;
  fieldValue: JsonValue | null;
};

/** The value at JSON Pointer `pointer` (RFC 6901) in `data`, or undefined when the path is absent. */
export function valueAtPointer(data: JsonValue, pointer: string): JsonValue | undefined {
  let current: JsonValue | undefined = data;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(current)) current = /^(0|[1-9]\d*)$/.test(token) ? current[Number(token)] : undefined;
    else if (current !== null && typeof current === 'object')
      current = Object.hasOwn(current, token) ? current[token] : undefined;
    else return undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

function sameValue(actual: JsonValue, expected: JsonPrimitive): boolean {
  if (typeof actual === 'string' && typeof expected === 'string') {
    return actual.trim().toLowerCase() === expected.trim().toLowerCase();
  }
  return actual === expected;
}

/**
 * True when `rule` matches `target`: same area; same property code when the rule names one; and,
 * when the rule has a field condition, the data's value at the pointer equals the rule's value
 * (strings compare trimmed and case-insensitively; an array value matches when one item does, so a
 * multi-select field matches any of its choices).
 */
export function ruleMatches(rule: RuleCondition, target: RoutingTarget): boolean {
  if (rule.area !== target.area) return false;
  if (rule.propertyCode !== null && rule.propertyCode !== target.propertyCode) return false;
  if (rule.fieldPointer === null) return true;
  const expected = rule.fieldValue;
  if (expected === null || typeof expected === 'object') return false;
  const actual = valueAtPointer(target.data, rule.fieldPointer);
  if (actual === undefined) return false;
  if (Array.isArray(actual)) return actual.some((item) => sameValue(item, expected));
  return sameValue(actual, expected);
}

/** The rule that assigned a submission. */
export type AppliedRule = {
  id: string;
  name: string;
  assigneeUserId: string | null;
  assigneeGroupId: string | null;
};

/**
 * Finds the first enabled rule of `target.area` (by position, then creation) that matches and has
 * an assignee left; null when none does.
 */
export async function findMatchingRule(db: Database, target: RoutingTarget): Promise<AppliedRule | null> {
  const rules = await db
    .select()
    .from(assignmentRules)
    .where(and(eq(assignmentRules.area, target.area), eq(assignmentRules.enabled, true)))
    .orderBy(asc(assignmentRules.position), asc(assignmentRules.createdAt), asc(assignmentRules.id));
  const rule = rules.find(
    (candidate) =>
      (candidate.assigneeUserId !== null || candidate.assigneeGroupId !== null) && ruleMatches(candidate, target),
  );
  if (!rule) return null;
  return {
    id: rule.id,
    name: rule.name,
    assigneeUserId: rule.assigneeUserId,
    assigneeGroupId: rule.assigneeGroupId,
  };
}

/**
 * Routes the new submission `submissionId` inside the creating transaction `tx`: with a matching
 * rule it sets the assignee(s), status `Assigned` and `assignment_rule_id`, and appends one
 * `assigned` change (actor `actorId`, the requester whose request triggered it) whose diff names the
 * rule. Returns the rule applied, or null (the submission stays `New`, nothing is written).
 */
export async function routeNewSubmission(
  tx: Database,
  submissionId: string,
  target: RoutingTarget,
  actorId: string,
): Promise<AppliedRule | null> {
  const rule = await findMatchingRule(tx, target);
  if (!rule) return null;
  await tx
    .update(submissions)
    .set({
      status: 'Assigned',
      assigneeUserId: rule.assigneeUserId,
      assigneeGroupId: rule.assigneeGroupId,
      assignmentRuleId: rule.id,
    })
    .where(eq(submissions.id, submissionId));
  // Same shape as a ticket edit's diff (domains/tickets/workflow.ts): `{ id, name }` references,
  // and only the assignees the rule sets, so the history reads "assigneeGroup: — → Maintenance".
  const diff: Record<string, { from: JsonValue; to: JsonValue }> = { status: { from: 'New', to: 'Assigned' } };
  if (rule.assigneeUserId) {
    const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, rule.assigneeUserId));
    diff.assigneeUser = { from: null, to: { id: rule.assigneeUserId, name: user?.name ?? rule.assigneeUserId } };
  }
  if (rule.assigneeGroupId) {
    const [group] = await tx
      .select({ name: roleGroups.name })
      .from(roleGroups)
      .where(eq(roleGroups.id, rule.assigneeGroupId));
    diff.assigneeGroup = { from: null, to: { id: rule.assigneeGroupId, name: group?.name ?? rule.assigneeGroupId } };
  }
  diff.rule = { from: null, to: { id: rule.id, name: rule.name } };
  await tx.insert(changes).values({ entity: 'submission', entityId: submissionId, actorId, action: 'assigned', diff });
  return rule;
}

/** `submissionCreated` listener: routes the new submission by the assignment rules ({@link routeNewSubmission}). */
export async function routeCreatedSubmission({ tx, submission, requester }: SubmissionCreated): Promise<void> {
  const target = { area: submission.area.key, propertyCode: submission.propertyCode, data: submission.data };
  await routeNewSubmission(tx, submission.id, target, requester.id);
}
